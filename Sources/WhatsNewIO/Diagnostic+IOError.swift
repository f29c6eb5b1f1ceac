import WhatsNewDiagnostics

extension Diagnostic {
    /// The code of an input that could not be read or an output that could not be written (exit 74).
    public static let ioErrorCode = "io-error"

    /// An I/O failure as a diagnostic, for the machine-readable formats, which must stay parseable
    /// even when a run ends with exit code 74.
    public init(_ error: IOError) {
        self.init(.error, code: Diagnostic.ioErrorCode,
                  message: "cannot \(error.writing ? "write" : "read") '\(error.path)': \(error.reason)")
    }
}
