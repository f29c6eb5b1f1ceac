import YAMLTree
import SourceText
import WhatsNewDiagnostics

extension Diagnostic {
    /// A reading problem of the YAML layer, in `file`.
    package init(_ error: YAMLError, in file: SourceFile) {
        self.init(.error, code: error.code, message: error.message, file: file, range: error.range,
                  notes: error.notes.map { Note($0.message, file: file, range: $0.range) }, fix: error.fix)
    }
}
