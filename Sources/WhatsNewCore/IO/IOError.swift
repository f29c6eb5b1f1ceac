/// A file that could not be read or written (exit code 74).
public struct IOError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    public let writing: Bool

    public init(path: String, reason: String, writing: Bool = false) {
        self.path = path
        self.reason = reason
        self.writing = writing
    }

    public var description: String {
        "cannot \(writing ? "write" : "read") '\(TerminalSafeText.visible(path))': \(reason)"
    }
}
