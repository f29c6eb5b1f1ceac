/// Wraps terminal text at a width in display columns (wide characters and emoji count two): breaks at
/// spaces and between East Asian wide characters (not before closing or after opening punctuation),
/// breaks a word longer than a line between its characters, never splits a grapheme cluster, and indents
/// the first line and the following ones (a hanging indent) by separate amounts. It works on styled runs,
/// so escape sequences, which are written only when a line is encoded, can never be split.
public struct WordWrapper: Sendable {
    /// The widest a line may be, in columns; at least one character goes on every line even if wider.
    public var width: Int

    public init(width: Int) {
        self.width = max(1, width)
    }

    /// The lines of `text`, the first indented by `indent` columns and the rest by `hangingIndent`; a line
    /// feed in the text starts a new line, and spaces where a line is broken are dropped.
    public func wrap(_ text: StyledText, indent: Int = 0, hangingIndent: Int = 0) -> [StyledText] {
        let cells = Self.cells(of: text)
        var lines: [StyledText] = []
        var line = Line(indent: indent)
        var pendingSpaces: Range<Int>?
        var index = 0
        func finishLine(wrapped: Bool) {
            lines.append(line.text)
            line = Line(indent: hangingIndent)
            line.startedByWrap = wrapped
        }
        func add(_ range: Range<Int>) {
            line.add(cells[range], runs: text.runs)
        }
        func place(_ range: Range<Int>, width wordWidth: Int) {
            if line.column + wordWidth <= width {
                add(range)
                return
            }
            for position in range {
                if line.hasContent, line.column + cells[position].width > width { finishLine(wrapped: true) }
                add(position..<position + 1)
            }
        }
        while index < cells.count {
            switch cells[index].kind {
            case .newline:
                finishLine(wrapped: false)
                pendingSpaces = nil
                index += 1
            case .space:
                var end = index
                while end < cells.count, cells[end].kind == .space { end += 1 }
                pendingSpaces = index..<end
                index = end
            case .wide, .other:
                var end = index + 1
                while end < cells.count, cells[end].kind != .space, cells[end].kind != .newline,
                      !Self.canBreak(between: cells[end - 1], and: cells[end]) {
                    end += 1
                }
                let wordWidth = cells[index..<end].reduce(0) { $0 + $1.width }
                let spaceWidth = pendingSpaces.map { cells[$0].reduce(0) { $0 + $1.width } } ?? 0
                if line.hasContent {
                    if line.column + spaceWidth + wordWidth <= width {
                        if let pendingSpaces { add(pendingSpaces) }
                        add(index..<end)
                    } else {
                        finishLine(wrapped: true)
                        place(index..<end, width: wordWidth)
                    }
                } else {
                    // Spaces that begin the text or a forced line are kept when they fit.
                    if let pendingSpaces, !line.startedByWrap, line.column + spaceWidth + wordWidth <= width {
                        add(pendingSpaces)
                    }
                    place(index..<end, width: wordWidth)
                }
                pendingSpaces = nil
                index = end
            }
        }
        lines.append(line.text)
        return lines
    }

    /// The lines of plain `text` (made terminal-safe like `StyledText`), wrapped as `wrap(_:indent:hangingIndent:)` does.
    public func wrap(_ text: String, indent: Int = 0, hangingIndent: Int = 0) -> [String] {
        wrap(StyledText(text), indent: indent, hangingIndent: hangingIndent).map(\.plainText)
    }

    // MARK: - Cells and break opportunities

    private struct Cell {
        enum Kind { case space, newline, wide, other }
        var character: Character
        var run: Int
        var width: Int
        var kind: Kind
    }

    private static func cells(of text: StyledText) -> [Cell] {
        var cells: [Cell] = []
        for (runIndex, run) in text.runs.enumerated() {
            for character in run.text {
                let kind: Cell.Kind
                let width: Int
                switch character {
                case " ", "\u{3000}":
                    kind = .space
                    width = DisplayWidth.of(character)
                case "\n", "\r\n":
                    kind = .newline
                    width = 0
                default:
                    width = DisplayWidth.of(character)
                    kind = width >= 2 ? .wide : .other
                }
                cells.append(Cell(character: character, run: runIndex, width: width, kind: kind))
            }
        }
        return cells
    }

    /// Whether a line may break between two adjacent non-space characters: only next to a wide character,
    /// and never before closing or after opening punctuation (the Japanese kinsoku rules, roughly).
    private static func canBreak(between previous: Cell, and next: Cell) -> Bool {
        guard previous.kind == .wide || next.kind == .wide else { return false }
        return !noBreakBefore.contains(next.character) && !noBreakAfter.contains(previous.character)
    }

    private static let noBreakBefore: Set<Character> = Set(
        "、。，．：；？！）」』】〕〉》〙〗〛ー々〻ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ・…‥〜～］｝｣" + ".,:;!?)]}%"
    )
    private static let noBreakAfter: Set<Character> = Set("（「『【〔〈《〘〖〚［｛｢" + "([{")

    // MARK: - One line being built

    private struct Line {
        let indent: Int
        var text = StyledText()
        var column: Int
        var hasContent = false
        var startedByWrap = false

        init(indent: Int) {
            self.indent = max(0, indent)
            column = self.indent
        }

        mutating func add(_ cells: ArraySlice<Cell>, runs: [StyledText.Run]) {
            guard let first = cells.first else { return }
            if !hasContent {
                if indent > 0 { text.appendVerbatim(String(repeating: " ", count: indent), style: .plain, link: nil) }
                hasContent = true
            }
            var currentRun = first.run
            var pending = ""
            for cell in cells {
                if cell.run != currentRun {
                    text.appendVerbatim(pending, style: runs[currentRun].style, link: runs[currentRun].link)
                    pending = ""
                    currentRun = cell.run
                }
                pending.append(cell.character)
                column += cell.width
            }
            text.appendVerbatim(pending, style: runs[currentRun].style, link: runs[currentRun].link)
        }
    }
}
