import Markdown
import WhatsNewModel
import WhatsNewText

/// GitHub Flavored Markdown (`--format markdown`), e.g. for `CHANGELOG.md`: a `# Trails — Release notes` heading in the
/// page's language (left out when `--release` selects one version, whose notes are a fragment to paste), a
/// `## 1.2.0 — Title (date)` heading per version, one list item per feature (glyph, **title**, subtitle), the
/// secondary action as a link or, for a second page, a `<details>` block whose headings sit below the
/// version's. User text is re-emitted through `MarkdownRenderer`, which escapes whatever it did not mean as
/// Markdown; layout does not apply to Markdown.
package struct MarkdownEmitter: Sendable {
    package init() {}

    package func emit(_ notes: ReleaseNotes) -> String {
        var output = OutputBuffer()
        emit(notes, into: &output)
        return output.text
    }

    /// Writes the Markdown into `output`, flushing it between versions (the caller flushes the rest); many
    /// versions are rendered on two threads as `rendering` says.
    package func emit(_ notes: ReleaseNotes, rendering: TwoThreadRendering = TwoThreadRendering(), into output: inout OutputBuffer) {
        let title = Self.titleLine(notes)
        if let title {
            output += title
            output += "\n"
        }
        let versions = notes.versions
        // Each thread parses texts and renders footers through caches of its own.
        let makeRenderer: @Sendable () -> TwoThreadRendering.Renderer = {
            let renderer = MarkdownRenderer()
            let texts = MarkdownTextCache()
            let footers = MarkdownFooterCache()
            return { range, output in
                for index in range {
                    // Blocks are separated by a blank line.
                    if index > 0 || title != nil { output += "\n" }
                    Self.append(versions[index], renderer: renderer, texts: texts, footers: footers, to: &output)
                    output.flushIfFull()
                }
            }
        }
        rendering.render(versions.count, into: &output, here: makeRenderer(), elsewhere: makeRenderer)
    }

    /// A version: its heading, its summary, its features and its secondary action.
    private static func append(_ version: ReleaseNotes.Version, renderer: MarkdownRenderer, texts: MarkdownTextCache,
                               footers: MarkdownFooterCache, to output: inout OutputBuffer) {
        output += heading(version, renderer: renderer, texts: texts)
        output += "\n"
        if let summary = summary(version, texts: texts) {
            output += "\n"
            output += summary
            output += "\n"
        }
        // (A version without features, `empty-version`, is its heading alone: no second blank line.)
        if !version.features.isEmpty { output += "\n" }
        for feature in version.features {
            appendItem(feature, renderer: renderer, texts: texts, to: &output.bytes)
            output += "\n"
        }
        if let action = version.secondaryAction,
           let footer = footers.footer(for: action, render: { secondary(action, renderer: renderer, texts: texts) }) {
            output += "\n"
            output += footer
            output += "\n"
        }
    }

    /// The `# App — Release notes` line, in the page's language (`PageText`, as the HTML page's title); nil
    /// when `--release` selects one version: those notes are a fragment (a GitHub release's body, say), under
    /// a title of their own.
    static func titleLine(_ notes: ReleaseNotes) -> String? {
        guard !notes.selectsOneRelease else { return nil }
        let words = PageText.forPage(locale: notes.locale, defaultLocale: notes.defaultLocale)
        return MarkdownRenderer().heading([.text(words.documentTitle(appName: notes.appName))], level: 1)
    }

    /// A feature's list item: the image's label (its glyph, or `[alt text]` for a file or a symbol without an
    /// emoji; nothing rather than a second bullet), **title** (white space at its ends outside the asterisks),
    /// subtitle (continued lines indented under the item).
    package static func item(_ feature: ReleaseNotes.Feature, renderer: MarkdownRenderer, texts: MarkdownTextCache = MarkdownTextCache()) -> String {
        var item: [UInt8] = []
        appendItem(feature, renderer: renderer, texts: texts, to: &item)
        return String(decoding: item, as: UTF8.self)
    }

    /// Appends `item(_:renderer:texts:)` to a UTF-8 buffer.
    static func appendItem(_ feature: ReleaseNotes.Feature, renderer: MarkdownRenderer, texts: MarkdownTextCache,
                           to out: inout [UInt8]) {
        out += "- ".utf8
        switch feature.imageLabel {
        case .glyph(let glyph):
            var state = MarkdownLineState()
            MarkdownEscaping.append(glyph, to: &out, state: &state)
            out.append(UInt8(ascii: " "))
        case .alt(let alt):
            let text = PlainTextRenderer.render(texts.text(parsing: alt)).replacingNewlines(with: " ")
            // `[ ]` or `[x]` first in an item would be a task list's checkbox on GitHub.
            if text == " " || text == "x" || text == "X" { out.append(UInt8(ascii: "\\")) }
            out.append(UInt8(ascii: "["))
            renderer.append(inlines: [.text(text)], insideBrackets: true, to: &out)
            out += "] ".utf8
        case .none:
            break
        }
        renderer.append(inlines: [.strong(withoutStrong(texts.text(parsing: feature.title).inlines))], to: &out)
        // The dash only when the subtitle writes something.
        let beforeSubtitle = out.count
        out += " — ".utf8
        let subtitleStart = out.count
        renderer.append(inlines: texts.text(parsing: feature.subtitle).inlines, continuation: "  ", to: &out)
        if out.count == subtitleStart { out.removeSubrange(beforeSubtitle...) }
    }

    /// A version's `## 1.2.0 — Title (date)` heading.
    package static func heading(_ version: ReleaseNotes.Version, renderer: MarkdownRenderer,
                                texts: MarkdownTextCache = MarkdownTextCache()) -> String {
        var inlines: [MarkdownInline] = [.text(version.displayVersion + " — ")]
        inlines += texts.text(parsing: version.title).inlines
        if let date = version.date { inlines.append(.text(" (\(date))")) }
        return renderer.heading(inlines, level: 2)
    }

    /// The secondary action: a link, or a second page in a `<details>` block; nil for inert actions.
    package static func secondary(_ action: ReleaseNotes.SecondaryAction, renderer: MarkdownRenderer,
                                  texts: MarkdownTextCache = MarkdownTextCache()) -> String? {
        let title = texts.text(parsing: action.title)
        switch action.kind {
        case .openURL(let url):
            guard LinkPolicy.sanitized(url, allowRelative: false) != nil else { return nil }
            return renderer.render(inlines: [.link(destination: url, title: "", Self.withoutLinks(title.inlines))])
        case .present(let pageTitle, let body):
            // On one line: a blank line would end the HTML block, and what followed would be read as Markdown.
            let summary = HTMLRenderer().render(inlines: title.inlines).replacingNewlines(with: " ")
            var block = "<details>\n<summary>\(summary)</summary>\n\n"
            if let pageTitle { block += renderer.heading(texts.text(parsing: pageTitle).inlines, level: 3) + "\n\n" }
            // The page's headings below the version's (and the page title's), as on the HTML page.
            var bodyRenderer = renderer
            bodyRenderer.topHeadingLevel = pageTitle == nil ? 3 : 4
            block += bodyRenderer.render(texts.document(parsing: body)).trimmingTrailingNewlines() + "\n\n</details>"
            return block
        case .dismiss, .custom:
            return nil
        }
    }

    /// Strong emphasis unwrapped (the text is already set in bold).
    static func withoutStrong(_ inlines: [MarkdownInline]) -> [MarkdownInline] {
        guard inlines.contains(where: \.isContainer) else { return inlines }
        return inlines.flatMap { inline -> [MarkdownInline] in
            switch inline {
            case .strong(let children): return withoutStrong(children)
            case .emphasis(let children): return [.emphasis(withoutStrong(children))]
            case .strikethrough(let children): return [.strikethrough(withoutStrong(children))]
            case .link(let destination, let title, let children): return [.link(destination: destination, title: title, withoutStrong(children))]
            default: return [inline]
            }
        }
    }

    /// Links unwrapped to their text (a link cannot hold another link).
    static func withoutLinks(_ inlines: [MarkdownInline]) -> [MarkdownInline] {
        guard inlines.contains(where: \.isContainer) else { return inlines }
        return inlines.flatMap { inline -> [MarkdownInline] in
            switch inline {
            case .link(_, _, let children): return withoutLinks(children)
            case .strong(let children): return [.strong(withoutLinks(children))]
            case .emphasis(let children): return [.emphasis(withoutLinks(children))]
            case .strikethrough(let children): return [.strikethrough(withoutLinks(children))]
            default: return [inline]
            }
        }
    }
}

private extension MarkdownInline {
    /// Whether the inline holds other inlines (which a strong or a link may hide in).
    var isContainer: Bool {
        switch self {
        case .emphasis, .strong, .strikethrough, .link, .image: return true
        case .text, .code, .html, .softBreak, .lineBreak: return false
        }
    }
}
