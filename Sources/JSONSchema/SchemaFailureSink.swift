import YAMLTree
import SourceText
import WhatsNewDiagnostics

/// Where the failures of a document's evaluation go as they are found: its engine, which keeps the first
/// `limit` diagnostics and counts the rest. A failure the engine will not keep is reported by its place
/// alone, and its message and JSON Pointer are never made (a document with a million problems costs the
/// words of the ones shown).
final class SchemaFailureSink {
    let engine: DiagnosticEngine
    let file: SourceFile
    /// The code of the keyword that failed last: a document with a million problems has mostly a few kinds,
    /// and the code of a keyword is otherwise found by hashing its name.
    private var last: (keyword: String, code: DiagnosticCode)?

    init(engine: DiagnosticEngine, file: SourceFile) {
        self.engine = engine
        self.file = file
    }

    /// Reports the failure `make` builds, a failure of `keyword` that starts at `start` and is about
    /// `missingKey`, calling `make` only when the engine keeps it.
    func report(_ keyword: String, at start: Mark, missingKey: String?, _ make: () -> SchemaFailure) {
        let code: DiagnosticCode
        if let last, last.keyword == keyword {
            code = last.code
        } else {
            code = SchemaFailure.code(of: keyword)
            last = (keyword, code)
        }
        engine.report(.error, code: code, file: file, at: start, subject: missingKey) {
            make().diagnostic(in: file)
        }
    }

    /// Where `node` starts: `node.range.start`, without finding where it ends.
    static func start(of node: YAMLNode) -> Mark {
        guard let file = node.storage.file else { return node.range.start }
        return file.mark(atOffset: node.startOffset)
    }
}
