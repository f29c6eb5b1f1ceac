import ArgumentParser

extension Output {
    static let usageError = ExitCode(64)

    /// Prints a usage error found after parsing (no app id, a bad version) and returns the exit code to
    /// throw. Thrown from `run()`, a `ValidationError` would print the root command's usage instead.
    static func usage(_ message: String) -> ExitCode {
        standardError("whatsnew: error: \(message)\n")
        return usageError
    }
}
