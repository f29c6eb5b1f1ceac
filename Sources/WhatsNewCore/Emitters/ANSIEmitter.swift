/// Terminal text (SPEC §5): a bold centered title, one row per feature (colored glyph, bold title, dimmed
/// subtitle wrapped with a hanging indent), and a footer with the secondary action (an OSC 8 hyperlink, or
/// its URL printed) above the primary action as a `[ Continue ]` button in its colors. Layout spacing maps
/// to blank lines and columns in proportion; with `TerminalCapabilities.plain` not one escape is written.
public struct ANSIEmitter: Sendable {
    public var capabilities: TerminalCapabilities
    /// The width in columns (at least 20).
    public var width: Int

    public init(capabilities: TerminalCapabilities, width: Int) {
        self.capabilities = capabilities
        self.width = max(20, width)
    }

    public func emit(_ notes: ReleaseNotes) -> String {
        var output = OutputBuffer()
        emit(notes, into: &output)
        return output.text
    }

    /// Writes the notes into `output`, flushing it between versions (the caller flushes the rest).
    func emit(_ notes: ReleaseNotes, into output: inout OutputBuffer) {
        let renderer = ANSIRenderer(capabilities: capabilities, accentColor: Color.parse(notes.accentColor) ?? .named(.blue))
        let separator = "\n" + renderer.encode(StyledText(String(repeating: "─", count: width), style: ANSIStyle(dim: true))) + "\n\n"
        let texts = MarkdownTextCache()
        for (index, version) in notes.versions.enumerated() {
            if index > 0 { output += separator }
            output += emit(version, renderer: renderer, texts: texts)
            output.flushIfFull()
        }
    }

    /// One version's notes, ending with a line feed.
    public func emit(_ version: ReleaseNotes.Version, renderer: ANSIRenderer) -> String {
        emit(version, renderer: renderer, texts: MarkdownTextCache())
    }

    /// One version's notes, its texts parsed through `texts`.
    func emit(_ version: ReleaseNotes.Version, renderer: ANSIRenderer, texts: MarkdownTextCache) -> String {
        let layout = version.layout
        var lines: [String] = []
        func blank(_ count: Int) { lines += Array(repeating: "", count: count) }

        blank(Self.lines(layout.contentPadding.top))
        let titleStyle = ANSIStyle(bold: true, foreground: version.titleColor.flatMap(Color.parse))
        for line in WordWrapper(width: width).wrap(renderer.styled(texts.text(parsing: version.title), base: titleStyle)) {
            lines.append(centered(line, renderer: renderer))
        }
        var caption = version.displayVersion
        if let date = version.date { caption += " · " + date }
        lines.append(centered(StyledText(caption, style: ANSIStyle(dim: true)), renderer: renderer))
        blank(Self.lines(layout.contentSpacing))

        let leading = Self.columns(layout.featureListPadding.leading)
        let gap = max(1, Self.columns(layout.featureHorizontalSpacing))
        for (index, feature) in version.features.enumerated() {
            if index > 0 { blank(Self.lines(layout.featureListSpacing)) }
            let glyph = feature.image?.glyph ?? SymbolGlyphs.fallback
            let glyphColumns = 2
            let textColumn = leading + glyphColumns + gap
            var head = StyledText(String(repeating: " ", count: leading))
            let glyphStyle = ANSIStyle(foreground: feature.image?.color.flatMap(Color.parse) ?? .named(.accentColor))
            head.append(glyph, style: glyphStyle)
            head.append(String(repeating: " ", count: max(0, glyphColumns - DisplayWidth.of(glyph)) + gap))
            head.append(renderer.styled(texts.text(parsing: feature.title), base: ANSIStyle(bold: true)))
            lines += WordWrapper(width: width).wrap(head, hangingIndent: textColumn).map(renderer.encode)
            let subtitle = renderer.styled(texts.text(parsing: feature.subtitle), base: ANSIStyle(dim: true))
            lines += WordWrapper(width: width).wrap(subtitle, indent: textColumn, hangingIndent: textColumn).map(renderer.encode)
        }

        blank(Self.lines(layout.contentSpacing))
        if let secondary = version.secondaryAction {
            lines += secondaryLines(secondary, renderer: renderer, texts: texts)
            blank(max(0, Self.lines(layout.footerActionSpacing)))
        }
        let primary = version.primaryAction
        var button = StyledText()
        let buttonStyle = ANSIStyle(bold: true, foreground: Color.parse(primary.foregroundColor) ?? .named(.white),
                                    background: Color.parse(primary.backgroundColor) ?? .named(.accentColor))
        let label = renderer.styled(texts.text(parsing: primary.title), base: buttonStyle)
        button.append("[ ", style: buttonStyle)
        button.append(label)
        button.append(" ]", style: buttonStyle)
        lines.append(centered(button, renderer: renderer))
        return lines.joined(separator: "\n") + "\n"
    }

    private func secondaryLines(_ action: ReleaseNotes.SecondaryAction, renderer: ANSIRenderer, texts: MarkdownTextCache) -> [String] {
        let style = ANSIStyle(foreground: Color.parse(action.foregroundColor) ?? .named(.accentColor))
        let title = renderer.styled(texts.text(parsing: action.title), base: style)
        switch action.kind {
        case .openURL(let url):
            guard let safe = LinkPolicy.sanitized(url, allowRelative: false) else { return [centered(title, renderer: renderer)] }
            var line = StyledText()
            if capabilities.usesHyperlinks {
                for run in title.runs { line.append(run.text, style: run.style.adding(ANSIStyle(underline: true)), link: safe) }
                line.append(" ↗", style: style)
                return [centered(line, renderer: renderer)]
            }
            line.append(title)
            line.append(": ", style: style)
            line.append(safe, style: ANSIStyle(underline: capabilities.usesEscapes))
            return WordWrapper(width: width).wrap(line).map { centered($0, renderer: renderer) }
        case .present(let pageTitle, let body):
            var lines = [centered(title, renderer: renderer), ""]
            if let pageTitle {
                lines.append(renderer.encode(renderer.styled(texts.text(parsing: pageTitle), base: ANSIStyle(bold: true))))
            }
            let page = renderer.render(MarkdownDocument(parsing: body), width: width)
            lines += page.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            lines.append("")
            return lines
        case .dismiss, .custom:
            return [centered(title, renderer: renderer)]
        }
    }

    /// A line centered in the width (lines wider than the width are left as they are).
    private func centered(_ line: StyledText, renderer: ANSIRenderer) -> String {
        let padding = max(0, (width - line.width) / 2)
        return String(repeating: " ", count: padding) + renderer.encode(line)
    }

    /// Blank lines for a vertical spacing in points (30 points a line, at most 2: a terminal line is tall).
    static func lines(_ points: Double) -> Int {
        guard points.isFinite else { return 0 }
        return min(2, max(0, Int((points / 30).rounded())))
    }

    /// Columns for a horizontal spacing in points (7.5 points a column, at most 8).
    static func columns(_ points: Double) -> Int {
        guard points.isFinite else { return 0 }
        return min(8, max(0, Int((points / 7.5).rounded())))
    }
}
