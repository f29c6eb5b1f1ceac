import WhatsNewText

/// Renders Markdown for a terminal: strong as bold, emphasis as italic, strikethrough, code in `codeStyle`,
/// links as OSC 8 hyperlinks (or `text (URL)` without them), colors in 24 bits or the nearest of 256, and no
/// escape sequence at all when the capabilities say so. Text reaches the terminal only through
/// `StyledText`, which makes control characters and bidi overrides visible.
package struct ANSIRenderer: Sendable {
    package var capabilities: TerminalCapabilities
    /// What the named color `accentColor` means (the manifest's `defaults.accentColor`).
    package var accentColor: Color
    /// How code spans and code blocks look.
    package var codeStyle: ANSIStyle

    package init(capabilities: TerminalCapabilities, accentColor: Color = .named(.blue),
                 codeStyle: ANSIStyle = ANSIStyle(foreground: .named(.orange))) {
        self.capabilities = capabilities
        self.accentColor = accentColor
        self.codeStyle = codeStyle
    }

    /// A field's text as styled runs, every style added to `base` (e.g. dim for a subtitle).
    package func styled(_ text: MarkdownText, base: ANSIStyle = .plain) -> StyledText {
        styled(inlines: text.inlines, base: base)
    }

    /// Inline content as styled runs over `base`.
    package func styled(inlines: [MarkdownInline], base: ANSIStyle = .plain) -> StyledText {
        if inlines.count == 1, case .text(let text) = inlines[0] { return StyledText(text, style: base) }
        var writer = ANSIInlineWriter(renderer: self, style: base)
        writer.visit(inlines)
        return writer.result
    }

    /// One line as the terminal receives it: SGR and OSC 8 sequences around the runs (none without escapes),
    /// everything reset and every link closed at the end.
    package func encode(_ line: StyledText) -> String {
        guard capabilities.usesEscapes else { return line.plainText }
        var out: [UInt8] = []
        encode(line, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the line as `encode(_:)` spells it to a UTF-8 buffer.
    package func encode(_ line: StyledText, into out: inout [UInt8]) {
        func write(_ text: String) {
            var text = text
            text.withUTF8 { out.append(contentsOf: $0) }
        }
        guard capabilities.usesEscapes else {
            for run in line.runs { write(run.text) }
            return
        }
        var currentStyle = ANSIStyle.plain
        var styleIsOpen = false
        var currentLink: String?
        for run in line.runs {
            let link = capabilities.usesHyperlinks ? run.link : nil
            if link != currentLink {
                if currentLink != nil { write(Self.closeLink) }
                if let link {
                    write("\u{1B}]8;;")
                    write(link)
                    write("\u{1B}\\")
                }
                currentLink = link
            }
            if run.style != currentStyle {
                if styleIsOpen { write(Self.reset) }
                let codes = sgrCodes(run.style)
                styleIsOpen = !codes.isEmpty
                if styleIsOpen {
                    write("\u{1B}[")
                    write(codes)
                    write("m")
                }
                currentStyle = run.style
            }
            write(run.text)
        }
        if currentLink != nil { write(Self.closeLink) }
        if styleIsOpen { write(Self.reset) }
    }

    /// `text` wrapped at `width` columns (see `WordWrapper`), each line encoded, joined by line feeds.
    package func wrapped(_ text: StyledText, width: Int, indent: Int = 0, hangingIndent: Int = 0) -> String {
        WordWrapper(width: width).wrap(text, indent: indent, hangingIndent: hangingIndent).map(encode).joined(separator: "\n")
    }

    /// A document (a `present` page body) for a terminal `width` columns wide, ending with a line feed:
    /// wrapped paragraphs, bold headings, bulleted and numbered lists with hanging indents, quotes behind a
    /// bar, code blocks indented and unwrapped, blank lines between blocks.
    package func render(_ document: MarkdownDocument, width: Int) -> String {
        let lines = lines(of: document, width: width)
        return lines.isEmpty ? "" : lines.map(encode).joined(separator: "\n") + "\n"
    }

    /// The lines `render(_:width:)` encodes.
    package func lines(of document: MarkdownDocument, width: Int) -> [StyledText] {
        blockLines(document.blocks, width: max(1, width), tight: false)
    }

    // MARK: Escape sequences

    private static let reset = "\u{1B}[0m"
    private static let closeLink = "\u{1B}]8;;\u{1B}\\"

    /// The SGR parameters of a style, e.g. `1;38;5;208`; empty for a plain style. Colors are those of
    /// `TerminalColors`: text readable on light and dark backgrounds, a button's text on its background.
    func sgrCodes(_ style: ANSIStyle) -> String {
        var codes: [String] = []
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.italic { codes.append("3") }
        if style.underline { codes.append("4") }
        if style.inverse { codes.append("7") }
        if style.strikethrough { codes.append("9") }
        guard capabilities.colorDepth != .none else { return codes.joined(separator: ";") }
        let background = style.background.flatMap { resolved($0, isBackground: true) }
        let foreground = style.foreground.flatMap { resolved($0, isBackground: false) }
        if let background {
            // A button: its text as it is, its background shaded under it.
            let front = foreground.map { TerminalColors.ansiFront($0, depth: capabilities.colorDepth) }
            if let foreground { codes.append(colorCode(foreground, prefix: "38", constraint: .none)) }
            let back = TerminalColors.buttonBackground(background, foreground: front)
            codes.append(colorCode(back, prefix: "48", constraint: front.map { .behind($0) } ?? .none))
        } else if let foreground {
            codes.append(colorCode(TerminalColors.text(foreground), prefix: "38", constraint: .text))
        }
        return codes.joined(separator: ";")
    }

    /// A color's value on this terminal (composited over the appearance's background); nil for `clear`, and
    /// for `primary` as a foreground, which is the terminal's own text color.
    private func resolved(_ color: Color, isBackground: Bool) -> RGBColor? {
        if color == .named(.primary), !isBackground { return nil }
        let appearance = capabilities.appearance
        let value = color.resolved(for: appearance, accent: accentColor)
        guard value.alpha > 0 else { return nil }
        return value.composited(over: appearance.background)
    }

    /// `38;2;r;g;b` or `38;5;n` (`prefix` 48 for a background).
    private func colorCode(_ rgb: RGBColor, prefix: String, constraint: TerminalColors.Constraint) -> String {
        switch capabilities.colorDepth {
        case .none, .trueColor: return "\(prefix);2;\(rgb.red);\(rgb.green);\(rgb.blue)"
        case .ansi256: return "\(prefix);5;\(TerminalColors.ansi256Index(rgb, keeping: constraint))"
        }
    }

    // MARK: Blocks, as lines

    private func blockLines(_ blocks: [MarkdownBlock], width: Int, tight: Bool) -> [StyledText] {
        var lines: [StyledText] = []
        for block in blocks {
            if !lines.isEmpty, !tight { lines.append(StyledText()) }
            lines += blockLines(block, width: width)
        }
        return lines
    }

    private func blockLines(_ block: MarkdownBlock, width: Int) -> [StyledText] {
        let wrapper = WordWrapper(width: width)
        switch block {
        case .paragraph(let content):
            return wrapper.wrap(styled(inlines: content))
        case .heading(let level, let content):
            return wrapper.wrap(styled(inlines: content, base: ANSIStyle(bold: true, underline: level == 1)))
        case .list(let list):
            var lines: [StyledText] = []
            let markers = list.items.indices.map { list.isOrdered ? "\(list.start + $0)." : "•" }
            let markerWidth = (markers.map(\.count).max() ?? 1) + 1
            for (index, item) in list.items.enumerated() {
                if index > 0, !list.isTight { lines.append(StyledText()) }
                let marker = markers[index] + String(repeating: " ", count: markerWidth - markers[index].count)
                let itemLines = blockLines(item, width: max(width - markerWidth, 8), tight: list.isTight)
                lines += prefixed(itemLines.isEmpty ? [StyledText()] : itemLines, first: marker,
                                  rest: String(repeating: " ", count: markerWidth), style: .plain)
            }
            return lines
        case .blockQuote(let blocks):
            let inner = blockLines(blocks, width: max(width - 2, 8), tight: false)
            return prefixed(inner, first: "│ ", rest: "│ ", style: ANSIStyle(dim: true))
        case .codeBlock(_, let code):
            var codeLines = code.split(separator: "\n", omittingEmptySubsequences: false)
            if codeLines.last == "" { codeLines.removeLast() }
            return codeLines.map { line in
                var text = StyledText("  ")
                text.append(String(line), style: codeStyle)
                return text
            }
        case .html(let html):
            return wrapper.wrap(StyledText(html.hasSuffix("\n") ? String(html.dropLast()) : html))
        case .thematicBreak:
            return [StyledText(String(repeating: "─", count: min(width, 40)), style: ANSIStyle(dim: true))]
        }
    }

    private func prefixed(_ lines: [StyledText], first: String, rest: String, style: ANSIStyle) -> [StyledText] {
        lines.enumerated().map { index, line in
            let prefix = index == 0 ? first : rest
            guard !line.isEmpty || index == 0 else {
                let bare = String(prefix.reversed().drop { $0 == " " }.reversed())
                return bare.isEmpty ? StyledText() : StyledText(bare, style: style)
            }
            var text = StyledText(prefix, style: style)
            text.append(line)
            return text
        }
    }
}

/// Builds styled runs from inline content, one style per nesting.
private struct ANSIInlineWriter: MarkdownInlineVisitor {
    let renderer: ANSIRenderer
    var style: ANSIStyle
    var link: String?
    /// Inside a link, a nested link or image shows only its text.
    var insideLink = false
    var result = StyledText()

    init(renderer: ANSIRenderer, style: ANSIStyle) {
        self.renderer = renderer
        self.style = style
    }

    mutating func visitText(_ text: String) {
        result.append(text, style: style, link: link)
    }

    mutating func visitCode(_ code: String) {
        // Not dimmed with a dim subtitle: a terminal dims a color toward its background, and code is colored.
        var codeStyle = style.adding(renderer.codeStyle)
        if renderer.codeStyle.foreground != nil || renderer.codeStyle.background != nil { codeStyle.dim = false }
        result.append(code, style: codeStyle, link: link)
    }

    mutating func visitEmphasis(_ children: [MarkdownInline]) { styled(ANSIStyle(italic: true), children) }
    mutating func visitStrong(_ children: [MarkdownInline]) { styled(ANSIStyle(bold: true), children) }
    mutating func visitStrikethrough(_ children: [MarkdownInline]) {
        guard !renderer.capabilities.usesStrikethrough else { return styled(ANSIStyle(strikethrough: true), children) }
        // Where it cannot be drawn, struck text keeps its marks: without them it would say the opposite.
        visitText("~~")
        visit(children)
        visitText("~~")
    }

    mutating func visitLink(destination: String, title: String, children: [MarkdownInline]) {
        hyperlink(destination, content: children)
    }

    mutating func visitImage(source: String, title: String, alt: [MarkdownInline]) {
        hyperlink(source, content: alt)
    }

    private mutating func styled(_ added: ANSIStyle, _ children: [MarkdownInline]) {
        let saved = style
        style = style.adding(added)
        visit(children)
        style = saved
    }

    private mutating func hyperlink(_ destination: String, content: [MarkdownInline]) {
        guard !insideLink, let url = LinkPolicy.sanitized(destination) else {
            visit(content)
            return
        }
        let capabilities = renderer.capabilities
        // Only an absolute URL means anything to a terminal's hyperlink.
        let isHyperlink = capabilities.usesHyperlinks && LinkPolicy.scheme(of: url) != nil
        let saved = style
        if capabilities.usesEscapes { style = style.adding(ANSIStyle(underline: true)) }
        if isHyperlink { link = url }
        insideLink = true
        if content.isEmpty { visitText(url) } else { visit(content) }
        insideLink = false
        link = nil
        style = saved
        if !isHyperlink, !content.isEmpty, !Self.names(url, PlainTextRenderer.render(inlines: content)) {
            result.append(" (" + url + ")", style: capabilities.usesEscapes ? style.adding(ANSIStyle(dim: true)) : style)
        }
    }

    /// Whether the link's text already says its URL (an autolink), so printing the URL again adds nothing.
    private static func names(_ url: String, _ text: String) -> Bool {
        if url == text { return true }
        for prefix in ["mailto:", "http://", "https://"] where url.hasPrefix(prefix) {
            if String(url.dropFirst(prefix.count)) == text { return true }
        }
        return false
    }
}
