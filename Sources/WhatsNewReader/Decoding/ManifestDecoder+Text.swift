import YAMLTree
import WhatsNewModel

extension ManifestDecoder {
    /// A text field: a Markdown string, or a map from locale to Markdown string.
    func decodeText(_ node: YAMLNode, for name: @autoclosure () -> String, context: DecodingContext) -> LocalizedText? {
        // Most texts are written as they are: the text keeps where, and no string of its own.
        if let written = context.writtenText(node) {
            return LocalizedText(written: written, location: context.location(node))
        }
        switch node.content {
        case .scalar(let scalar) where scalar.kind == .string || scalar.isNumber:
            return LocalizedText(scalar.text, location: context.location(node))
        case .mapping(let pairs):
            var entries: [LocalizedText.Entry] = []
            entries.reserveCapacity(pairs.count)
            for pair in pairs {
                guard let locale = pair.key.scalar?.text, !locale.isEmpty else {
                    context.error(.typeMismatch, "expected a locale code such as 'en' as a key of '\(name())', found \(pair.key.kindDescription)",
                                  at: pair.key)
                    continue
                }
                guard let text = context.string(pair.value, for: "\(name()).\(locale)") else { continue }
                entries.append(LocalizedText.Entry(locale: locale, text: text, location: context.location(pair.value)))
            }
            return entries.isEmpty ? nil : LocalizedText(entries: entries, location: context.location(node))
        default:
            context.typeMismatch(node, expected: "a string or a locale map", for: name())
            return nil
        }
    }

    /// A title: text, or `{ text: …, foregroundColor: … }`.
    func decodeTitle(_ node: YAMLNode, for name: String, context: DecodingContext) -> Title? {
        if node.mapping != nil, node["text"] != nil {
            guard let fields = context.fields(node, of: name, allowed: ["text", "foregroundColor"]) else { return nil }
            let text = fields["text"].flatMap { decodeText($0, for: "\(name).text", context: context) }
            return Title(text: text ?? .absent,
                         foregroundColor: fields["foregroundColor"].flatMap { decodeColor($0, for: "foregroundColor", context: context) })
        }
        return decodeText(node, for: name, context: context).map { Title(text: $0) }
    }

    func decodeColor(_ node: YAMLNode, for name: String, context: DecodingContext) -> ColorValue? {
        context.string(node, for: name).map { ColorValue($0, location: context.location(node)) }
    }
}
