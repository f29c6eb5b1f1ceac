import Markdown

/// How a Keep a Changelog bullet and a feature's title and subtitle map onto each other, both ways: the
/// emitter joins them with `bullet(title:subtitle:)`, and the importer splits a bullet with `split(_:)` only
/// at a bold lead-in (`**title**: rest`), where joining the parts gives the same content back.
///
/// - no subtitle: the bullet is the title;
/// - a title that ends a sentence (`.`, `!`, `?`): the title, a space, the subtitle ("Fixed X. It did Y.");
/// - any other title: `**title**: subtitle`.
package enum ChangeBullet {
    /// The bullet's content for a feature.
    package static func bullet(title: [MarkdownInline], subtitle: [MarkdownInline]) -> [MarkdownInline] {
        let title = normalized(title)
        let subtitle = normalized(subtitle)
        guard !subtitle.isEmpty else { return title }
        if endsSentence(title) { return normalized(title + [.text(" ")] + subtitle) }
        return normalized([.strong(MarkdownEmitter.withoutStrong(title)), .text(": ")] + subtitle)
    }

    /// A bullet's title and subtitle: `**title**: rest` (a clear title), else the whole bullet as the title
    /// (and no subtitle). A bullet is not split at its first sentence's end: a period also ends `e.g.`, `i.e.`,
    /// `v.` and `etc.`, and a title cut there reads wrong.
    package static func split(_ content: [MarkdownInline]) -> (title: [MarkdownInline], subtitle: [MarkdownInline]) {
        let inlines = normalized(content)
        for candidate in [splitAtStrongLabel(inlines)] {
            guard let candidate, !candidate.title.isEmpty, !candidate.subtitle.isEmpty else { continue }
            if bullet(title: candidate.title, subtitle: candidate.subtitle) == inlines { return candidate }
        }
        return (inlines, [])
    }

    /// Soft breaks as spaces, white space at the ends dropped, neighbouring texts merged: what a bullet's
    /// content is compared by.
    package static func normalized(_ inlines: [MarkdownInline]) -> [MarkdownInline] {
        var out: [MarkdownInline] = []
        for inline in inlines {
            let item: MarkdownInline = inline == .softBreak ? .text(" ") : inline
            if case .text(let text) = item, case .text(let previous)? = out.last {
                out[out.count - 1] = .text(previous + text)
            } else if case .text(let text) = item, text.isEmpty {
                continue
            } else {
                out.append(item)
            }
        }
        if case .text(let first)? = out.first {
            let trimmed = String(first.drop { $0 == " " })
            if trimmed.isEmpty { out.removeFirst() } else { out[0] = .text(trimmed) }
        }
        if case .text(let last)? = out.last {
            let trimmed = String(String(last.reversed()).drop { $0 == " " }.reversed())
            if trimmed.isEmpty { out.removeLast() } else { out[out.count - 1] = .text(trimmed) }
        }
        return out
    }

    /// Whether the text's last character ends a sentence.
    static func endsSentence(_ inlines: [MarkdownInline]) -> Bool {
        guard let last = PlainTextRenderer.render(inlines: inlines).last else { return false }
        return last == "." || last == "!" || last == "?"
    }

    /// `**Label**: rest` → ("Label", "rest").
    private static func splitAtStrongLabel(_ inlines: [MarkdownInline]) -> (title: [MarkdownInline], subtitle: [MarkdownInline])? {
        guard inlines.count >= 2, case .strong(let label) = inlines[0], case .text(let text) = inlines[1], text.hasPrefix(": ") else {
            return nil
        }
        let rest = String(text.dropFirst(2))
        return (label, normalized((rest.isEmpty ? [] : [.text(rest)]) + inlines[2...]))
    }
}
