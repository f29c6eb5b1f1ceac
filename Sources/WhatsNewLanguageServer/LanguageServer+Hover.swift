import WhatsNewCore

extension LanguageServer {
    func hover(_ params: JSON) throws(RPCError) -> JSON {
        let (document, offset) = try document(params)
        let index = index(of: document)
        if let symbol = index.symbol(at: offset) {
            var parts: [String] = []
            for other in unitIndexes(of: document.uri) {
                for definition in other.definitions where definition.registry == symbol.registry && definition.key == symbol.key {
                    let line = other.lines.position(of: definition.keyRange.lowerBound).line + 1
                    let place = DocumentURI.path(of: other.uri).map { String($0.split(separator: "/").last ?? Substring($0)) } ?? other.uri
                    parts.append("**\(symbol.registry.noun) `\(symbol.key)`** (\(place):\(line))\n```yaml\n" + other.text(definition.entryRange) + "\n```")
                }
            }
            if parts.isEmpty { parts.append("**\(symbol.registry.noun) `\(symbol.key)`**: not defined under '\(symbol.registry.rawValue)'") }
            return Self.hover(parts.joined(separator: "\n\n"))
        }
        if let version = index.versions.first(where: { $0.range.contains(offset) || $0.range.upperBound == offset }) {
            return Self.hover(versionSummary(version.text, among: unitIndexes(of: document.uri).flatMap { $0.versions.map(\.text) }))
        }
        if let (path, key) = keyAt(document, offset: offset),
           let schema = SchemaCatalog.builtin.schema(at: path + [key], isReferences: isReferenceFile(document.uri)) {
            let text = SchemaCatalog.builtin.documentation(of: schema).markdown
            return text.isEmpty ? .null : Self.hover("`\(key)`: " + text)
        }
        return .null
    }

    /// How a version compares with the manifest's others.
    func versionSummary(_ text: String, among all: [String]) -> String {
        guard let version = SemanticVersion(text) else { return "`\(text)` is not a version whatsnew can read" }
        let versions = all.compactMap(SemanticVersion.init)
        let newer = versions.filter { $0 > version }
        let newestRelease = versions.filter { !$0.isPrerelease }.max()
        var lines = ["**version \(version)**" + (version.isPrerelease ? " (pre-release)" : "")]
        lines.append(newer.isEmpty ? "the newest of the manifest's \(versions.count) versions" : "\(newer.count) of the manifest's \(versions.count) versions are newer")
        if let newestRelease, version != newestRelease {
            lines.append("the newest release is \(newestRelease)")
        }
        return lines.joined(separator: "\n\n")
    }

    /// The key under the cursor and the keys of the mappings around it.
    func keyAt(_ document: TextDocument, offset: Int) -> (path: [String], key: String)? {
        let line = document.lines.position(of: offset).line
        let start = document.lines.lineStarts[line]
        let text = String(decoding: document.bytes[start..<document.lines.lineEnd(line)], as: UTF8.self)
        let (column, rest) = CursorContext.content(of: Substring(text))
        guard let colon = rest.firstIndex(of: ":"), offset - start >= column, offset - start <= column + rest.utf8.distance(from: rest.startIndex, to: colon) else { return nil }
        let key = CursorContext.unquoted(rest[..<colon].trimmingSpaces)
        return (CursorContext.parents(of: line, column: column, lines: document.lines), key)
    }

    static func hover(_ markdown: String) -> JSON {
        .object([("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))]))])
    }
}
