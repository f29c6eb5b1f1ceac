import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built binary and reports, beside what it printed, the peak of its resident set, for tests that bound a
/// run's memory.
///
/// The binary runs under GNU time (`/usr/bin/time`, which `make test` installs), not as a child of the test
/// process: Linux keeps a process's peak across `exec`, and a child spawned by this process (posix_spawn shares
/// its memory until the exec) starts with the test process's own peak, hundreds of megabytes late in a full
/// run. time forks the binary from a small process of its own and reports that grandchild's peak alone.
public enum PeakMemory {
    public struct Result: Sendable {
        public let stderr: String
        public let status: Int32
        /// The binary's largest resident set, in KiB (GNU time's `%M`).
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
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else {
            throw POSIXError(.ENOENT, userInfo: [NSLocalizedDescriptionKey: "\(time) is missing: install GNU time ('make test' does)"])
        }
        let peakFile = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-peak-\(UUID().uuidString).kib")
        defer { try? FileManager.default.removeItem(at: peakFile) }
        let argv = ([time, "--quiet", "--format=%M", "--output=\(peakFile.path)", Paths.binary.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, time, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        // The exit status, as the shell shows it (a signal as 128 + its number).
        let exited = status & 0x7f == 0
        let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        let written = (try? String(contentsOf: peakFile, encoding: .utf8)) ?? ""
        guard let peak = written.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw POSIXError(.EIO, userInfo: [NSLocalizedDescriptionKey: "GNU time wrote no peak: '\(written)'"])
        }
        return Result(stderr: stderr, status: code, peakKiB: peak)
    }
}
