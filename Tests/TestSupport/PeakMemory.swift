import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built binary and reports, beside what it printed, the peak of its resident set as the kernel
/// counted it for that one child (`wait4`), for tests that bound a run's memory.
public enum PeakMemory {
    public struct Result: Sendable {
        public let stderr: String
        public let status: Int32
        /// The child's largest resident set, in KiB (`ru_maxrss`).
        public let peakKiB: Int
    }

    /// Runs `whatsnew` with `arguments`, its standard output discarded and its standard error kept.
    public static func run(_ arguments: [String]) throws -> Result {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-peak-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: errorFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let binary = Paths.binary.path
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        // The exit status, as the shell shows it (a signal as 128 + its number).
        let exited = status & 0x7f == 0
        let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return Result(stderr: stderr, status: code, peakKiB: Int(usage.ru_maxrss))
    }
}
