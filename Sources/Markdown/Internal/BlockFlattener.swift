/// Flattens blocks into one line of inline content for a one-line field, noting the first block construct.
enum BlockFlattener {
    static func flatten(_ blocks: [MarkdownBlock]) -> (inlines: [MarkdownInline], blockKind: MarkdownBlockKind?) {
        var flattener = State()
        flattener.add(blocks)
        return (flattener.inlines, flattener.blockKind)
    }

    private struct State {
        var inlines: [MarkdownInline] = []
        var blockKind: MarkdownBlockKind?

        mutating func add(_ blocks: [MarkdownBlock]) {
            for block in blocks { add(block) }
        }

        mutating func add(_ block: MarkdownBlock) {
            switch block {
            case .paragraph(let content):
                append(content)
            case .heading(_, let content):
                note(.heading)
                append(content)
            case .list(let list):
                note(.list)
                for item in list.items { add(item) }
            case .blockQuote(let blocks):
                note(.blockQuote)
                add(blocks)
            case .codeBlock(_, let code):
                note(.codeBlock)
                let lines = code.split(separator: "\n").map { String($0) }
                if !lines.isEmpty { append([.code(lines.joined(separator: " "))]) }
            case .html(let html):
                append(linesAsContent(html) { .html($0) })
            case .thematicBreak:
                note(.thematicBreak)
            }
        }

        private mutating func note(_ kind: MarkdownBlockKind) {
            if blockKind == nil { blockKind = kind }
        }

        /// Appends one block's content, after a soft break when something came before.
        private mutating func append(_ content: [MarkdownInline]) {
            guard !content.isEmpty else { return }
            if !inlines.isEmpty { inlines.append(.softBreak) }
            inlines += content
        }

        private func linesAsContent(_ text: String, _ make: (String) -> MarkdownInline) -> [MarkdownInline] {
            var content: [MarkdownInline] = []
            for line in text.split(separator: "\n") {
                if !content.isEmpty { content.append(.softBreak) }
                content.append(make(String(line)))
            }
            return content
        }
    }
}
