import Markdown
import WhatsNewText

extension KeepAChangelogEmitter {
    /// A subtitle of several blocks (a bullet's code block with its language, as `whatsnew import` keeps it):
    /// the inlines of its first paragraph, which the bullet's first line joins to the title, and the blocks after
    /// it, which `appendBlocks` writes inside the bullet; nil for a subtitle of one paragraph (or none).
    static func blocks(of subtitle: String, texts: MarkdownTextCache) -> (first: [MarkdownInline], rest: [MarkdownBlock])? {
        guard subtitle.contains("\n") else { return nil }
        let blocks = texts.document(parsing: subtitle).blocks
        if case .paragraph(let first)? = blocks.first {
            return blocks.count > 1 ? (first, Array(blocks.dropFirst())) : nil
        }
        return blocks.isEmpty ? nil : ([], blocks)
    }

    /// Writes `blocks` inside a bullet, indented under it, each on the line after the one before (the list stays
    /// tight) but a paragraph after a paragraph, which a blank line separates.
    static func appendBlocks(_ blocks: [MarkdownBlock], renderer: MarkdownRenderer, to bullet: inout [UInt8]) {
        var afterParagraph = true
        for block in blocks {
            defer { if case .paragraph = block { afterParagraph = true } else { afterParagraph = false } }
            switch block {
            case .paragraph(let inlines):
                bullet += (afterParagraph ? "\n\n  " : "\n  ").utf8
                renderer.append(inlines: inlines, continuation: "  ", escapingBrackets: true, to: &bullet)
            default:
                bullet += "\n".utf8
                let lines = renderer.render(blocks: [block]).trimmingTrailingNewlines().split(separator: "\n", omittingEmptySubsequences: false)
                bullet += lines.map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n").utf8
            }
        }
    }
}
