#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewText

/// The file operations of the state store: directories created private and checked to be, reads that
/// allow a missing file, and an exclusive lock held across a read-modify-write. Nothing here follows a
/// symbolic link at the final name or waits on a FIFO.
extension FileSystem {
    /// Creates `path` and every missing parent with `mode` (exactly, whatever the umask); existing
    /// directories are left as they are.
    package static func createDirectories(_ path: String, mode: mode_t = 0o700) throws(IOError) {
        if path.isEmpty { return }
        _ = try openDirectory(path, reading: false, creating: DirectoryCreation(mode: mode, exact: true))
    }

    /// Throws unless `path` is a directory that this user (or root) owns and nobody else can write, as ssh
    /// checks `~/.ssh`: in a directory others can write, they could plant links, FIFOs or a state of their own.
    package static func checkPrivateDirectory(_ path: String) throws(IOError) {
        guard try checkPrivateDirectoryIfPresent(path) else { throw IOError(path: path, reason: reason(ENOENT)) }
    }

    /// `checkPrivateDirectory`, but false when nothing is at `path`.
    package static func checkPrivateDirectoryIfPresent(_ path: String) throws(IOError) -> Bool {
        let location: FileLocation
        do throws(IOError) {
            location = try locate(path.hasSuffix("/") ? path + "." : path + "/.", reading: true)
        } catch {
            if error.code == ENOENT { return false }
            throw IOError(path: path, reason: error.code == ENOTDIR ? reason(ENOTDIR) : error.reason, writing: false, code: error.code)
        }
        guard let info = location.status() else { throw IOError(path: path, reason: reason()) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw IOError(path: path, reason: "is not a directory") }
        let user = geteuid()
        if info.st_uid != user, info.st_uid != 0 {
            throw IOError(path: path, reason: "the directory belongs to another user (uid \(info.st_uid)); expected a directory of your own "
                          + "(uid \(user)): use a state directory of your own (XDG_STATE_HOME, --state-file)")
        }
        if info.st_mode & 0o022 != 0 {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw IOError(path: path, reason: "other users can write the directory (mode 0\(mode)); expected a directory only its owner can "
                          + "write: run chmod go-w '\(TerminalSafeText.visible(path))'")
        }
        return true
    }

    /// The contents of a regular file, or nil when it does not exist (a missing parent directory included);
    /// a symbolic link, FIFO or device at `path` is an error, found without waiting on it.
    package static func readIfPresent(_ path: String, limit: Int) throws(IOError) -> [UInt8]? {
        guard let descriptor = try openRegularFileIfPresent(path, flags: O_RDONLY) else { return nil }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, path: path, limit: limit)
    }

    /// Removes a file; a missing one is fine.
    package static func removeIfPresent(_ path: String) throws(IOError) {
        let location: FileLocation
        do throws(IOError) {
            location = try locate(path, reading: false)
        } catch {
            if error.code == ENOENT { return }
            throw error
        }
        guard let name = location.name else { throw IOError(path: path, reason: "is a directory; expected a file", writing: true) }
        if unlinkat(location.directory.descriptor, name, 0) != 0, errno != ENOENT { throw IOError(path: path, reason: reason(), writing: true) }
    }

    /// Runs `body` while holding an exclusive `flock` on `lockPath` (created 0600 if missing), so other
    /// processes doing the same wait their turn. The lock file is never removed: removing it would let
    /// a waiting process and a new one hold "the" lock at the same time. It must be a regular file of this
    /// user's: a link is never followed (so nothing is created through one) and another user's file, which
    /// that user could hold locked forever, is refused.
    package static func withExclusiveLock<Result>(_ lockPath: String, _ body: () throws(IOError) -> Result) throws(IOError) -> Result {
        let descriptor = try openRegularFile(lockPath, flags: O_RDWR | O_CREAT, mode: 0o600)
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_uid != geteuid() {
            throw IOError(path: lockPath, reason: "the lock file belongs to another user (uid \(info.st_uid)); expected a file of your own",
                          writing: true)
        }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { throw IOError(path: lockPath, reason: "cannot lock: \(reason())", writing: true) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
