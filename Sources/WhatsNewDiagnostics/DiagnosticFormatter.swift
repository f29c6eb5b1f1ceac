/// Writes the diagnostics of a run in one machine-readable format, as one string for standard error.
/// The output depends only on the diagnostics, so the same run gives the same bytes on every machine.
package protocol DiagnosticFormatter: Sendable {
    /// Every diagnostic, in the order given (the engine's order: file, line, column), then a closing note
    /// saying how many more there were when `omitted` says some were left out (`--max-diagnostics`). A format
    /// whose consumer accepts fewer leaves out more and counts them in that note.
    func render(_ diagnostics: [Diagnostic], omitted: OmittedDiagnostics?) -> String
}

extension DiagnosticFormatter {
    /// Every diagnostic, in the order given.
    package func render(_ diagnostics: [Diagnostic]) -> String {
        render(diagnostics, omitted: nil)
    }

    /// The diagnostics `engine` kept, sorted by file, line and column, and the note about the ones it did not.
    package func render(_ engine: DiagnosticEngine) -> String {
        render(engine.diagnostics, omitted: engine.omitted)
    }
}
