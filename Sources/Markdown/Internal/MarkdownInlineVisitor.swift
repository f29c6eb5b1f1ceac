/// Walks inline content. A renderer overrides what it renders differently; by default raw HTML is literal
/// text, a soft break a space, a line break a line feed, code its text, and containers descend into
/// their children (an image into its alt text).
protocol MarkdownInlineVisitor {
    mutating func visitText(_ text: String)
    mutating func visitCode(_ code: String)
    mutating func visitHTML(_ html: String)
    mutating func visitSoftBreak()
    mutating func visitLineBreak()
    mutating func visitEmphasis(_ children: [MarkdownInline])
    mutating func visitStrong(_ children: [MarkdownInline])
    mutating func visitStrikethrough(_ children: [MarkdownInline])
    mutating func visitLink(destination: String, title: String, children: [MarkdownInline])
    mutating func visitImage(source: String, title: String, alt: [MarkdownInline])
}

extension MarkdownInlineVisitor {
    mutating func visit(_ inlines: [MarkdownInline]) {
        for inline in inlines { visit(inline) }
    }

    mutating func visit(_ inline: MarkdownInline) {
        switch inline {
        case .text(let text): visitText(text)
        case .code(let code): visitCode(code)
        case .html(let html): visitHTML(html)
        case .softBreak: visitSoftBreak()
        case .lineBreak: visitLineBreak()
        case .emphasis(let children): visitEmphasis(children)
        case .strong(let children): visitStrong(children)
        case .strikethrough(let children): visitStrikethrough(children)
        case .link(let destination, let title, let children): visitLink(destination: destination, title: title, children: children)
        case .image(let source, let title, let alt): visitImage(source: source, title: title, alt: alt)
        }
    }

    mutating func visitCode(_ code: String) { visitText(code) }
    mutating func visitHTML(_ html: String) { visitText(html) }
    mutating func visitSoftBreak() { visitText(" ") }
    mutating func visitLineBreak() { visitText("\n") }
    mutating func visitEmphasis(_ children: [MarkdownInline]) { visit(children) }
    mutating func visitStrong(_ children: [MarkdownInline]) { visit(children) }
    mutating func visitStrikethrough(_ children: [MarkdownInline]) { visit(children) }
    mutating func visitLink(destination: String, title: String, children: [MarkdownInline]) { visit(children) }
    mutating func visitImage(source: String, title: String, alt: [MarkdownInline]) { visit(alt) }
}
