import YAMLTree
import SourceText
import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewText

/// Reads values out of one file's tree, reporting every problem where it is and going on.
struct DecodingContext {
    let file: SourceFile
    let engine: DiagnosticEngine
    /// The file's number and bytes, which every location and written text names: taken once, so that
    /// decoding a value counts no reference on the file.
    let fileID: SourceFileID
    let source: [UInt8]
    /// The features' `platforms` lists, each distinct one kept once.
    let platformLists = PlatformLists()

    init(file: SourceFile, engine: DiagnosticEngine) {
        self.file = file
        self.engine = engine
        fileID = file.id
        source = file.bytes
    }

    func location(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(fileID: fileID, startOffset: node.startOffset, endOffset: node.endOffset)
    }

    /// Reports an error at `node`; its message, fix and notes are made only when the engine keeps it (see
    /// `DiagnosticEngine.report(_:code:file:at:subject:_:)`).
    func error(_ code: DiagnosticCode, _ message: @autoclosure () -> String, at node: YAMLNode, fix: @autoclosure () -> String? = nil,
               notes: @autoclosure () -> [Diagnostic.Note] = [], subject: String? = nil) {
        // The context holds the file: the diagnostic's place is made from it and the start found once, not looked
        // up again in the file table through `location(node)`.
        let start = file.mark(atOffset: node.startOffset)
        engine.report(.error, code: code, file: file, at: start, subject: subject) {
            var diagnostic = Diagnostic(.error, code: code, message: message(), file: file,
                                        range: SourceRange(start: start, end: file.mark(atOffset: node.endOffset)), notes: notes(), fix: fix())
            diagnostic.subject = subject
            return diagnostic
        }
    }

    func typeMismatch(_ node: YAMLNode, expected: String, for name: @autoclosure () -> String) {
        error(.typeMismatch, "expected \(expected) for '\(name())', found \(node.kindDescription)", at: node,
              fix: Self.quotingFix(node, expected: expected))
    }

    /// For a `true` or `null` where a string belongs, how to keep it as text.
    private static func quotingFix(_ node: YAMLNode, expected: String) -> String? {
        guard let scalar = node.scalar, scalar.style == .plain, scalar.kind == .bool || scalar.kind == .null, expected.contains("string") else {
            return nil
        }
        return "quote it to keep the text: '\"\(scalar.text)\"'"
    }

    /// The pairs of a mapping whose keys are all known, reporting unknown keys with a suggestion.
    /// Returns nil (after reporting) when the node is not a mapping. (Names are built only for a message:
    /// decoding asks for them at every value.)
    func fields(_ node: YAMLNode, of name: @autoclosure () -> String, allowed: [String], expected: String = "a mapping") -> Fields? {
        guard let mapping = node.mapping else {
            typeMismatch(node, expected: expected, for: name())
            return nil
        }
        var fields = Fields(node: node, mapping: mapping, allowed: allowed)
        for index in mapping.indices {
            // The key's bytes are compared with the allowed keys in place; a string is made only for a message.
            let key = mapping.key(at: index)
            let slot = key.withScalarUTF8 { key in allowed.firstIndex { $0.hasUTF8(key) } } ?? nil
            guard let slot else {
                reportUnknownKey(key, in: name(), allowed: allowed)
                continue
            }
            fields.found(slot, at: index)
        }
        return fields
    }

    /// A key `fields` does not know: not a string, or not one of `allowed`.
    private func reportUnknownKey(_ keyNode: YAMLNode, in name: String, allowed: [String]) {
        guard let key = keyNode.scalar, key.kind != .null || !key.text.isEmpty else {
            error(.typeMismatch, "expected a string key in '\(name)', found \(keyNode.kindDescription)", at: keyNode)
            return
        }
        error(.unknownKey, "unknown key '\(key.text)' in '\(name)'\(Suggestion.phrase(for: key.text, in: allowed))",
              at: keyNode, fix: "known keys: " + allowed.filter { $0 != "$schema" }.joined(separator: ", "))
    }

    /// The registry key a reference names, when `node` is one: a string, or a plain number by its literal
    /// text (`image: 1.10` names the key "1.10", as it does in JSON); nil for anything else.
    func referenceKey(_ node: YAMLNode) -> String? {
        guard let scalar = node.scalar, scalar.kind == .string || scalar.isNumber else { return nil }
        return scalar.text
    }

    /// A string: a string scalar, or a plain number whose literal text is kept (`1.10` stays "1.10").
    func string(_ node: YAMLNode, for name: @autoclosure () -> String) -> String? {
        guard let scalar = node.scalar, scalar.kind == .string || scalar.isNumber else {
            typeMismatch(node, expected: "a string", for: name())
            return nil
        }
        return scalar.text
    }

    /// Where a string or number scalar is written, when its text is its bytes in the file as they are.
    func writtenText(_ node: YAMLNode) -> WrittenText? {
        guard let written = node.verbatimText, node.shape == .string || node.shape == .int || node.shape == .float else { return nil }
        return WrittenText(source: source, bytes: written)
    }

    /// `string(_:for:)`, kept as where it is written when it is written as it is (see `KeptText`).
    func keptString(_ node: YAMLNode, for name: @autoclosure () -> String) -> KeptText? {
        if let written = writtenText(node) { return KeptText(written: written) }
        return string(node, for: name()).map(KeptText.init)
    }

    func number(_ node: YAMLNode, for name: String) -> Double? {
        if let scalar = node.scalar, let what = Self.nonFiniteDescription(scalar) {
            error(.typeMismatch, "expected a finite number for '\(name)', found '\(scalar.text)', which YAML reads as \(what); "
                      + "whatsnew takes only finite numbers", at: node, fix: "write a finite number in digits, e.g. 1")
            return nil
        }
        guard let value = node.scalar?.doubleValue, value.isFinite else {
            typeMismatch(node, expected: "a finite number", for: name)
            return nil
        }
        return value
    }

    /// What a YAML float scalar that is not finite stands for: "infinity" or "minus infinity" (`.inf`, `-.Inf`),
    /// "not-a-number (NaN)" (`.nan`), "infinity (too large a number)" (`1e999`); nil for anything else.
    static func nonFiniteDescription(_ scalar: YAMLScalar) -> String? {
        guard scalar.kind == .float, let value = scalar.doubleValue, !value.isFinite else { return nil }
        if value.isNaN { return "not-a-number (NaN)" }
        let sign = value < 0 ? "minus " : ""
        return scalar.text.lowercased().contains("inf") ? "\(sign)infinity" : "\(sign)infinity (too large a number)"
    }

    func bool(_ node: YAMLNode, for name: String) -> Bool? {
        guard let value = node.scalar?.boolValue else {
            typeMismatch(node, expected: "true or false", for: name)
            return nil
        }
        return value
    }

    /// One of a closed set of words, with a suggestion when it is a near miss.
    func oneOf<Value: RawRepresentable & CaseIterable>(_ node: YAMLNode, for name: String, as type: Value.Type) -> Value?
    where Value.RawValue == String {
        guard let text = string(node, for: name) else { return nil }
        if let value = Value(rawValue: text) { return value }
        let names = Value.allCases.map(\.rawValue)
        error(.invalidValue, "expected one of \(names.map { "'\($0)'" }.joined(separator: ", ")) for '\(name)', found '\(text)'"
              + Suggestion.phrase(for: text, in: names), at: node)
        return nil
    }

    /// A required key that is missing, reported at the mapping.
    func missing(_ key: String, in fields: Fields, of name: @autoclosure () -> String) {
        error(.missingKey, "missing '\(key)' in '\(name())'", at: fields.node, fix: "add '\(key):'", subject: key)
    }
}

/// The known pairs of a mapping, by key: which pair each allowed key names, kept inline (decoding makes
/// one for every mapping, so it allocates nothing). The keys `DecodingContext.fields` reported are never
/// found.
struct Fields {
    struct Pair {
        let key: String
        let keyNode: YAMLNode
        let value: YAMLNode
    }

    /// The most keys a mapping may allow (the layout has 13).
    static let maximumAllowedKeys = 16

    let node: YAMLNode
    private let mapping: YAMLMapping
    private let allowed: [String]
    /// For each allowed key, by its index in `allowed`, the index of its pair in the mapping; -1 if absent.
    private var pairIndex = InlineArray<16, Int32>(repeating: -1)

    init(node: YAMLNode, mapping: YAMLMapping, allowed: [String]) {
        precondition(allowed.count <= Self.maximumAllowedKeys, "a mapping allows at most \(Self.maximumAllowedKeys) keys")
        self.node = node
        self.mapping = mapping
        self.allowed = allowed
    }

    mutating func found(_ slot: Int, at index: Int) {
        pairIndex[slot] = Int32(index)
    }

    /// The value of a known key. (A rejected key is never an allowed one, so it cannot be asked for.)
    subscript(key: String) -> YAMLNode? {
        guard let slot = allowed.firstIndex(where: { Self.same($0, key) }), pairIndex[slot] >= 0 else { return nil }
        return mapping.value(at: Int(pairIndex[slot]))
    }

    /// The key node of a known key, for a diagnostic at the key and its value.
    func keyNode(_ key: String) -> YAMLNode? {
        guard let slot = allowed.firstIndex(where: { Self.same($0, key) }), pairIndex[slot] >= 0 else { return nil }
        return mapping.key(at: Int(pairIndex[slot]))
    }

    /// The known pairs in source order.
    var pairs: [Pair] {
        var known: [(index: Int32, key: String)] = []
        for slot in allowed.indices where pairIndex[slot] >= 0 { known.append((pairIndex[slot], allowed[slot])) }
        return known.sorted { $0.index < $1.index }.map { entry in
            let pair = mapping[Int(entry.index)]
            return Pair(key: entry.key, keyNode: pair.key, value: pair.value)
        }
    }

    /// Whether two keys are the same text; comparing lengths first settles most pairs of different keys
    /// without comparing their text (decoding asks for every known key of every mapping).
    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b
    }
}
