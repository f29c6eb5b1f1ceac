/// One piece of inline Markdown content, as cmark-gfm parsed it.
package enum MarkdownInline: Sendable, Hashable {
    case text(String)
    case code(String)
    /// Raw HTML the user typed; every output shows it as the literal text, never as markup.
    case html(String)
    case softBreak
    case lineBreak
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    case strikethrough([MarkdownInline])
    /// A link or autolink; `destination` is as written (entities decoded) and checked by `LinkPolicy` on output.
    case link(destination: String, title: String, [MarkdownInline])
    /// An image; outputs never load it, they link to it with its alt text.
    case image(source: String, title: String, alt: [MarkdownInline])
}
