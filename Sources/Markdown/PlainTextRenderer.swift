/// Renders Markdown as plain text — the words a reader sees, without markup, link targets or styles — for
/// JSON's plain field, store-limit counting and alt text. Characters are kept as they are; a consumer that
/// writes to a terminal or HTML escapes them there. Struck text keeps its `~~` ("your ~~blisters~~
/// highlights"): without a mark it would say the opposite of what was meant, and `~~` reads as struck to
/// anyone, where U+0336 strokes depend on the font, are read out one by one by screen readers and break
/// search and copying. Store limits count the marks too, which errs on the safe side.
package enum PlainTextRenderer {
    /// A field's text; soft breaks become spaces, line breaks line feeds, raw HTML its literal text.
    package static func render(_ text: MarkdownText) -> String {
        render(inlines: text.inlines)
    }

    /// Inline content as plain text.
    package static func render(inlines: [MarkdownInline]) -> String {
        if inlines.count == 1, case .text(let text) = inlines[0] { return text }
        var writer = PlainWriter()
        writer.visit(inlines)
        return writer.out
    }

    /// A document: blocks separated by blank lines, list items marked `- ` or `1. `, quotes by `> `, code verbatim.
    package static func render(_ document: MarkdownDocument) -> String {
        let lines = blockLines(document.blocks, tight: false)
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    private static func blockLines(_ blocks: [MarkdownBlock], tight: Bool) -> [String] {
        var lines: [String] = []
        for block in blocks {
            if !lines.isEmpty, !tight { lines.append("") }
            lines += blockLines(block)
        }
        return lines
    }

    private static func blockLines(_ block: MarkdownBlock) -> [String] {
        switch block {
        case .paragraph(let content), .heading(_, let content):
            return render(inlines: content).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .list(let list):
            var lines: [String] = []
            for (index, item) in list.items.enumerated() {
                if index > 0, !list.isTight { lines.append("") }
                let marker = list.isOrdered ? "\(list.start + index). " : "- "
                let indent = String(repeating: " ", count: marker.count)
                let itemLines = blockLines(item, tight: list.isTight)
                if itemLines.isEmpty { lines.append(String(marker.dropLast())) }
                for (lineIndex, line) in itemLines.enumerated() {
                    lines.append(lineIndex == 0 ? marker + line : line.isEmpty ? "" : indent + line)
                }
            }
            return lines
        case .blockQuote(let blocks):
            return blockLines(blocks, tight: false).map { $0.isEmpty ? ">" : "> " + $0 }
        case .codeBlock(_, let code), .html(let code):
            var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        case .thematicBreak:
            return ["---"]
        }
    }
}

private struct PlainWriter: MarkdownInlineVisitor {
    var out = ""

    mutating func visitText(_ text: String) {
        out += text
    }

    mutating func visitStrikethrough(_ children: [MarkdownInline]) {
        out += "~~"
        visit(children)
        out += "~~"
    }
}
