/// One block of a Markdown document.
package enum MarkdownBlock: Sendable, Hashable {
    case paragraph([MarkdownInline])
    /// A heading of level 1 to 6.
    case heading(level: Int, [MarkdownInline])
    case list(MarkdownList)
    case blockQuote([MarkdownBlock])
    /// A fenced or indented code block; `info` is the fence's info string, `code` ends with a line feed.
    case codeBlock(info: String, code: String)
    /// Raw HTML the user typed as a block; shown as literal text.
    case html(String)
    case thematicBreak
}

/// A bullet or ordered list.
package struct MarkdownList: Sendable, Hashable {
    package var isOrdered: Bool
    /// The number of the first item of an ordered list.
    package var start: Int
    /// Whether items are set without blank lines between them.
    package var isTight: Bool
    /// Each item's blocks.
    package var items: [[MarkdownBlock]]

    package init(isOrdered: Bool, start: Int = 1, isTight: Bool = true, items: [[MarkdownBlock]]) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

/// The kinds of block Markdown a one-line text field flattens (and rule `block-markdown` warns about).
package enum MarkdownBlockKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case heading, list, blockQuote, codeBlock, thematicBreak

    /// The kind in words, for messages: "a heading", "a list", "a block quote", …
    package var description: String {
        switch self {
        case .heading: return "a heading"
        case .list: return "a list"
        case .blockQuote: return "a block quote"
        case .codeBlock: return "a code block"
        case .thematicBreak: return "a thematic break"
        }
    }
}
