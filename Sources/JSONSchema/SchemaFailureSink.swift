import SourceText
import WhatsNewDiagnostics

/// Where the failures of a document's evaluation go as they are found: its engine, which keeps the first
/// `limit` diagnostics and counts the rest. A failure the engine will not keep is reported by its place
/// alone, and its message and JSON Pointer are never made (a document with a million problems costs the
/// words of the ones shown).
struct SchemaFailureSink {
    let engine: DiagnosticEngine
    let file: SourceFile

    /// Reports the failure `make` builds, a failure of `keyword` at `range` about `missingKey`, calling
    /// `make` only when the engine keeps it.
    func report(_ keyword: String, at range: SourceRange, missingKey: String?, _ make: () -> SchemaFailure) {
        engine.report(.error, code: SchemaFailure.code(of: keyword), file: file, at: range.start, subject: missingKey) {
            make().diagnostic(in: file)
        }
    }
}
