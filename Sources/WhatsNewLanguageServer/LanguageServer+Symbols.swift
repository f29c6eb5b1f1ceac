import YAMLTree

extension LanguageServer {
    /// LSP's SymbolKind values used here.
    private enum Kind {
        static let namespace = 3, field = 8, constant = 14, array = 18, object = 19, event = 24
    }

    func documentSymbols(_ params: JSON) throws(RPCError) -> JSON {
        let (document, _) = try document(params)
        let index = index(of: document)
        guard let root = index.root, case .mapping(let top) = root.content else { return .array([]) }
        var symbols: [JSON] = []
        for pair in top {
            guard let key = pair.key.scalar?.text else { continue }
            var children: [JSON] = []
            if key == "versions", case .sequence(let versions) = pair.value.content {
                for version in versions {
                    let name = version["version"]?.scalar?.text ?? "version"
                    var features: [JSON] = []
                    if case .sequence(let items)? = version["features"]?.content {
                        for feature in items {
                            let title = Self.text(of: feature["title"]) ?? "feature"
                            features.append(symbol(title, kind: Kind.event, node: feature, selection: feature["title"] ?? feature, index: index))
                        }
                    }
                    children.append(symbol(name, kind: Kind.namespace, detail: Self.text(of: version["title"]), node: version,
                                           selection: version["version"] ?? version, index: index, children: features))
                }
            } else if Registry(rawValue: key) != nil, case .mapping(let entries) = pair.value.content {
                for entry in entries {
                    guard let name = entry.key.scalar?.text else { continue }
                    children.append(symbol(name, kind: Kind.constant, node: entry.value, selection: entry.key, index: index, from: entry.key))
                }
            }
            let kind = pair.value.sequence != nil ? Kind.array : (pair.value.mapping != nil ? Kind.object : Kind.field)
            symbols.append(symbol(key, kind: kind, node: pair.value, selection: pair.key, index: index, children: children, from: pair.key))
        }
        return .array(symbols)
    }

    private func symbol(_ name: String, kind: Int, detail: String? = nil, node: YAMLNode, selection: YAMLNode, index: ManifestIndex,
                        children: [JSON] = [], from start: YAMLNode? = nil) -> JSON {
        let range = index.textRange((start ?? node).startOffset..<max((start ?? node).startOffset, node.endOffset))
        var selectionRange = index.textRange(selection.startOffset..<selection.endOffset)
        if selectionRange.start < range.start || range.end < selectionRange.end { selectionRange = range }
        return .object(omittingNils: [
            ("name", .string(name.isEmpty ? " " : name)),
            ("detail", detail.map { .string($0) }),
            ("kind", .int(kind)),
            ("range", range.json),
            ("selectionRange", selectionRange.json),
            ("children", children.isEmpty ? nil : .array(children)),
        ])
    }

    /// A text's string, or the first locale's for a text by locale.
    static func text(of node: YAMLNode?) -> String? {
        guard let node else { return nil }
        if let scalar = node.scalar { return scalar.text }
        if case .mapping(let texts) = node.content, let first = texts.first { return first.value.scalar?.text }
        return nil
    }
}
