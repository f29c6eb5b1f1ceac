/// Notes laid out once into terminal lines at one width, for the sheet and the pager to show a window of:
/// the lines `ANSIEmitter` writes, where each action is, and the pages `present` actions push.
package struct LaidOutPage: Sendable, Hashable {
    /// What activating an action does; `custom` actions are not focusable, so have no case.
    package indirect enum Action: Sendable, Hashable {
        case present(LaidOutPage)
        case openURL(String)
        case dismiss
    }

    /// The encoded lines, without line feeds.
    package var lines: [String]
    /// The actions in the order they appear, with the lines each is on.
    package var actions: [Action]
    package var actionLines: [Range<Int>]
    /// The action focused first: the first primary action.
    package var initialFocus: Int
    /// For each line, its place in the text, the same at any width (see `line(atText:)`): twice the letters
    /// and digits before it on the page, plus one when it shows any itself (so that a blank line or a rule
    /// comes before the text that follows it).
    package private(set) var textPositions: [Int]

    package init(lines: [String], actions: [Action] = [], actionLines: [Range<Int>] = [], initialFocus: Int = 0) {
        self.lines = lines
        self.actions = actions
        self.actionLines = actionLines
        self.initialFocus = initialFocus
        var letters = 0
        textPositions = lines.map { line in
            let length = TerminalLine.textLength(line)
            defer { letters += length }
            return 2 * letters + (length > 0 ? 1 : 0)
        }
    }

    /// The page as navigation knows it: its height and its actions.
    package var navigationPage: Navigation.Page {
        Navigation.Page(lineCount: lines.count, actions: actions.map { action in
            switch action {
            case .present(let page): return .present(page.navigationPage)
            case .openURL(let url): return .openURL(url)
            case .dismiss: return .dismiss
            }
        }, actionLines: actionLines, initialFocus: initialFocus)
    }

    /// The lines from `offset`, at most `height` of them.
    package func window(from offset: Int, height: Int) -> ArraySlice<String> {
        let start = min(max(0, offset), lines.count)
        return lines[start..<min(lines.count, start + max(0, height))]
    }

    /// The page pushed by following `path` (indices of `present` actions) from this one, or nil.
    package func page(at path: [Int]) -> LaidOutPage? {
        var page = self
        for index in path {
            guard page.actions.indices.contains(index), case .present(let pushed) = page.actions[index] else { return nil }
            page = pushed
        }
        return page
    }

    /// The place in the text where `line` starts (see `textPositions`).
    package func textPosition(ofLine line: Int) -> Int {
        guard !lines.isEmpty else { return 0 }
        return textPositions[min(max(0, line), lines.count - 1)]
    }

    /// The line that shows the text at `position` (from `textPosition(ofLine:)` of the same notes laid out at
    /// another width): the line holding that letter, or, for a blank line or a rule, the first such line
    /// between the same texts.
    package func line(atText position: Int) -> Int {
        guard !lines.isEmpty else { return 0 }
        // The last line starting at or before the position...
        var low = 0
        var high = lines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if textPositions[middle] <= position { low = middle } else { high = middle - 1 }
        }
        // ...or, when several blank lines or rules start there, the first of them.
        while low > 0, textPositions[low - 1] == textPositions[low] { low -= 1 }
        return low
    }
}
