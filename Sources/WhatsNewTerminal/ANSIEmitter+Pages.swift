import Markdown
import WhatsNewRender
import WhatsNewText

extension ANSIEmitter {
    /// The notes laid out into lines for the sheet and the pager: the very lines `emit` writes, with where
    /// each action is. `pushingPresentPages` (the pager) leaves a `present` action's page out of the notes
    /// and lays it out as a page of its own, pushed by the action; `custom` actions are not focusable.
    package func pages(_ notes: ReleaseNotes, pushingPresentPages: Bool) -> LaidOutPage {
        var emitter = self
        emitter.pushesPresentPages = pushingPresentPages
        let renderer = ANSIRenderer(capabilities: capabilities, accentColor: Color.parse(notes.accentColor) ?? .named(.blue))
        let rule = renderer.encode(StyledText(String(repeating: "─", count: width), style: ANSIStyle(dim: true)))
        let texts = MarkdownTextCache()
        var lines: [String] = []
        var actions: [LaidOutPage.Action] = []
        var actionLines: [Range<Int>] = []
        var initialFocus: Int?
        for (index, version) in notes.versions.enumerated() {
            if index > 0 { lines += ["", rule, ""] }
            var output = OutputBuffer()
            let marks = emitter.emit(version, renderer: renderer, texts: texts, into: &output)
            let first = lines.count
            var written = output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if written.last == "" { written.removeLast() }
            lines += written
            for mark in marks {
                let action: LaidOutPage.Action
                switch mark.kind {
                case .primary:
                    if initialFocus == nil { initialFocus = actions.count }
                    action = .dismiss
                case .secondary(.openURL(let url)):
                    guard let safe = LinkPolicy.sanitized(url, allowRelative: false) else { continue }
                    action = .openURL(safe)
                case .secondary(.present(let title, let body)):
                    action = .present(page(title: title, body: body, of: version, renderer: renderer, texts: texts))
                case .secondary(.dismiss):
                    action = .dismiss
                case .secondary(.custom):
                    continue
                }
                actions.append(action)
                actionLines.append(mark.lines.lowerBound + first..<mark.lines.upperBound + first)
            }
        }
        return LaidOutPage(lines: lines, actions: actions, actionLines: actionLines, initialFocus: initialFocus ?? 0)
    }

    /// A `present` action's page on its own, indented as inline output indents it.
    private func page(title: String?, body: String, of version: ReleaseNotes.Version, renderer: ANSIRenderer,
                      texts: MarkdownTextCache) -> LaidOutPage {
        var writer = LineWriter(renderer: renderer, width: width)
        writer.blank(1)
        pageLines(title: title, body: body, renderer: renderer, texts: texts, textColumn: Self.textColumn(of: version.layout), into: &writer)
        var lines = writer.output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return LaidOutPage(lines: lines)
    }
}
