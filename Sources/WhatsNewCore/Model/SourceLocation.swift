public import YAMLTree

/// Where a value was written: its file and range. Every decoded value keeps one so rules can report at it.
/// (The JSON Pointer of a diagnostic is found from the range when it is reported, so values carry no path.)
public struct SourceLocation: Sendable, Hashable {
    public let file: SourceFile
    public let range: SourceRange

    public init(file: SourceFile, range: SourceRange) {
        self.file = file
        self.range = range
    }
}

extension Diagnostic {
    /// A diagnostic at a decoded value.
    public init(_ severity: Severity, code: String, message: String, at location: SourceLocation?,
                notes: [Note] = [], fix: String? = nil) {
        self.init(severity, code: code, message: message, file: location?.file, range: location?.range,
                  notes: notes, fix: fix)
    }
}

extension Diagnostic.Note {
    public init(_ message: String, at location: SourceLocation?) {
        self.init(message, file: location?.file, range: location?.range)
    }
}
