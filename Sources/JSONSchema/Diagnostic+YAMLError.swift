import YAMLTree
import SourceText
import WhatsNewDiagnostics

extension Diagnostic {
    /// A reading problem of the YAML layer, in `file`.
    package init(_ error: YAMLError, in file: SourceFile) {
        // YAMLTree knows no catalog, so its codes are strings; DocumentationTests holds each code literal of the
        // sources to a case of the catalog, so `internal-error` (a whatsnew bug) is never reported here.
        self.init(.error, code: DiagnosticCode(rawValue: error.code) ?? .internalError, message: error.message, file: file, range: error.range,
                  notes: error.notes.map { Note($0.message, file: file, range: $0.range) }, fix: error.fix)
    }
}
