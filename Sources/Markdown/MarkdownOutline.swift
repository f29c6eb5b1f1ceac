/// A Markdown document's top-level blocks with the line and column each starts at (1-based, the column in
/// bytes, as cmark-gfm counts), and a list's items with theirs: what an importer needs to report at the
/// place in the file it could not map.
package struct MarkdownOutline: Sendable {
    package struct Block: Sendable, Hashable {
        package var block: MarkdownBlock
        package var line: Int
        package var column: Int
        /// A list's items; empty for any other block.
        package var items: [Item]
        /// The lines its content spans: from its start (a paragraph's first text line, after any link reference
        /// definitions cmark-gfm took from its top) to its last line. The non-blank lines no block's range
        /// covers (a list's by its items' blocks) are the link reference definitions, which are not blocks of the tree.
        package var contentLines: ClosedRange<Int>
    }

    package struct Item: Sendable, Hashable {
        package var line: Int
        package var column: Int
        package var blocks: [Block]

        package init(line: Int, column: Int, blocks: [Block]) {
            self.line = line
            self.column = column
            self.blocks = blocks
        }
    }

    package let blocks: [Block]

    /// Parses `source` with cmark-gfm (link reference definitions anywhere in it resolve links).
    package init(parsing source: String) {
        blocks = source.isEmpty ? [] : MarkdownParser.outline(source)
    }

    /// The blocks of `source`, handed to `body` one at a time and freed after: a reader that keeps only what it
    /// makes of them holds cmark-gfm's tree and no copy of it (a changelog's outline took some 10 bytes per byte).
    package static func forEachBlock(parsing source: String, _ body: (Block) -> Void) {
        guard !source.isEmpty else { return }
        MarkdownParser.outline(source, body)
    }
}
