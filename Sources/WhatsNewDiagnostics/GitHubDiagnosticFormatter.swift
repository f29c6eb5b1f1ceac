import SourceText
import WhatsNewText

/// Writes diagnostics as GitHub Actions workflow commands, one line each, which the runner turns into
/// annotations on the file and line:
///
/// ```
/// ::error file=notes.yaml,line=4,col=3,endLine=4,endColumn=5,title=duplicate-key::duplicate key 'id'; …%0Afix: …%0Anotes.yaml:2:3: note: 'id' was first defined here
/// ```
///
/// Errors are `::error`, warnings `::warning`, notes `::notice`; the title is the diagnostic's code.
/// The fix and the notes follow the message on lines of their own (`%0A`), since an annotation has no
/// related locations. Annotations take columns only within one line, so a range over several lines
/// gives `line` and `endLine` alone. Columns are 1-based, count Unicode scalars, and `endColumn` is the
/// column just past the range, as in SARIF.
///
/// Escaping follows the runner (actions/runner `ActionCommand`, actions/toolkit `command.ts`): in the
/// message `%`, CR and LF become `%25`, `%0D` and `%0A`; in property values `:` and `,` also become
/// `%3A` and `%2C`. Other control characters and bidirectional overrides are shown as `\u{…}`, as in
/// the text format, so data can neither start a second command nor reach a log viewer raw.
///
/// GitHub shows at most 10 error, 10 warning and 10 notice annotations per step (and 50 per job), and drops
/// the rest without a word: the first `annotationsPerKind` of each kind are written, one notice slot kept
/// for the closing `::notice` (title `too-many-diagnostics`) that counts the ones left out, by this limit
/// or by `--max-diagnostics`.
package struct GitHubDiagnosticFormatter: DiagnosticFormatter {
    /// Annotations of one kind that GitHub shows per step.
    package static let annotationsPerKind = 10

    package init() {}

    package func render(_ diagnostics: [Diagnostic], omitted: OmittedDiagnostics?) -> String {
        var output = ""
        var left = OmittedDiagnostics()
        var written = (errors: 0, warnings: 0, notices: 0)
        for diagnostic in diagnostics {
            switch diagnostic.severity {
            case .error:
                guard written.errors < Self.annotationsPerKind else { left.errors += 1; continue }
                written.errors += 1
            case .warning:
                guard written.warnings < Self.annotationsPerKind else { left.warnings += 1; continue }
                written.warnings += 1
            case .note:
                // One notice is kept for the closing one.
                guard written.notices < Self.annotationsPerKind - 1 else { left.notes += 1; continue }
                written.notices += 1
            }
            output += command(for: diagnostic)
        }
        let total = (omitted ?? OmittedDiagnostics()).adding(left)
        guard !total.isEmpty else { return output }
        var note = total.note
        if !left.isEmpty {
            note.message = "\(total.counts) not annotated: GitHub shows \(Self.annotationsPerKind) errors and \(Self.annotationsPerKind) warnings per step"
            note.fix = "run 'whatsnew validate' with '--diagnostics text' to list them"
                + (omitted == nil ? "" : " (and with '--max-diagnostics 0' to list every one)")
        }
        return output + command(for: note)
    }

    package func command(for diagnostic: Diagnostic) -> String {
        var properties: [(String, String)] = []
        if let file = diagnostic.file {
            properties.append(("file", file.name))
            if let range = diagnostic.range {
                let end = Self.annotationEnd(of: range, in: file)
                properties.append(("line", String(range.start.line)))
                if end.line == range.start.line {
                    properties.append(("col", String(range.start.column)))
                    properties.append(("endLine", String(end.line)))
                    properties.append(("endColumn", String(max(end.column, range.start.column))))
                } else {
                    properties.append(("endLine", String(end.line)))
                }
            }
        }
        properties.append(("title", diagnostic.code))

        var message = diagnostic.message
        if let fix = diagnostic.fix { message += "\nfix: " + fix }
        for note in diagnostic.notes {
            var location = ""
            if let file = note.file ?? diagnostic.file {
                location = file.name
                if let range = note.range { location += ":\(range.start.line):\(range.start.column)" }
                location += ": "
            }
            message += "\n" + location + "note: " + note.message
        }

        let name = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        let list = properties.map { $0.0 + "=" + Self.escape($0.1, inProperty: true) }.joined(separator: ",")
        return "::" + name + " " + list + "::" + Self.escape(message, inProperty: false) + "\n"
    }

    /// Where an annotation ends: a range that stops at the start of a line (as a block node's range
    /// does, past its line break) ends at the end of the line before, so it is not shown on one line
    /// too many.
    static func annotationEnd(of range: SourceRange, in file: SourceFile) -> (line: Int, column: Int) {
        let end = range.end
        guard end.column == 1, end.line > range.start.line else { return (end.line, end.column) }
        let line = end.line - 1
        return (line, file.lineText(line).unicodeScalars.count + 1)
    }

    /// The one escaper of workflow commands: `%`, CR and LF always, `:` and `,` in property values,
    /// and control characters shown visibly.
    package static func escape(_ text: String, inProperty: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case ":" where inProperty: result += "%3A"
            case "," where inProperty: result += "%2C"
            default:
                if TerminalSafeText.isUnsafe(scalar) {
                    result += TerminalSafeText.visible(String(scalar))
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
