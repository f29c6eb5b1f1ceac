import SourceText
import WhatsNewText

/// Writes diagnostics as one JSON array with one object per diagnostic, each object on a line of its
/// own, so the output is both a single JSON document (`jq`) and greppable line by line:
///
/// ```
/// [
///   {"code":"duplicate-key","severity":"error","message":"…","file":"notes.yaml","line":4,"column":3,"endLine":4,"endColumn":5,"path":null,"notes":[{"message":"…","file":"notes.yaml","line":2,"column":3,"endLine":2,"endColumn":5}],"fix":"…"}
/// ]
/// ```
///
/// Every object has every key, in this order, with `null` for what a diagnostic lacks: `code`,
/// `severity` (error, warning, note), `message`, `file` (the path as given), `line`, `column`,
/// `endLine`, `endColumn`, `path` (JSON Pointer), `notes` (each with `message`, `file`, `line`, `column`,
/// `endLine`, `endColumn`) and `fix`. Lines and columns are 1-based; columns count Unicode scalars;
/// the range is half-open, so `endColumn` is the column just past its last character (as in SARIF).
/// No diagnostics give `[]`. When some were left out (`--max-diagnostics`), the last object is a note with the
/// code `too-many-diagnostics` and no place, whose message says how many more errors and warnings there were.
package struct JSONDiagnosticFormatter: DiagnosticFormatter {
    package init() {}

    package func render(_ diagnostics: [Diagnostic], omitted: OmittedDiagnostics?) -> String {
        let all = diagnostics + (omitted.map { [$0.note] } ?? [])
        guard !all.isEmpty else { return "[]\n" }
        let lines = all.map { "  " + object(for: $0).compact }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    package func object(for diagnostic: Diagnostic) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("code", .string(diagnostic.code)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
        ]
        members += location(file: diagnostic.file, range: diagnostic.range)
        members.append(("path", .string(diagnostic.path)))
        let notes = diagnostic.notes.map { note -> JSONValue in
            .object([("message", .string(note.message))] + location(file: note.file ?? diagnostic.file, range: note.range))
        }
        members.append(("notes", .array(notes)))
        members.append(("fix", .string(diagnostic.fix)))
        return .object(members)
    }

    private func location(file: SourceFile?, range: SourceRange?) -> [(key: String, value: JSONValue)] {
        [
            ("file", .string(file?.name)),
            ("line", .int(range?.start.line)),
            ("column", .int(range?.start.column)),
            ("endLine", .int(range?.end.line)),
            ("endColumn", .int(range?.end.column)),
        ]
    }
}
