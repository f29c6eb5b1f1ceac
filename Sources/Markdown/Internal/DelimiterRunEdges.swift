/// Splits white space off the ends of inline content that a delimiter run (`**`, `*`, `~~`) is to wrap:
/// CommonMark reads a delimiter next to Unicode white space (a space, U+00A0, U+3000, a line break) as a
/// literal character, so `**x\u{A0}**` would show its asterisks. The white space is written outside the
/// delimiters instead, where it looks the same.
enum DelimiterRunEdges {
    /// `inlines` as leading white space, the content between, and trailing white space; white space inside
    /// emphasis, strong or strikethrough at an end moves out of it too.
    static func split(_ inlines: [MarkdownInline]) -> (leading: [MarkdownInline], inner: [MarkdownInline], trailing: [MarkdownInline]) {
        var inner = inlines
        let leading = takeLeading(&inner)
        let trailing = takeTrailing(&inner)
        return (leading, inner, trailing)
    }

    private static func takeLeading(_ inlines: inout [MarkdownInline]) -> [MarkdownInline] {
        var taken: [MarkdownInline] = []
        while let first = inlines.first {
            switch first {
            case .text(let text):
                if text.isEmpty {
                    inlines.removeFirst()
                    continue
                }
                let scalars = text.unicodeScalars
                let end = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
                guard end > scalars.startIndex else { break }
                taken.append(.text(String(scalars[..<end])))
                if end == scalars.endIndex {
                    inlines.removeFirst()
                    continue
                }
                inlines[0] = .text(String(scalars[end...]))
            case .softBreak, .lineBreak:
                taken.append(first)
                inlines.removeFirst()
                continue
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                var rest = children
                let moved = takeLeading(&rest)
                taken += moved
                if rest.isEmpty {
                    inlines.removeFirst()
                    continue
                }
                inlines[0] = first.replacingChildren(rest)
            case .code, .html, .link, .image:
                break
            }
            break
        }
        return taken
    }

    private static func takeTrailing(_ inlines: inout [MarkdownInline]) -> [MarkdownInline] {
        var taken: [MarkdownInline] = []
        while let last = inlines.last {
            switch last {
            case .text(let text):
                if text.isEmpty {
                    inlines.removeLast()
                    continue
                }
                let scalars = text.unicodeScalars
                var start = scalars.endIndex
                while start > scalars.startIndex, scalars[scalars.index(before: start)].properties.isWhitespace {
                    start = scalars.index(before: start)
                }
                guard start < scalars.endIndex else { break }
                taken.insert(.text(String(scalars[start...])), at: 0)
                if start == scalars.startIndex {
                    inlines.removeLast()
                    continue
                }
                inlines[inlines.count - 1] = .text(String(scalars[..<start]))
            case .softBreak, .lineBreak:
                taken.insert(last, at: 0)
                inlines.removeLast()
                continue
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                var rest = children
                let moved = takeTrailing(&rest)
                taken.insert(contentsOf: moved, at: 0)
                if rest.isEmpty {
                    inlines.removeLast()
                    continue
                }
                inlines[inlines.count - 1] = last.replacingChildren(rest)
            case .code, .html, .link, .image:
                break
            }
            break
        }
        return taken
    }
}

private extension MarkdownInline {
    /// The same emphasis, strong or strikethrough around other children.
    func replacingChildren(_ children: [MarkdownInline]) -> MarkdownInline {
        switch self {
        case .emphasis: return .emphasis(children)
        case .strong: return .strong(children)
        case .strikethrough: return .strikethrough(children)
        default: return self
        }
    }
}
