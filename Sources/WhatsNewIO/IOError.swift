import WhatsNewText

/// A file that could not be read or written (exit code 74).
public struct IOError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public let writing: Bool
    /// The `errno` behind it, when there is one (`ENOENT`: nothing is there); 0 otherwise.
    package let code: Int32

    public init(path: String, reason: String, writing: Bool = false) {
        self.init(path: path, reason: reason, writing: writing, code: 0)
    }

    package init(path: String, reason: String, writing: Bool, code: Int32) {
        self.path = path
        self.reason = reason
        self.writing = writing
        self.code = code
    }

    public var description: String {
        "cannot \(writing ? "write" : "read") '\(TerminalSafeText.visible(path))': \(reason)"
    }
}
