import WhatsNewDiagnostics

extension Diagnostic {
    /// An I/O failure as a diagnostic, for the machine-readable formats, which must stay parseable
    /// even when a run ends with exit code 74.
    public init(_ error: IOError) {
        self.init(.error, code: .ioError,
                  message: "cannot \(error.writing ? "write" : "read") '\(error.path)': \(error.reason)")
    }
}
