import WhatsNewText

/// Renders Markdown as HTML: user text escaped by `HTMLEscaping`, raw HTML shown as the literal text typed,
/// links only where `LinkPolicy` allows them (a refused link is its text), images never loaded (a link to
/// the image, with its alt text), and no raw control character.
package struct HTMLRenderer: Sendable {
    /// How a document's heading levels become the page's.
    package enum HeadingLevels: Sendable, Hashable {
        /// Each level plus the offset (clamped to 1…6).
        case offset(Int)
        /// The document's highest level becomes this one, and each lower level used the next, so a body's
        /// headings sit under the page's without skipping a level (`##` then `####` become h4 then h5 under 3).
        case startingAt(Int)
    }

    package var headingLevels: HeadingLevels
    /// Whether links are written as their text: for text the page itself places inside a link.
    package var linksAsText = false

    package init(headingLevelOffset: Int = 0) {
        headingLevels = .offset(headingLevelOffset)
    }

    package init(topHeadingLevel: Int) {
        headingLevels = .startingAt(topHeadingLevel)
    }

    /// A field's inline HTML (no enclosing element).
    package func render(_ text: MarkdownText) -> String {
        render(inlines: text.inlines)
    }

    /// Inline content as HTML (no enclosing element).
    package func render(inlines: [MarkdownInline]) -> String {
        var buffer: [UInt8] = []
        append(inlines: inlines, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends a field's inline HTML to a UTF-8 buffer.
    package func append(_ text: MarkdownText, to buffer: inout [UInt8]) {
        append(inlines: text.inlines, to: &buffer)
    }

    /// Appends inline content as HTML to a UTF-8 buffer.
    package func append(inlines: [MarkdownInline], to buffer: inout [UInt8]) {
        if inlines.count == 1, case .text(let text) = inlines[0] {
            HTMLEscaping.append(text, to: &buffer)
            return
        }
        var writer = HTMLWriter(headingLevels: [])
        writer.insideLink = linksAsText
        swap(&writer.out, &buffer)
        writer.visit(inlines)
        swap(&writer.out, &buffer)
    }

    /// A document as a sequence of block elements, each on its own line.
    package func render(_ document: MarkdownDocument) -> String {
        var buffer: [UInt8] = []
        append(document, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Appends a document's block elements to a UTF-8 buffer.
    package func append(_ document: MarkdownDocument, to buffer: inout [UInt8]) {
        var writer = HTMLWriter(headingLevels: pageLevels(of: document))
        if case .startingAt(let top) = headingLevels { writer.previousLevel = top - 1 }
        swap(&writer.out, &buffer)
        writer.writeBlocks(document.blocks, tight: false)
        swap(&writer.out, &buffer)
    }

    /// The page's level for each level written (index 1…6) in `document`.
    private func pageLevels(of document: MarkdownDocument) -> [Int] {
        switch headingLevels {
        case .offset(let offset):
            return (0...6).map { min(6, max(1, $0 + offset)) }
        case .startingAt(let top):
            var used = Set<Int>()
            func collect(_ blocks: [MarkdownBlock]) {
                for block in blocks {
                    switch block {
                    case .heading(let level, _): used.insert(level)
                    case .blockQuote(let inner): collect(inner)
                    case .list(let list): list.items.forEach(collect)
                    default: break
                    }
                }
            }
            collect(document.blocks)
            var levels = Array(repeating: top, count: 7)
            var next = top
            for level in 1...6 {
                levels[level] = min(6, max(1, next))
                if used.contains(level) { next += 1 }
            }
            return levels
        }
    }
}

/// Writes HTML for the tree into a byte buffer.
private struct HTMLWriter: MarkdownInlineVisitor {
    var out: [UInt8] = []
    /// The page's heading level for each level written (index 1…6).
    let headingLevels: [Int]
    /// The level of the heading written last, when a heading may go at most one level below it.
    var previousLevel: Int?
    /// Whether the writer is inside `<a>`, where another link (or a linked image) must not open.
    var insideLink = false

    init(headingLevels: [Int]) {
        self.headingLevels = headingLevels
    }

    mutating func raw(_ markup: StaticString) {
        markup.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    mutating func raw(_ markup: String) {
        out.append(contentsOf: markup.utf8)
    }

    mutating func visitText(_ text: String) {
        HTMLEscaping.append(text, to: &out)
    }

    mutating func visitCode(_ code: String) {
        raw("<code>")
        HTMLEscaping.append(code, to: &out)
        raw("</code>")
    }

    mutating func visitSoftBreak() { raw("\n") }
    mutating func visitLineBreak() { raw("<br>\n") }

    mutating func visitEmphasis(_ children: [MarkdownInline]) { element("<em>", children, "</em>") }
    mutating func visitStrong(_ children: [MarkdownInline]) { element("<strong>", children, "</strong>") }
    mutating func visitStrikethrough(_ children: [MarkdownInline]) { element("<del>", children, "</del>") }

    mutating func visitLink(destination: String, title: String, children: [MarkdownInline]) {
        anchor(destination, title: title, content: children)
    }

    mutating func visitImage(source: String, title: String, alt: [MarkdownInline]) {
        anchor(source, title: title, content: alt)
    }

    private mutating func element(_ open: StaticString, _ children: [MarkdownInline], _ close: StaticString) {
        raw(open)
        visit(children)
        raw(close)
    }

    private mutating func anchor(_ destination: String, title: String, content: [MarkdownInline]) {
        guard !insideLink, let url = LinkPolicy.sanitized(destination) else {
            visit(content)
            return
        }
        raw("<a href=\"")
        HTMLEscaping.append(url, to: &out)
        raw("\"")
        // A link that shows its own address (an autolink): printed pages do not repeat it after the text.
        if Self.showsItsAddress(content, url) { raw(" class=\"autolink\"") }
        if !title.isEmpty {
            raw(" title=\"")
            HTMLEscaping.append(title, to: &out)
            raw("\"")
        }
        raw(">")
        insideLink = true
        if content.isEmpty { HTMLEscaping.append(url, to: &out) } else { visit(content) }
        insideLink = false
        raw("</a>")
    }

    /// Whether a link's text is its address: written as the URL, or as the URL without `mailto:`, `http://`
    /// or `https://` (autolinks, `www.` links and e-mail addresses).
    static func showsItsAddress(_ content: [MarkdownInline], _ url: String) -> Bool {
        if content.isEmpty { return true }
        guard content.count == 1, case .text(let text) = content[0] else { return false }
        return url == text || ["mailto:", "http://", "https://"].contains { url.hasPrefix($0) && url.dropFirst($0.count) == text }
    }

    // MARK: Blocks

    mutating func writeBlocks(_ blocks: [MarkdownBlock], tight: Bool) {
        for (index, block) in blocks.enumerated() {
            if tight, case .paragraph(let content) = block {
                // A tight list item's paragraph is bare text, followed by a line feed before a nested block.
                visit(content)
                if index + 1 < blocks.count { raw("\n") }
            } else {
                writeBlock(block)
            }
        }
    }

    private mutating func writeBlock(_ block: MarkdownBlock) {
        switch block {
        case .paragraph(let content):
            element("<p>", content, "</p>\n")
        case .heading(let level, let content):
            var level = headingLevels[min(6, max(1, level))]
            if let previous = previousLevel {
                level = min(level, previous + 1)
                previousLevel = level
            }
            raw("<h\(level)>")
            visit(content)
            raw("</h\(level)>\n")
        case .list(let list):
            if list.isOrdered {
                raw(list.start != 1 ? "<ol start=\"\(list.start)\">\n" : "<ol>\n")
            } else {
                raw("<ul>\n")
            }
            for item in list.items {
                raw("<li>")
                let startsWithText: Bool
                if list.isTight, case .paragraph? = item.first { startsWithText = true } else { startsWithText = false }
                if !startsWithText, !item.isEmpty { raw("\n") }
                writeBlocks(item, tight: list.isTight)
                raw("</li>\n")
            }
            raw(list.isOrdered ? "</ol>\n" : "</ul>\n")
        case .blockQuote(let blocks):
            raw("<blockquote>\n")
            writeBlocks(blocks, tight: false)
            raw("</blockquote>\n")
        case .codeBlock(let info, let code):
            raw("<pre><code")
            if let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first {
                raw(" class=\"language-")
                HTMLEscaping.append(String(language), to: &out)
                raw("\"")
            }
            raw(">")
            HTMLEscaping.append(code, to: &out)
            raw("</code></pre>\n")
        case .html(let html):
            raw("<p>")
            HTMLEscaping.append(html.hasSuffix("\n") ? String(html.dropLast()) : html, to: &out)
            raw("</p>\n")
        case .thematicBreak:
            raw("<hr>\n")
        }
    }
}
