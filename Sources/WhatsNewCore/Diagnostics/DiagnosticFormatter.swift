/// Writes the diagnostics of a run in one machine-readable format, as one string for standard error.
/// The output depends only on the diagnostics, so the same run gives the same bytes on every machine.
public protocol DiagnosticFormatter: Sendable {
    /// Every diagnostic, in the order given (the engine's order: file, line, column).
    func render(_ diagnostics: [Diagnostic]) -> String
}

extension DiagnosticFormatter {
    /// Every diagnostic of `engine`, sorted by file, line and column.
    public func render(_ engine: DiagnosticEngine) -> String {
        render(engine.diagnostics)
    }
}
