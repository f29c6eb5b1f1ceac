#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations of the state store: directories created private, reads that allow a missing
/// file, and an exclusive lock held across a read-modify-write.
extension FileSystem {
    /// Creates `path` and every missing parent with `mode` (exactly, whatever the umask); existing
    /// directories are left as they are.
    public static func createDirectories(_ path: String, mode: mode_t = 0o700) throws(IOError) {
        if path.isEmpty || kind(of: path) == .directory { return }
        let parent = directoryName(of: path)
        if parent != path, parent != "." { try createDirectories(parent, mode: mode) }
        if mkdir(path, mode) == 0 {
            guard chmod(path, mode) == 0 else { throw IOError(path: path, reason: reason(), writing: true) }
        } else if !(errno == EEXIST && kind(of: path) == .directory) {
            throw IOError(path: path, reason: errno == EEXIST ? "exists and is not a directory" : reason(), writing: true)
        }
    }

    /// The contents of a file, or nil when it does not exist (a missing parent directory included).
    public static func readIfPresent(_ path: String, limit: Int) throws(IOError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw IOError(path: path, reason: reason())
        }
        close(descriptor)
        return try read(path, limit: limit)
    }

    /// Removes a file; a missing one is fine.
    public static func removeIfPresent(_ path: String) throws(IOError) {
        if unlink(path) != 0, errno != ENOENT { throw IOError(path: path, reason: reason(), writing: true) }
    }

    /// Runs `body` while holding an exclusive `flock` on `lockPath` (created 0600 if missing), so other
    /// processes doing the same wait their turn. The lock file is never removed: removing it would let
    /// a waiting process and a new one hold "the" lock at the same time.
    public static func withExclusiveLock<Result>(_ lockPath: String, _ body: () throws(IOError) -> Result) throws(IOError) -> Result {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw IOError(path: lockPath, reason: reason(), writing: true) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { throw IOError(path: lockPath, reason: "cannot lock: \(reason())", writing: true) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
