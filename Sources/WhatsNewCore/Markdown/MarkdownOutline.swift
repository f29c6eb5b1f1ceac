/// A Markdown document's top-level blocks with the line and column each starts at (1-based, the column in
/// bytes, as cmark-gfm counts), and a list's items with theirs: what an importer needs to report at the
/// place in the file it could not map.
public struct MarkdownOutline: Sendable {
    public struct Block: Sendable, Hashable {
        public var block: MarkdownBlock
        public var line: Int
        public var column: Int
        /// A list's items; empty for any other block.
        public var items: [Item]
    }

    public struct Item: Sendable, Hashable {
        public var line: Int
        public var column: Int
        public var blocks: [Block]
    }

    public let blocks: [Block]

    /// Parses `source` with cmark-gfm (link reference definitions anywhere in it resolve links).
    public init(parsing source: String) {
        blocks = source.isEmpty ? [] : MarkdownParser.outline(source)
    }
}
