/// Why `WhatsNew.show` or `WhatsNew.changelog` stopped; its description is what `whatsnew` prints for it: the
/// manifest's diagnostics with their summary line, or one message.
public struct WhatsNewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, with the exit code `whatsnew` gives it.
    public enum Reason: Sendable, Hashable {
        /// The manifest has errors (exit 1); the description is its diagnostics, with the summary line.
        case invalidManifest
        /// An argument is not usable: a version that is not one, a format for several files, no app id (exit 64).
        case usage
        /// A file (the manifest, the state file) or the terminal cannot be used (exit 74).
        case io
        /// A signal ended the sheet or the pager; the terminal is restored and nothing recorded (exit 128 + signal).
        case interrupted(signal: Int32)
    }

    public var reason: Reason
    public var description: String

    /// An error of `reason`; the description's final line break, if any, is left out.
    public init(_ reason: Reason, _ description: String) {
        self.reason = reason
        self.description = description.hasSuffix("\n") ? String(description.dropLast()) : description
    }

    /// The exit code `whatsnew` gives this error: 1, 64, 74, or 128 + the signal.
    public var exitCode: Int32 {
        switch reason {
        case .invalidManifest: 1
        case .usage: 64
        case .io: 74
        case .interrupted(let signal): 128 + signal
        }
    }
}
