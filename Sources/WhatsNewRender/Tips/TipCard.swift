import WhatsNewModel
import WhatsNewText

/// A tip as the outputs show it: its texts (Markdown source, placeholders filled) in one locale, its glyph,
/// and its actions with their links checked (a link `LinkPolicy` refuses is dropped, the action kept).
public struct TipCard: Sendable, Hashable {
    package struct Action: Sendable, Hashable {
        package var id: String
        /// Markdown source.
        package var title: String
        /// An absolute http, https or mailto URL, or nil.
        package var url: String?
    }

    /// The instance's id (placeholders filled).
    public var id: String
    /// Markdown source.
    public var title: String
    /// Markdown source.
    public var message: String?
    /// The image's glyph: an emoji, a symbol's from the built-in table, else '•'.
    public var glyph: String
    /// The image's `foregroundColor`, if any.
    public var glyphColor: String?
    package var actions: [Action]

    package init(_ instance: TipInstance, manifest: Manifest, locale: String? = nil) {
        let tip = instance.tip
        let defaultLocale = manifest.defaults.locale
        id = instance.id
        title = tip.title.text(for: locale, defaultLocale: defaultLocale)
        message = tip.message.map { $0.text(for: locale, defaultLocale: defaultLocale) }
        var image: Image?
        switch tip.image {
        case .key(let key, _)?: image = manifest.images[key]
        case .inline(let inline)?: image = inline
        case nil: image = nil
        }
        switch image?.source {
        case .systemName(let name)?: glyph = image?.emoji ?? SymbolGlyphs.glyph(forSystemName: name)
        case .emoji(let emoji)?: glyph = emoji
        case .file?: glyph = image?.emoji ?? SymbolGlyphs.fallback
        case nil: glyph = "💡"
        }
        glyphColor = image?.foregroundColor?.text
        actions = tip.actions.map { action in
            Action(id: action.id, title: action.title.text(for: locale, defaultLocale: defaultLocale),
                   url: action.openURL.flatMap { LinkPolicy.sanitized($0, allowRelative: false) })
        }
    }
}
