import ArgumentParser
import WhatsNewCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to the standard streams, and the exit codes: 0 success, 1 input errors, 64 usage, 74 I/O.
enum Output {
    static let inputErrors = ExitCode(1)
    static let ioError = ExitCode(74)

    static func standardOutput(_ text: String) {
        try? FileSystem.writeAtomically(Array(text.utf8), to: "-")
    }

    static func standardError(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = write(2, base + offset, raw.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }

    /// Prints an I/O failure and returns the exit code to throw.
    static func fail(_ error: IOError) -> ExitCode {
        standardError("whatsnew: error: \(error)\n")
        return ioError
    }
}
