import WhatsNewText

/// What the sheet draws in the main screen: a bordered panel at the cursor, at most `maxHeight` rows (by
/// default the terminal's rows minus 4), the notes scrolled inside it, and a footer in the bottom border
/// naming the keys. Pure: every frame starts and ends with the cursor at the panel's top-left corner.
struct SheetScreen {
    /// The title in the top border, safe for the terminal.
    var title: String
    var rows: Int
    var columns: Int
    /// `--max-height`, or nil for the terminal's rows minus 4.
    var maxHeight: Int?

    /// The width the notes are laid out at: inside the border and a space each side.
    var layoutWidth: Int { max(1, columns - 4) }

    /// The panel's rows for a page of `lineCount` lines: the lines and the two borders, at most the limit.
    func height(lineCount: Int) -> Int {
        let limit = min(rows, maxHeight ?? rows - 4)
        return max(3, min(limit, lineCount + 2))
    }

    /// The rows of text inside the panel.
    func viewportHeight(lineCount: Int) -> Int { height(lineCount: lineCount) - 2 }

    /// Whether a page of `lineCount` lines fits the panel without scrolling.
    func fits(lineCount: Int) -> Bool { lineCount <= viewportHeight(lineCount: lineCount) }

    /// Makes room for the panel below the cursor (scrolling the screen up when needed) and goes back to its
    /// first row.
    func reserve(lineCount: Int) -> String {
        let height = height(lineCount: lineCount)
        return "\r" + String(repeating: "\r\n", count: height - 1) + "\u{1B}[\(height - 1)A"
    }

    /// Erases the panel: the cursor is left where the panel began, for the shell's prompt.
    var erase: String { "\r\u{1B}[J" }

    func frame(page: LaidOutPage, offset: Int) -> String {
        let height = height(lineCount: page.lines.count)
        let viewport = height - 2
        var rowsDrawn: [String] = []
        rowsDrawn.append(border(left: "╭", label: title, right: "╮"))
        for row in 0..<viewport {
            let index = offset + row
            let line = page.lines.indices.contains(index) ? TerminalLine.shifted(page.lines[index], by: 2) : ""
            rowsDrawn.append("│ " + line + "\u{1B}[0m\u{1B}[\(columns)G│")
        }
        rowsDrawn.append(border(left: "╰", label: footer(lineCount: page.lines.count, offset: offset, viewport: viewport), right: "╯"))
        return "\r" + rowsDrawn.map { "\u{1B}[2K" + $0 }.joined(separator: "\r\u{1B}[1B") + "\r\u{1B}[\(height - 1)A"
    }

    /// The keys, and where the panel is scrolled to when it scrolls: the longest form that fits.
    private func footer(lineCount: Int, offset: Int, viewport: Int) -> String {
        guard lineCount > viewport else { return "Enter continue · q close" }
        let place = "\(offset + 1)–\(min(lineCount, offset + viewport))/\(lineCount)"
        let forms = ["Enter continue · q close · ↑↓ scroll · \(place)", "↑↓ \(place) · Enter continue · q close", "↑↓ \(place) · Enter/q close"]
        return forms.first { DisplayWidth.of($0) <= columns - 6 } ?? forms[forms.count - 1]
    }

    /// A border row with a label after its corner: `╭─ What's new ───╮`.
    private func border(left: String, label: String, right: String) -> String {
        let inner = max(0, columns - 2)
        var middle = inner >= 4 ? "─ " + TerminalLine.truncated(label, to: inner - 4) + " " : ""
        middle += String(repeating: "─", count: max(0, inner - DisplayWidth.of(middle)))
        return left + middle + right
    }
}
