import YAMLTree
import SourceText
import WhatsNewDiagnostics

/// One place where an instance does not satisfy a keyword, with its message already written (failures
/// are rare, so the words are built only here), and what is needed to merge it with the failures of
/// other `anyOf`/`oneOf` alternatives.
struct SchemaFailure: Sendable {
    /// The keyword that failed; the diagnostic code is `schema-<keyword>`.
    var keyword: String
    var range: SourceRange
    /// How many keys and indexes deep the value is (the closest alternative is the deepest).
    var depth: Int
    /// The JSON Pointer of the value.
    var pointer: String
    var message: String
    var notes: [Diagnostic.Note] = []
    /// For `type` failures: the types that were expected (alternatives merge them).
    var expectedTypes: JSONTypeSet?
    /// What was expected, as a phrase an alternatives message can list ("one of 'a' or 'b'").
    var expectation: String?
    /// A did-you-mean candidate for the value.
    var suggestion: String?
    /// For `required` failures: the missing key.
    var missingKey: String?

    func diagnostic(in file: SourceFile) -> Diagnostic {
        // Every keyword the evaluator records a failure of has its `schema-<keyword>` case (DocumentationTests
        // reads them from SchemaEvaluator.swift), so `internal-error` (a whatsnew bug) is never reported here.
        var diagnostic = Diagnostic(.error, code: Self.code(of: keyword), message: message, file: file, range: range, notes: notes, path: pointer)
        diagnostic.subject = missingKey
        return diagnostic
    }

    /// The code of a failure of `keyword`: `schema-<keyword>`.
    static func code(of keyword: String) -> DiagnosticCode {
        codes[keyword] ?? .internalError
    }

    /// The `schema-<keyword>` codes by keyword (found once: a document may have a million failures).
    private static let codes: [String: DiagnosticCode] = Dictionary(uniqueKeysWithValues: DiagnosticCode.allCases.compactMap { code in
        code.rawValue.hasPrefix("schema-") ? (String(code.rawValue.dropFirst("schema-".count)), code) : nil
    })
}
