import SourceText
import WhatsNewText

/// Prints diagnostics in the compiler style (docs/diagnostics.md): a `file:line:column: severity: message [code]`
/// header, the source line under a gutter, and a caret with tildes under the range, aligned under tabs
/// and wide characters.
public struct TextDiagnosticPrinter: Sendable {
    public var useColor: Bool
    /// Tabs in source lines are shown as spaces up to the next multiple of this.
    public var tabWidth: Int
    /// Source lines wider than this many columns are cut around the caret.
    public var maxLineWidth: Int

    public init(useColor: Bool = false, tabWidth: Int = 4, maxLineWidth: Int = 120) {
        self.useColor = useColor
        self.tabWidth = tabWidth
        self.maxLineWidth = maxLineWidth
    }

    /// Every diagnostic the engine kept, a closing note saying how many more there were when it kept fewer
    /// than it found (`--max-diagnostics`), and a summary line counting all ("2 errors and 1 warning").
    public func render(_ engine: DiagnosticEngine) -> String {
        var output = engine.diagnostics.map(render).joined()
        if let omitted = engine.omitted { output += render(omitted.note) }
        if let summary = engine.summary { output += summary + " generated.\n" }
        return output
    }

    public func render(_ diagnostic: Diagnostic) -> String {
        var output = header(file: diagnostic.file, range: diagnostic.range, severity: diagnostic.severity.rawValue,
                            message: diagnostic.message, code: diagnostic.code)
        if let file = diagnostic.file, let range = diagnostic.range { output += snippet(file: file, range: range) }
        if let fix = diagnostic.fix {
            output += style("   = fix: ", .bold) + TerminalSafeText.visible(fix) + "\n"
        }
        for note in diagnostic.notes {
            let file = note.file ?? diagnostic.file
            output += header(file: file, range: note.range, severity: "note", message: note.message, code: nil)
            if let file, let range = note.range { output += snippet(file: file, range: range) }
        }
        return output
    }

    private enum Style: String {
        case bold = "1", red = "1;31", yellow = "1;33", cyan = "1;36", green = "1;32"
    }

    private func style(_ text: String, _ style: Style) -> String {
        useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    private func header(file: SourceFile?, range: SourceRange?, severity: String, message: String, code: String?) -> String {
        var location = file.map { TerminalSafeText.visible($0.name) } ?? "whatsnew"
        if file != nil, let range { location += ":\(range.start.line):\(range.start.column)" }
        let severityStyle: Style = severity == "error" ? .red : severity == "warning" ? .yellow : .cyan
        var line = style(location + ":", .bold) + " " + style(severity + ":", severityStyle) + " "
        line += style(TerminalSafeText.visible(message), .bold)
        if let code { line += " [\(code)]" }
        return line + "\n"
    }

    /// The gutter, the source line and the caret line for a range (its first line only). A line wider
    /// than `maxLineWidth` columns is cut to a window around the caret, marked with '…'.
    func snippet(file: SourceFile, range: SourceRange) -> String {
        let lineNumber = range.start.line
        guard lineNumber >= 1, lineNumber <= file.lineCount else { return "" }
        // Only the part of the line that can be shown is read, so a diagnostic on a line of megabytes (a
        // minified JSON file) costs no more than one on a short line.
        let excerpt = file.lineExcerpt(lineNumber, around: range.start.offset, before: maxLineWidth, after: 2 * maxLineWidth)
        let scalars = Array(excerpt.text.unicodeScalars)
        let startIndex = max(0, range.start.column - excerpt.startColumn)
        let endIndex = range.end.line == lineNumber ? max(startIndex, range.end.column - excerpt.startColumn) : scalars.count
        var cells: [(text: String, column: Int, width: Int)] = []
        var column = 0
        var startColumn: Int?
        var endColumn: Int?
        for (index, scalar) in scalars.enumerated() {
            if index == startIndex { startColumn = column }
            if index == endIndex { endColumn = column }
            let text: String
            let width: Int
            if scalar == "\t" {
                width = tabWidth - column % tabWidth
                text = String(repeating: " ", count: width)
            } else if TerminalSafeText.isUnsafe(scalar) {
                text = TerminalSafeText.visible(String(scalar))
                width = text.count
            } else {
                text = String(scalar)
                width = DisplayWidth.of(scalar)
            }
            cells.append((text, column, width))
            column += width
        }
        var caretStart = startColumn ?? column
        var caretEnd = max(caretStart + 1, endColumn ?? column)
        var windowStart = 0
        var windowEnd = column
        if column > maxLineWidth {
            windowStart = max(0, min(caretStart - maxLineWidth / 3, column - maxLineWidth))
            windowEnd = windowStart + maxLineWidth
        }
        let leadingEllipsis = windowStart > 0 || excerpt.clippedStart
        var display = leadingEllipsis ? "…" : ""
        for cell in cells where cell.column >= windowStart && cell.column + cell.width <= windowEnd {
            display += cell.text
        }
        if windowEnd < column || excerpt.clippedEnd { display += "…" }
        let shift = leadingEllipsis ? windowStart - 1 : 0
        caretStart -= shift
        caretEnd = min(caretEnd, windowEnd) - shift
        let gutterWidth = String(lineNumber).count
        let pad = String(repeating: " ", count: gutterWidth)
        let caret = "^" + String(repeating: "~", count: max(0, caretEnd - caretStart - 1))
        var output = style(pad + " |", .cyan) + "\n"
        output += style(String(lineNumber) + " |", .cyan) + (display.isEmpty ? "" : " " + display) + "\n"
        output += style(pad + " |", .cyan) + " " + String(repeating: " ", count: caretStart) + style(caret, .green) + "\n"
        return output
    }
}
