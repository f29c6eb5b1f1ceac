import Markdown
import WhatsNewModel
import WhatsNewText

/// Terminal text (`--format ansi`): a bold centered title, the version's summary (its paragraphs wrapped at the
/// features' left edge), one row per feature (colored glyph — or an image's own alt
/// text as `[Trails logo]` — bold title in a column of its own, dimmed subtitle wrapped with a hanging
/// indent), and a footer with the secondary action (an OSC 8 hyperlink where the terminal is known to follow
/// one, else its URL printed; a `present` page indented as the features' text) above the primary action as a
/// `[ Continue ]` button in its colors. Colors are `TerminalColors`': readable on light and dark terminals.
/// Layout spacing maps to blank lines and columns in proportion; with `TerminalCapabilities.plain` not one
/// escape is written.
public struct ANSIEmitter: Sendable {
    public var capabilities: TerminalCapabilities
    /// The width in columns (within `widths`).
    public var width: Int

    /// The widths the emitter lays out for; a width outside is taken as the nearest end (the command line
    /// refuses one as a usage error, so no width can make it allocate lines of gigabytes).
    public static let widths = 20...1000

    /// Whether a `present` action shows only its title, its page left to be pushed (the pager), instead of
    /// the page following it (inline, the sheet).
    package var pushesPresentPages = false

    public init(capabilities: TerminalCapabilities, width: Int) {
        self.capabilities = capabilities
        self.width = min(max(Self.widths.lowerBound, width), Self.widths.upperBound)
    }

    public func emit(_ notes: ReleaseNotes) -> String {
        var output = OutputBuffer()
        emit(notes, into: &output)
        return output.text
    }

    /// Writes the notes into `output`, flushing it between versions (the caller flushes the rest); many
    /// versions are rendered on two threads as `rendering` says.
    package func emit(_ notes: ReleaseNotes, rendering: TwoThreadRendering = TwoThreadRendering(), into output: inout OutputBuffer) {
        let renderer = ANSIRenderer(capabilities: capabilities, accentColor: Color.parse(notes.accentColor) ?? .named(.blue))
        let separator = "\n" + renderer.encode(StyledText(String(repeating: "─", count: width), style: ANSIStyle(dim: true))) + "\n\n"
        let versions = notes.versions
        // Each thread parses texts through a cache of its own.
        let makeRenderer: @Sendable () -> TwoThreadRendering.Renderer = { [self] in
            let texts = MarkdownTextCache()
            return { range, output in
                for index in range {
                    if index > 0 { output += separator }
                    emit(versions[index], renderer: renderer, texts: texts, into: &output)
                    output.flushIfFull()
                }
            }
        }
        rendering.render(versions.count, into: &output, here: makeRenderer(), elsewhere: makeRenderer)
    }

    /// One version's notes, ending with a line feed.
    package func emit(_ version: ReleaseNotes.Version, renderer: ANSIRenderer) -> String {
        var output = OutputBuffer()
        emit(version, renderer: renderer, texts: MarkdownTextCache(), into: &output)
        return output.text
    }

    /// Where an action was written in a version's lines (for the pager's focus).
    package struct ActionMark {
        package enum Kind { case primary, secondary(ReleaseNotes.SecondaryAction.Kind) }
        package var kind: Kind
        /// The lines, counted from the version's first.
        package var lines: Range<Int>
    }

    /// Writes one version's notes, each line ending with a line feed, its texts parsed through `texts`, and
    /// says on which lines its actions are.
    @discardableResult
    package func emit(_ version: ReleaseNotes.Version, renderer: ANSIRenderer, texts: MarkdownTextCache,
                      into output: inout OutputBuffer) -> [ActionMark] {
        // The writer holds the output while it writes the version's lines.
        var lines = LineWriter(renderer: renderer, width: width)
        swap(&lines.output, &output)
        defer { swap(&lines.output, &output) }
        let layout = version.layout

        lines.blank(Self.lines(layout.contentPadding.top))
        let titleStyle = ANSIStyle(bold: true, foreground: version.titleColor.flatMap(Color.parse))
        for line in WordWrapper(width: width).wrap(renderer.styled(texts.text(parsing: version.title), base: titleStyle)) {
            lines.centered(line)
        }
        var caption = version.displayVersion
        if let date = version.date { caption += " · " + date }
        lines.centered(StyledText(caption, style: ANSIStyle(dim: true)))
        lines.blank(Self.lines(layout.contentSpacing))

        let leading = Self.columns(layout.featureListPadding.leading)
        if let summary = version.summary {
            let summaryLines = renderer.lines(of: texts.document(parsing: summary), width: max(20, width - leading))
            for line in summaryLines {
                var indented = StyledText(line.isEmpty ? "" : String(repeating: " ", count: leading))
                indented.append(line)
                lines.line(indented)
            }
            if !summaryLines.isEmpty { lines.blank(max(1, Self.lines(layout.contentSpacing))) }
        }
        let gap = max(1, Self.columns(layout.featureHorizontalSpacing))
        for (index, feature) in version.features.enumerated() {
            if index > 0 { lines.blank(Self.lines(layout.featureListSpacing)) }
            let textColumn = leading + Self.glyphColumns + gap
            let imageStyle = ANSIStyle(foreground: feature.image?.color.flatMap(Color.parse) ?? .named(.accentColor))
            let title = renderer.styled(texts.text(parsing: feature.title), base: ANSIStyle(bold: true))
            // Without a glyph or alt text of its own, '•' marks the row, as for a feature without an image.
            var label = feature.imageLabel
            if label == .none { label = .glyph(SymbolGlyphs.fallback) }
            // An `emoji` wider than the glyph column (several characters) flows into the title as alt text does.
            if case .glyph(let glyph) = label, DisplayWidth.of(glyph) > Self.glyphColumns { label = .alt(glyph) }
            switch label {
            case .glyph(let glyph):
                // The title in its column however wide the terminal draws the glyph (see `LineWriter.glyphRow`).
                let titleLines = WordWrapper(width: width).wrap(title, indent: textColumn, hangingIndent: textColumn)
                for (number, line) in titleLines.enumerated() {
                    if number == 0 {
                        lines.glyphRow(StyledText(glyph, style: imageStyle), leading: leading, column: textColumn, gap: gap, rest: line)
                    } else {
                        lines.line(line)
                    }
                }
            case .alt(let alt):
                // A file, or a symbol without an emoji: its alt text in brackets, where the glyph would be.
                var head = StyledText(String(repeating: " ", count: leading))
                if feature.imageLabel == .alt(alt) {
                    let text = PlainTextRenderer.render(texts.text(parsing: alt)).replacingNewlines(with: " ")
                    head.append("[" + text + "]", style: ANSIStyle(dim: true))
                } else {
                    head.append(alt, style: imageStyle)
                }
                head.append(String(repeating: " ", count: gap))
                head.append(title)
                for line in WordWrapper(width: width).wrap(head, hangingIndent: textColumn) { lines.line(line) }
            case .none:
                break
            }
            // A one-line change (no subtitle) takes no line for it.
            guard feature.hasSubtitle else { continue }
            let subtitle = renderer.styled(texts.text(parsing: feature.subtitle), base: ANSIStyle(dim: true))
            for line in WordWrapper(width: width).wrap(subtitle, indent: textColumn, hangingIndent: textColumn) { lines.line(line) }
        }

        lines.blank(Self.lines(layout.contentSpacing))
        var marks: [ActionMark] = []
        if let secondary = version.secondaryAction {
            let textColumn = Self.textColumn(of: layout)
            let first = lines.count
            secondaryLines(secondary, renderer: renderer, texts: texts, textColumn: textColumn, into: &lines)
            marks.append(ActionMark(kind: .secondary(secondary.kind), lines: first..<max(first + 1, lines.count)))
            lines.blank(max(0, Self.lines(layout.footerActionSpacing)))
        }
        let primary = version.primaryAction
        var button = StyledText()
        let buttonStyle = ANSIStyle(bold: true, foreground: Color.parse(primary.foregroundColor) ?? .named(.white),
                                    background: Color.parse(primary.backgroundColor) ?? .named(.accentColor))
        let label = renderer.styled(texts.text(parsing: primary.title), base: buttonStyle)
        button.append("[ ", style: buttonStyle)
        button.append(label)
        button.append(" ]", style: buttonStyle)
        marks.append(ActionMark(kind: .primary, lines: lines.count..<lines.count + 1))
        lines.centered(button)
        return marks
    }

    private func secondaryLines(_ action: ReleaseNotes.SecondaryAction, renderer: ANSIRenderer, texts: MarkdownTextCache,
                                textColumn: Int, into lines: inout LineWriter) {
        let style = ANSIStyle(foreground: Color.parse(action.foregroundColor) ?? .named(.accentColor))
        let title = renderer.styled(texts.text(parsing: action.title), base: style)
        switch action.kind {
        case .openURL(let url):
        guard let safe = LinkPolicy.sanitized(url, allowRelative: false) else { return lines.centered(title) }
        var line = StyledText()
        if capabilities.usesHyperlinks {
            for run in title.runs { line.append(run.text, style: run.style.adding(ANSIStyle(underline: true)), link: safe) }
            line.append(" ↗", style: style)
            return lines.centered(line)
        }
        line.append(title)
        line.append(": ", style: style)
        line.append(safe, style: ANSIStyle(underline: capabilities.usesEscapes))
        for wrapped in WordWrapper(width: width).wrap(line) { lines.centered(wrapped) }
        case .present(let pageTitle, let body):
        lines.centered(title)
        if pushesPresentPages { return }
        lines.blank(1)
        pageLines(title: pageTitle, body: body, renderer: renderer, texts: texts, textColumn: textColumn, into: &lines)
        lines.blank(1)
        case .dismiss, .custom:
        lines.centered(title)
        }
    }

    /// A `present` action's page, indented as the features' text is, so it reads as part of the notes.
    package func pageLines(title pageTitle: String?, body: String, renderer: ANSIRenderer, texts: MarkdownTextCache,
                           textColumn: Int, into lines: inout LineWriter) {
        let indent = String(repeating: " ", count: textColumn)
        if let pageTitle {
            let titleText = renderer.styled(texts.text(parsing: pageTitle), base: ANSIStyle(bold: true))
            for line in WordWrapper(width: width).wrap(titleText, indent: textColumn, hangingIndent: textColumn) { lines.line(line) }
        }
        for line in renderer.lines(of: texts.document(parsing: body), width: max(20, width - textColumn)) {
            if line.isEmpty {
                lines.line(line)
            } else {
                var indented = StyledText(indent)
                indented.append(line)
                lines.line(indented)
            }
        }
    }

    /// Writes encoded lines, each followed by a line feed, into the output it holds, and counts them.
    package struct LineWriter {
        package let renderer: ANSIRenderer
        package let width: Int
        package var output = OutputBuffer()
        /// The lines written so far.
        package private(set) var count = 0

        package init(renderer: ANSIRenderer, width: Int) {
            self.renderer = renderer
            self.width = width
        }

        package mutating func line(_ line: StyledText) {
            renderer.encode(line, into: &output.bytes)
            output.append(UInt8(ascii: "\n"))
            count += 1
        }

        /// A feature's first line: `leading` spaces, the glyph, and `rest` from `column` on (`rest` is indented
        /// to it). Terminals differ in how wide they draw an emoji (🗺️, ⛰️: a narrow pictograph made wide by
        /// U+FE0F, which tmux and VTE count as one column and others as two), so with escapes the cursor is
        /// moved to the column (CHA, `ESC [ n G`) rather than counting spaces after the glyph; without them, the
        /// glyph is taken as wide as `DisplayWidth` says.
        mutating func glyphRow(_ glyph: StyledText, leading: Int, column: Int, gap: Int, rest: StyledText) {
            var head = StyledText(String(repeating: " ", count: leading))
            head.append(glyph)
            var tail = StyledText()
            var toDrop = column
            for run in rest.runs {
                if toDrop > 0, run.style.isPlain, run.link == nil {
                    let spaces = run.text.prefix { $0 == " " }.prefix(toDrop)
                    toDrop -= spaces.count
                    tail.append(String(run.text.dropFirst(spaces.count)), style: run.style, link: run.link)
                } else {
                    toDrop = 0
                    tail.append(run.text, style: run.style, link: run.link)
                }
            }
            renderer.encode(head, into: &output.bytes)
            if renderer.capabilities.usesEscapes {
                output.bytes.append(contentsOf: "\u{1B}[\(column + 1)G".utf8)
            } else {
                output.bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(gap, column - head.width)))
            }
            line(tail)
        }

        /// A line centered in the width (lines wider than the width are left as they are).
        mutating func centered(_ line: StyledText) {
            let padding = max(0, (width - line.width) / 2)
            output.bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
            self.line(line)
        }

        package mutating func blank(_ count: Int) {
            output.bytes.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: count))
            self.count += count
        }
    }

    /// The columns of a feature's glyph.
    static let glyphColumns = 2

    /// The column a version's feature texts start at (its `present` page is indented to it too).
    package static func textColumn(of layout: Layout) -> Int {
        columns(layout.featureListPadding.leading) + glyphColumns + max(1, columns(layout.featureHorizontalSpacing))
    }

    /// Blank lines for a vertical spacing in points (30 points a line, at most 2: a terminal line is tall).
    package static func lines(_ points: Double) -> Int {
        guard points.isFinite else { return 0 }
        return min(2, max(0, Int((points / 30).rounded())))
    }

    /// Columns for a horizontal spacing in points (7.5 points a column, at most 8).
    package static func columns(_ points: Double) -> Int {
        guard points.isFinite else { return 0 }
        return min(8, max(0, Int((points / 7.5).rounded())))
    }
}
