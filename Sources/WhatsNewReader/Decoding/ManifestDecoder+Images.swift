import YAMLTree
import WhatsNewModel

extension ManifestDecoder {
    static let imageKeys = ["systemName", "emoji", "file", "foregroundColor", "renderingMode", "symbolRenderingMode", "alt"]

    /// A registry key, or an inline image.
    func decodeImageReference(_ node: YAMLNode, for name: String, context: DecodingContext) -> Reference<Image>? {
        if let key = context.referenceKey(node) { return .key(key, context.location(node)) }
        if node.mapping == nil {
            context.typeMismatch(node, expected: "an image key or an image mapping", for: name)
            return nil
        }
        return decodeImage(node, for: name, context: context).map(Reference.inline)
    }

    func decodeImage(_ node: YAMLNode, for name: String, context: DecodingContext) -> Image? {
        guard let fields = context.fields(node, of: name, allowed: Self.imageKeys, expected: "an image mapping") else { return nil }
        // One source: a symbol, a file, or an emoji alone; an emoji beside a symbol or a file is its glyph in text.
        let sources = ["systemName", "emoji", "file"].filter { fields[$0] != nil }
        let pictures = sources.filter { $0 != "emoji" }
        if sources.isEmpty {
            context.error(.invalidImage, "expected 'systemName', 'emoji' or 'file' in '\(name)', found none", at: node)
        } else if pictures.count > 1 {
            context.error(.invalidImage, "expected one of 'systemName' or 'file' in '\(name)' (an 'emoji' may stand beside either), "
                          + "found 'systemName' and 'file'", at: node)
        }
        // An image with errors is kept, for the checks of the rest of it: with the first source it names
        // that could be read (the others beside it), or none (an empty symbol name, which no rule reads).
        var written: [(source: Image.Source, location: SourceLocation?)] = []
        var emoji: String?
        for key in sources {
            guard let sourceNode = fields[key], let value = context.string(sourceNode, for: "\(name).\(key)") else { continue }
            switch key {
            case "systemName": written.append((.systemName(value), context.location(sourceNode)))
            case "emoji":
                if pictures.isEmpty { written.append((.emoji(value), context.location(sourceNode))) } else { emoji = value }
            default: written.append((.file(value), context.location(sourceNode)))
            }
        }
        var image = Image(source: written.first?.source ?? .systemName(""), emoji: emoji,
                     foregroundColor: fields["foregroundColor"].flatMap { decodeColor($0, for: "foregroundColor", context: context) },
                     renderingMode: fields["renderingMode"].flatMap { context.oneOf($0, for: "renderingMode", as: Image.RenderingMode.self) },
                     symbolRenderingMode: fields["symbolRenderingMode"].flatMap {
                         context.oneOf($0, for: "symbolRenderingMode", as: Image.SymbolRenderingMode.self)
                     },
                     alt: fields["alt"].flatMap { decodeText($0, for: "alt", context: context) },
                     location: context.location(node), sourceLocation: written.first?.location)
        image.otherSources = Array(written.dropFirst())
        return image
    }
}
