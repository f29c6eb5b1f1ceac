#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a watcher compares to tell that a file changed: its identity (a save by rename gives a new inode), its
/// size and its modification and change times, to the nanosecond.
package struct FileFingerprint: Sendable, Hashable {
    package let device: UInt64
    package let inode: UInt64
    package let size: Int64
    package let modified: Int64
    package let changed: Int64
}

extension FileSystem {
    /// The fingerprint of what `path` names (walked under the reading rules of `locate`, as `read` walks it), or
    /// nil when nothing is there or it cannot be walked.
    package static func fingerprint(of path: String) -> FileFingerprint? {
        guard let info = try? status(of: path), info.st_mode & S_IFMT != 0 else { return nil }
        #if canImport(Darwin)
        let modified = (Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec))
        let changed = (Int64(info.st_ctimespec.tv_sec), Int64(info.st_ctimespec.tv_nsec))
        #else
        let modified = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
        let changed = (Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec))
        #endif
        return FileFingerprint(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                               modified: modified.0 &* 1_000_000_000 &+ modified.1, changed: changed.0 &* 1_000_000_000 &+ changed.1)
    }
}
