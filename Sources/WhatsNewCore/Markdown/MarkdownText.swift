/// A one-line text field's Markdown (a title, a subtitle, an action title), parsed once: its inline content,
/// with any block structure flattened into it, and which block Markdown, if any, was flattened.
public struct MarkdownText: Sendable, Hashable {
    /// The Markdown as written.
    public let source: String
    /// The inline content; blocks are joined by soft breaks.
    public let inlines: [MarkdownInline]
    /// The first block construct found (a heading, a list, …), or nil when the text was inline Markdown only.
    public let blockMarkdown: MarkdownBlockKind?

    /// Parses `source`; text with no Markdown-significant character is taken as it is, without a parse.
    public init(parsing source: String) {
        self.init(parsing: source, allowingFastPath: true)
    }

    /// Text shown literally, never parsed (a version number, a built-in label).
    public init(verbatim text: String) {
        source = MarkdownEscaping.escape(text)
        inlines = text.isEmpty ? [] : [.text(text)]
        blockMarkdown = nil
    }

    /// Text `MarkdownFastPath` found literal (or empty): what a parse would give, without one.
    init(literal source: String) {
        self.source = source
        inlines = source.isEmpty ? [] : [.text(source)]
        blockMarkdown = nil
    }

    init(parsing source: String, allowingFastPath: Bool) {
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
    public var hasBlockMarkdown: Bool { blockMarkdown != nil }

    /// Whether there is nothing to show.
    public var isEmpty: Bool { inlines.isEmpty }
}

extension MarkdownText {
    /// Whether `source` might hold block Markdown, by one scan of its line starts: false only when no line
    /// opens with a block marker (`#`, `>`, `-`, `+`, `*`, `_`, `=`, a fence, `1.`/`1)`, or indentation of
    /// four columns), so a caller can skip the parse that `blockMarkdown` needs.
    public static func mayHoldBlockMarkdown(_ source: String) -> Bool {
        var atLineStart = true
        var spaces = 0
        var digits = 0
        for byte in source.utf8 {
            if byte == 0x0A || byte == 0x0D {
                atLineStart = true
                spaces = 0
                digits = 0
                continue
            }
            guard atLineStart else { continue }
            switch byte {
            case 0x20:
                spaces += 1
                if spaces >= 4 { return true }
            case 0x09:
                return true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
            case UInt8(ascii: "."), UInt8(ascii: ")"):
                if digits > 0 { return true }
                atLineStart = false
            case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "_"),
                 UInt8(ascii: "="), UInt8(ascii: "`"), UInt8(ascii: "~"):
                if digits == 0 { return true }
                atLineStart = false
            default:
                atLineStart = false
            }
        }
        return false
    }
}
