/// A full Markdown document (the body of a `present` page), parsed once.
package struct MarkdownDocument: Sendable, Hashable {
    /// The Markdown as written.
    package let source: String
    package let blocks: [MarkdownBlock]

    /// Parses `source`; text with no Markdown-significant character becomes one paragraph without a parse.
    package init(parsing source: String) {
        self.init(parsing: source, allowingFastPath: true)
    }

    /// A document of the given blocks; its source is their normalized Markdown.
    package init(blocks: [MarkdownBlock]) {
        source = MarkdownRenderer().render(blocks: blocks)
        self.blocks = blocks
    }

    package init(parsing source: String, allowingFastPath: Bool) {
        self.source = source
        if source.isEmpty {
            blocks = []
        } else if allowingFastPath, MarkdownFastPath.isLiteral(source) {
            blocks = [.paragraph([.text(source)])]
        } else {
            blocks = MarkdownParser.parse(source)
        }
    }
}
