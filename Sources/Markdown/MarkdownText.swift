#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line text field's Markdown (a title, a subtitle, an action title), parsed once: its inline content,
/// with any block structure flattened into it, and which block Markdown, if any, was flattened.
package struct MarkdownText: Sendable, Hashable {
    /// The Markdown as written.
    package let source: String
    /// The inline content; blocks are joined by soft breaks.
    package let inlines: [MarkdownInline]
    /// The first block construct found (a heading, a list, …), or nil when the text was inline Markdown only.
    package let blockMarkdown: MarkdownBlockKind?

    /// Parses `source`; text with no Markdown-significant character is taken as it is, without a parse.
    package init(parsing source: String) {
        self.init(parsing: source, allowingFastPath: true)
    }

    /// Text shown literally, never parsed (a version number, a built-in label).
    package init(verbatim text: String) {
        source = MarkdownEscaping.escape(text)
        inlines = text.isEmpty ? [] : [.text(text)]
        blockMarkdown = nil
    }

    /// Text `MarkdownFastPath` found literal (or empty): what a parse would give, without one.
    package init(literal source: String) {
        self.source = source
        inlines = source.isEmpty ? [] : [.text(source)]
        blockMarkdown = nil
    }

    package init(parsing source: String, allowingFastPath: Bool) {
        self.source = source
        if source.isEmpty || (allowingFastPath && MarkdownFastPath.isLiteral(source)) {
            inlines = source.isEmpty ? [] : [.text(source)]
            blockMarkdown = nil
        } else {
            let flattened = BlockFlattener.flatten(MarkdownParser.parse(source))
            inlines = flattened.inlines
            blockMarkdown = flattened.blockKind
        }
    }

    /// Whether block Markdown (a heading, list, quote, code block or thematic break) was flattened.
    package var hasBlockMarkdown: Bool { blockMarkdown != nil }

    /// Whether there is nothing to show.
    package var isEmpty: Bool { inlines.isEmpty }
}

extension MarkdownText {
    /// Whether `source` might hold block Markdown, by one scan of its line starts: false only when no line
    /// opens with a block marker (`#`, `>`, `-`, `+`, `*`, `_`, `=`, a fence, `1.`/`1)`, or indentation of
    /// four columns), so a caller can skip the parse that `blockMarkdown` needs.
    package static func mayHoldBlockMarkdown(_ source: String) -> Bool {
        source.utf8.withContiguousStorageIfAvailable(mayHoldBlockMarkdown)
            ?? Array(source.utf8).withUnsafeBufferPointer(mayHoldBlockMarkdown)
    }

    /// The scan over UTF-8: the start of each line is read up to its first byte that settles it, and the rest
    /// of the line is skipped (most texts are one line, decided by their first byte).
    package static func mayHoldBlockMarkdown(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            var spaces = 0
            var digits = 0
            lineStart: while index < bytes.count {
                switch bytes[index] {
                case 0x0A, 0x0D:
                    break lineStart
                case 0x20:
                    spaces += 1
                    if spaces >= 4 { return true }
                case 0x09:
                    return true
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    digits += 1
                case UInt8(ascii: "."), UInt8(ascii: ")"):
                    if digits > 0 { return true }
                    break lineStart
                case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "_"),
                     UInt8(ascii: "="), UInt8(ascii: "`"), UInt8(ascii: "~"):
                    if digits == 0 { return true }
                    break lineStart
                default:
                    break lineStart
                }
                index += 1
            }
            // The rest of the line cannot open a block: on to the byte after the line break.
            index = lineBreak(in: bytes, from: index) + 1
        }
        return false
    }

    /// The index of the first line break (`\n` or `\r`) at or after `start`, or the end of `bytes`: found by
    /// `memchr`, which reads many bytes at a time (the scan above spends most of its time here).
    private static func lineBreak(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        func find(_ byte: UInt8, before end: Int) -> Int? {
            memchr(base + start, Int32(byte), end - start).map { UnsafeRawPointer(base).distance(to: $0) }
        }
        let newline = find(0x0A, before: bytes.count) ?? bytes.count
        return find(0x0D, before: newline) ?? newline
    }
}
