import WhatsNewCore

extension LanguageServer {
    /// LSP's CompletionItemKind values used here.
    private enum Kind {
        static let property = 10, enumMember = 20, reference = 18, constant = 21
    }

    func completion(_ params: JSON) throws(RPCError) -> JSON {
        let (document, offset) = try document(params)
        guard let context = CursorContext(lines: document.lines, offset: offset) else { return .array([]) }
        let catalog = SchemaCatalog.builtin
        let isReferences = isReferenceFile(document.uri)
        var items: [JSON] = []
        switch context.place {
        case .key, .item:
            guard let schema = catalog.schema(at: context.path, isReferences: isReferences) else { break }
            if context.place == .item {
                items += catalog.enumValues(of: schema).map { Self.item($0, kind: Kind.enumMember, detail: context.path.last) }
            }
            if catalog.isLocalizedText(schema) {
                items = locales(of: document.uri).map { Self.item($0, kind: Kind.constant, detail: "locale", insertText: $0 + ": ") }
                break
            }
            guard !catalog.isRegistry(schema) else { break }
            for (name, property) in catalog.properties(of: schema) {
                let documentation = catalog.documentation(of: property)
                items.append(Self.item(name, kind: Kind.property, detail: documentation.title, documentation: documentation.markdown, insertText: name + ": "))
            }
        case .value(let key):
            if let registry = Registry(referringKey: key) {
                for index in unitIndexes(of: document.uri) {
                    for definition in index.definitions where definition.registry == registry {
                        items.append(Self.item(definition.key, kind: Kind.reference, detail: registry.noun,
                                               documentation: "```yaml\n" + index.text(definition.entryRange) + "\n```"))
                    }
                }
            } else if key == "systemName" {
                items = SymbolGlyphs.knownNames.map { Self.item($0, kind: Kind.enumMember, detail: SymbolGlyphs.glyph(forSystemName: $0) + " SF Symbol") }
            } else if key == "locale" {
                items = locales(of: document.uri).map { Self.item($0, kind: Kind.constant, detail: "locale") }
            } else if let schema = catalog.schema(at: context.path + [key], isReferences: isReferences) {
                items = catalog.enumValues(of: schema).map { Self.item($0, kind: Kind.enumMember, detail: key) }
            }
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// The locales the texts of the manifest use, sorted.
    func locales(of uri: String) -> [String] {
        unitIndexes(of: uri).reduce(into: Set<String>()) { $0.formUnion($1.locales) }.sorted()
    }

    static func item(_ label: String, kind: Int, detail: String? = nil, documentation: String? = nil, insertText: String? = nil) -> JSON {
        .object(omittingNils: [
            ("label", .string(label)),
            ("kind", .int(kind)),
            ("detail", detail.map { .string($0) }),
            ("documentation", documentation.map { .object([("kind", .string("markdown")), ("value", .string($0))]) }),
            ("insertText", insertText.map { .string($0) }),
        ])
    }
}
