public import YAMLTree

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
        public var file: SourceFile?
        public var range: SourceRange?

        public init(_ message: String, file: SourceFile? = nil, range: SourceRange? = nil) {
            self.message = message
            self.file = file
            self.range = range
        }
    }

    public var severity: Severity
    public var code: String
    public var message: String
    public var file: SourceFile?
    public var range: SourceRange?
    public var notes: [Note]
    public var fix: String?
    /// The JSON Pointer of the offending value in the document, when there is one.
    public var path: String?
    /// The key a `missing-key` or `schema-required` diagnostic is about (see `LayerAgreement`).
    var subject: String?

    public init(_ severity: Severity, code: String, message: String, file: SourceFile? = nil, range: SourceRange? = nil,
                notes: [Note] = [], fix: String? = nil, path: String? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.file = file
        self.range = range
        self.notes = notes
        self.fix = fix
        self.path = path
    }

    /// A reading problem of the YAML layer, in `file`.
    public init(_ error: YAMLError, in file: SourceFile) {
        self.init(.error, code: error.code, message: error.message, file: file, range: error.range,
                  notes: error.notes.map { Note($0.message, file: file, range: $0.range) }, fix: error.fix)
    }
}

extension SourceFile: Hashable {
    public static func == (lhs: SourceFile, rhs: SourceFile) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
