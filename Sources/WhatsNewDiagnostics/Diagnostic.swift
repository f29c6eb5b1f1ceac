import SourceText

/// How bad a diagnostic is.
public enum Severity: String, Sendable, Hashable {
    case error, warning, note
}

/// One problem: severity, a stable kebab-case code, a message that says what was expected and what was
/// found, where it is, and optional notes and a fix suggestion.
public struct Diagnostic: Sendable, Hashable {
    /// A secondary message, usually pointing at a related place ("first defined here").
    public struct Note: Sendable, Hashable {
        public var message: String
        package var file: SourceFile?
        package var range: SourceRange?

        package init(_ message: String, file: SourceFile? = nil, range: SourceRange? = nil) {
            self.message = message
            self.file = file
            self.range = range
        }
    }

    public var severity: Severity
    /// What kind of problem it is: one case of the catalog (`whatsnew explain CODE` documents each).
    package var kind: DiagnosticCode
    /// The stable kebab-case code, e.g. `duplicate-key`.
    public var code: String { kind.rawValue }
    public var message: String
    package var file: SourceFile?
    package var range: SourceRange?
    public var notes: [Note]
    public var fix: String?
    /// The JSON Pointer of the offending value in the document, when there is one.
    public var path: String?
    /// The key a `missing-key` or `schema-required` diagnostic is about (see `LayerAgreement`).
    package var subject: String?

    package init(_ severity: Severity, code: DiagnosticCode, message: String, file: SourceFile? = nil, range: SourceRange? = nil,
                 notes: [Note] = [], fix: String? = nil, path: String? = nil) {
        self.severity = severity
        self.kind = code
        self.message = message
        self.file = file
        self.range = range
        self.notes = notes
        self.fix = fix
        self.path = path
    }
}
