import Markdown
import WhatsNewText

/// A tip in the terminal: a rounded box, the glyph and the bold title on the first row, the message under
/// the title, then each action — a hyperlink (OSC 8) where the terminal follows one, else its title and URL;
/// an action without a link in brackets. Width-aware: the box is the width (at most 80 columns), texts
/// wrap inside it by display width. Everything from the manifest is terminal-safe (`StyledText`); with
/// `TerminalCapabilities.plain` not one escape is written.
package struct TipBoxEmitter: Sendable {
    package var capabilities: TerminalCapabilities
    package var width: Int
    /// The widest box drawn, however wide the terminal.
    package static let maximumWidth = 80

    package init(capabilities: TerminalCapabilities, width: Int) {
        self.capabilities = capabilities
        self.width = min(max(ANSIEmitter.widths.lowerBound, width), Self.maximumWidth)
    }

    package func emit(_ card: TipCard, accentColor: String? = nil) -> String {
        let accent = accentColor.flatMap(Color.parse) ?? .named(.blue)
        let renderer = ANSIRenderer(capabilities: capabilities, accentColor: accent)
        let border = ANSIStyle(foreground: .named(.accentColor))
        // "│ " + glyph (2 columns) + " " + text + " │"
        let textColumn = 5
        let textWidth = width - textColumn - 2
        let wrapper = WordWrapper(width: textWidth)
        var rows: [(glyph: StyledText?, text: StyledText)] = []
        let title = wrapper.wrap(renderer.styled(MarkdownText(parsing: card.title), base: ANSIStyle(bold: true)))
        for (index, line) in title.enumerated() {
            rows.append((index == 0 ? StyledText(card.glyph, style: ANSIStyle(foreground: card.glyphColor.flatMap(Color.parse) ?? .named(.accentColor))) : nil, line))
        }
        if let message = card.message {
            for line in wrapper.wrap(renderer.styled(MarkdownText(parsing: message))) { rows.append((nil, line)) }
        }
        for action in card.actions {
            let label = renderer.styled(MarkdownText(parsing: action.title)).plainText
            var line = StyledText()
            if let url = action.url {
                line.append(label, style: ANSIStyle(underline: true, foreground: .named(.accentColor)), link: url)
                if !capabilities.usesHyperlinks { line.append(": " + url, style: ANSIStyle(dim: true)) }
            } else {
                line.append("[" + label + "]", style: ANSIStyle(foreground: .named(.accentColor)))
            }
            for wrapped in wrapper.wrap(line) { rows.append((nil, wrapped)) }
        }
        var output = renderer.encode(StyledText("╭" + String(repeating: "─", count: width - 2) + "╮", style: border)) + "\n"
        for row in rows {
            var head = StyledText("│ ", style: border)
            if let glyph = row.glyph {
                // An emoji wider than its column flows into the text, as in the notes.
                head.append(glyph)
            }
            output += renderer.encode(head)
            output += moveOrPad(to: textColumn, from: head.width)
            output += renderer.encode(row.text)
            output += moveOrPad(to: width - 1, from: textColumn + row.text.width)
            output += renderer.encode(StyledText("│", style: border)) + "\n"
        }
        output += renderer.encode(StyledText("╰" + String(repeating: "─", count: width - 2) + "╯", style: border)) + "\n"
        return output
    }

    /// With escapes, the cursor moved to `column` (CHA), whatever width the terminal drew an emoji; without,
    /// spaces from `current` (as `DisplayWidth` counts).
    private func moveOrPad(to column: Int, from current: Int) -> String {
        if capabilities.usesEscapes { return "\u{1B}[\(column + 1)G" }
        return String(repeating: " ", count: max(0, column - current))
    }
}
