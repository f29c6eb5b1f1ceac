import SourceText
import YAMLTree

/// What the editor's features need of one document's tree: the registry entries it defines, the references
/// it makes, and its outline. Offsets are byte offsets into `lines.bytes`.
struct ManifestIndex {
    /// A registry key defined in the document.
    struct Definition {
        let registry: Registry
        let key: String
        /// The key's text (without quotes).
        let keyRange: Range<Int>
        /// The entry: from the start of its key's line to the end of its value.
        let entryRange: Range<Int>
        /// The entry's value node.
        let valueRange: Range<Int>
    }

    /// A value that names a registry entry.
    struct Reference {
        let registry: Registry
        let key: String
        /// The value's text (without quotes).
        let range: Range<Int>
    }

    let uri: String
    let lines: LineIndex
    let root: YAMLNode?
    private(set) var definitions: [Definition] = []
    private(set) var references: [Reference] = []
    /// Every version string with its range.
    private(set) var versions: [(text: String, range: Range<Int>)] = []
    /// The locales the document's texts use.
    private(set) var locales: Set<String> = []

    init(uri: String, name: String, bytes: [UInt8]) {
        self.uri = uri
        let file = SourceFile(name: name, contents: bytes)
        lines = LineIndex(file.bytes)
        root = YAMLParser.parse(file, format: file.format).root
        guard let root, case .mapping(let top) = root.content else { return }
        for pair in top {
            guard let key = pair.key.scalar?.text else { continue }
            if let registry = Registry(rawValue: key), case .mapping(let entries) = pair.value.content {
                for entry in entries {
                    guard let name = entry.key.scalar?.text else { continue }
                    let lineStart = lines.lineStarts[lines.position(of: entry.key.startOffset).line]
                    definitions.append(Definition(registry: registry, key: name, keyRange: Self.innerRange(of: entry.key),
                                                  entryRange: lineStart..<entry.value.endOffset, valueRange: entry.value.startOffset..<entry.value.endOffset))
                    collect(entry.value, key: nil, depth: 0)
                }
                continue
            }
            if key == "defaults", let locale = pair.value["locale"]?.scalar?.text { locales.insert(locale) }
            collect(pair.value, key: key, depth: 0)
        }
    }

    /// The text range of a scalar without its quotes.
    static func innerRange(of node: YAMLNode) -> Range<Int> {
        let start = node.startOffset, end = node.endOffset
        if let style = node.scalar?.style, style == .singleQuoted || style == .doubleQuoted, end - start >= 2 { return (start + 1)..<(end - 1) }
        return start..<end
    }

    private static let textKeys: Set<String> = ["title", "subtitle", "summary", "alt", "body", "message"]

    private mutating func collect(_ node: YAMLNode, key: String?, depth: Int) {
        guard depth < 64 else { return }
        switch node.content {
        case .scalar(let scalar):
            if key == "version" { versions.append((scalar.text, node.startOffset..<node.endOffset)) }
        case .sequence(let sequence):
            for element in sequence { collect(element, key: nil, depth: depth + 1) }
        case .mapping(let mapping):
            for pair in mapping {
                guard let name = pair.key.scalar?.text else { continue }
                if let registry = Registry(referringKey: name), let scalar = pair.value.scalar, scalar.kind == .string {
                    references.append(Reference(registry: registry, key: scalar.text, range: Self.innerRange(of: pair.value)))
                    continue
                }
                if Self.textKeys.contains(name), case .mapping(let texts) = pair.value.content {
                    for text in texts { if let locale = text.key.scalar?.text { locales.insert(locale) } }
                }
                collect(pair.value, key: name, depth: depth + 1)
            }
        }
    }

    /// The definition or reference at a byte offset.
    func symbol(at offset: Int) -> (registry: Registry, key: String)? {
        if let definition = definitions.first(where: { $0.keyRange.contains(offset) || $0.keyRange.upperBound == offset }) {
            return (definition.registry, definition.key)
        }
        if let reference = references.first(where: { $0.range.contains(offset) || $0.range.upperBound == offset }) {
            return (reference.registry, reference.key)
        }
        return nil
    }

    func textRange(_ range: Range<Int>) -> TextRange {
        TextRange(start: lines.position(of: range.lowerBound), end: lines.position(of: range.upperBound))
    }

    func text(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, lines.bytes.count))
        let upper = max(lower, min(range.upperBound, lines.bytes.count))
        return String(decoding: lines.bytes[lower..<upper], as: UTF8.self)
    }

    func location(_ range: Range<Int>) -> JSON {
        .object([("uri", .string(uri)), ("range", textRange(range).json)])
    }
}
