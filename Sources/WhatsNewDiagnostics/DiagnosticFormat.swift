/// The formats of `--diagnostics` (see docs/diagnostics.md).
package enum DiagnosticFormat: String, CaseIterable, Sendable {
    /// The compiler style with source snippets and carets (`TextDiagnosticPrinter`).
    case text
    /// A JSON array, one object per diagnostic (`JSONDiagnosticFormatter`).
    case json
    /// GitHub Actions workflow commands, one per diagnostic (`GitHubDiagnosticFormatter`).
    case github
    /// A SARIF 2.1.0 log (`SARIFDiagnosticFormatter`).
    case sarif
}
