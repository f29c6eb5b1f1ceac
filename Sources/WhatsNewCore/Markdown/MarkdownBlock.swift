/// One block of a Markdown document.
public enum MarkdownBlock: Sendable, Hashable {
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
public struct MarkdownList: Sendable, Hashable {
    public var isOrdered: Bool
    /// The number of the first item of an ordered list.
    public var start: Int
    /// Whether items are set without blank lines between them.
    public var isTight: Bool
    /// Each item's blocks.
    public var items: [[MarkdownBlock]]

    public init(isOrdered: Bool, start: Int = 1, isTight: Bool = true, items: [[MarkdownBlock]]) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

/// The kinds of block Markdown a one-line text field flattens (and rule `block-markdown` warns about).
public enum MarkdownBlockKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case heading, list, blockQuote, codeBlock, thematicBreak

    /// The kind in words, for messages: "a heading", "a list", "a block quote", …
    public var description: String {
        switch self {
        case .heading: return "a heading"
        case .list: return "a list"
        case .blockQuote: return "a block quote"
        case .codeBlock: return "a code block"
        case .thematicBreak: return "a thematic break"
        }
    }
}
