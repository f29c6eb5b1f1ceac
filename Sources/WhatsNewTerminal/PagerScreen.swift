import WhatsNewText

/// What the pager draws on the alternate screen: a header (the title, the page, the lines shown), a window
/// of the page's lines with the focused action in reverse video, and a footer naming the keys (or a status
/// message). Pure: a frame is a string of escapes that redraws every row.
struct PagerScreen {
    /// The header's title, safe for the terminal.
    var title: String
    var rows: Int
    var columns: Int

    /// The rows of text between the header and the footer.
    var viewportHeight: Int { max(1, rows - 2) }

    /// The width the pages are laid out at: the terminal's, as inline output.
    var layoutWidth: Int { columns }

    func frame(page: LaidOutPage, entry: Navigation.Entry, depth: Int, status: String?) -> String {
        var frame = ""
        let shown = page.lines.isEmpty ? "0 of 0" : "\(entry.offset + 1)–\(min(page.lines.count, entry.offset + viewportHeight)) of \(page.lines.count)"
        let place = depth > 0 ? " · page \(depth + 1)" : ""
        frame += "\u{1B}[1;1H\u{1B}[2K" + bar(left: " " + title + place, right: shown + " ")
        let focused = entry.focus.flatMap { page.actionLines.indices.contains($0) ? page.actionLines[$0] : nil }
        for row in 0..<viewportHeight {
            frame += "\u{1B}[\(row + 2);1H\u{1B}[2K"
            let index = entry.offset + row
            guard page.lines.indices.contains(index) else { continue }
            frame += focused?.contains(index) == true ? TerminalLine.highlighted(page.lines[index]) : page.lines[index]
            frame += "\u{1B}[0m"
        }
        frame += "\u{1B}[\(max(rows, 2));1H\u{1B}[2K" + bar(left: " " + (status ?? fitted(keys(page: page, entry: entry, depth: depth))), right: "")
        return frame
    }

    /// The keys that do something on this page, the most useful first.
    func keys(page: LaidOutPage, entry: Navigation.Entry, depth: Int) -> [String] {
        var keys: [String] = []
        if let focus = entry.focus, page.actions.indices.contains(focus) {
            switch page.actions[focus] {
            case .present: keys.append("Enter open page")
            case .openURL: keys.append("Enter link")
            case .dismiss: keys.append("Enter continue")
            }
            if page.actions.count > 1 { keys.append("Tab next action") }
        }
        if depth > 0 { keys += ["h back", "Esc first page"] }
        keys += ["q close", "↑↓ j k scroll", "Space PgDn", "g G top/end"]
        return keys
    }

    /// As many of `keys` as fit the footer whole, in their order: a narrow terminal loses the last ones, never
    /// half of one.
    func fitted(_ keys: [String]) -> String {
        var shown = ""
        for key in keys {
            let next = shown.isEmpty ? key : shown + " · " + key
            if DisplayWidth.of(next) > columns - 1, !shown.isEmpty { break }
            shown = next
        }
        return shown
    }

    /// A row in reverse video: `left` at the start, `right` at the end, cut to the width.
    private func bar(left: String, right: String) -> String {
        let room = columns - DisplayWidth.of(right)
        var text = TerminalLine.truncated(left, to: max(0, room))
        text += String(repeating: " ", count: max(0, room - DisplayWidth.of(text)))
        if room >= 0 { text += right }
        return "\u{1B}[7m" + TerminalLine.truncated(text, to: columns) + "\u{1B}[0m"
    }
}
