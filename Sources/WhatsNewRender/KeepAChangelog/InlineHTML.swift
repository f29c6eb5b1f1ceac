import Markdown

/// Inline HTML in an imported text: a tag whose Markdown equivalent is exact becomes it — `<br>` between words a
/// line break, `<code>text</code>` code, `<b>`/`<strong>` strong, `<i>`/`<em>` emphasis, `<s>`/`<del>`/`<strike>`
/// strikethrough, each only without attributes and with its closing tag beside it — and any other (`<kbd>`,
/// `<sup>`, a tag with attributes) is kept as the raw HTML it was, which every output shows as text.
enum InlineHTML {
    /// `inlines` with the tags that have an exact Markdown equivalent converted.
    static func converted(_ inlines: [MarkdownInline]) -> [MarkdownInline] {
        var out: [MarkdownInline] = []
        var index = 0
        while index < inlines.count {
            let inline = inlines[index]
            index += 1
            switch inline {
            case .html(let html):
                let tag = name(of: html)
                if let tag, lineBreaks.contains(tag), let last = out.last, last != .softBreak, last != .lineBreak,
                   index < inlines.count, inlines[(index)...].contains(where: { !ChangeBullet.normalized([$0]).isEmpty }) {
                    out.append(.lineBreak)
                } else if let tag, let container = containers[tag], let close = closing(tag, in: inlines, from: index),
                          let made = container.around(converted(Array(inlines[index..<close]))) {
                    out.append(made)
                    index = close + 1
                } else {
                    out.append(inline)
                }
            case .emphasis(let children): out.append(.emphasis(converted(children)))
            case .strong(let children): out.append(.strong(converted(children)))
            case .strikethrough(let children): out.append(.strikethrough(converted(children)))
            case .link(let destination, let title, let children): out.append(.link(destination: destination, title: title, converted(children)))
            default: out.append(inline)
            }
        }
        return out
    }

    /// The raw HTML left in `inlines` (after `converted`), in order.
    static func kept(in inlines: [MarkdownInline]) -> [String] {
        inlines.flatMap { inline -> [String] in
            switch inline {
            case .html(let html): return [html]
            case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children): return kept(in: children)
            default: return []
            }
        }
    }

    private static let lineBreaks: Set<String> = ["<br>", "<br/>", "<br />"]

    /// What an opening tag and its closing one become around their content.
    private enum Container {
        case strong, emphasis, strikethrough, code

        /// The content inside it; nil when the content cannot be it exactly (code of anything but text).
        func around(_ content: [MarkdownInline]) -> MarkdownInline? {
            switch self {
            case .strong: return .strong(content)
            case .emphasis: return .emphasis(content)
            case .strikethrough: return .strikethrough(content)
            case .code:
                var text = ""
                for inline in content {
                    guard case .text(let piece) = inline else { return nil }
                    text += piece
                }
                return text.isEmpty || text.allSatisfy({ $0 == " " }) ? nil : .code(text)
            }
        }
    }

    private static let containers: [String: Container] = [
        "<b>": .strong, "<strong>": .strong, "<i>": .emphasis, "<em>": .emphasis,
        "<s>": .strikethrough, "<del>": .strikethrough, "<strike>": .strikethrough, "<code>": .code,
    ]

    /// The tag lower-cased when it is one of those above (no attributes), else nil.
    private static func name(of html: String) -> String? {
        let lowered = html.lowercased()
        return lineBreaks.contains(lowered) || containers[lowered] != nil ? lowered : nil
    }

    /// The index of the closing tag of `tag` at this level from `start`, when no other opening of it comes first.
    private static func closing(_ tag: String, in inlines: [MarkdownInline], from start: Int) -> Int? {
        let close = "</" + tag.dropFirst()
        for index in start..<inlines.count {
            guard case .html(let html) = inlines[index] else { continue }
            let lowered = html.lowercased()
            if lowered == close { return index > start ? index : nil }
            if lowered == tag { return nil }
        }
        return nil
    }
}
