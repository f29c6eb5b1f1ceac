#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Creates a file at `path` holding `bytes`, atomically and never replacing anything: the bytes go
    /// to a temporary file in the same directory, which is then hard-linked to `path` (link(2) fails
    /// rather than replace). Returns false, having written nothing, when `path` already exists as a
    /// file, a directory or a symbolic link (even a dangling one).
    /// The file gets `mode`, else `0666 & ~umask`.
    public static func createAtomically(_ bytes: [UInt8], at path: String, mode: mode_t? = nil) throws(IOError) -> Bool {
        if exists(path) { return false }
        let temporary = try writeTemporaryFile(bytes, beside: path, mode: mode ?? newFileMode())
        defer { TemporaryFiles.forget(temporary) }
        if link(temporary, path) == 0 {
            unlink(temporary)
            return true
        }
        let linkError = errno
        if linkError == EEXIST {
            unlink(temporary)
            return false
        }
        // Some file systems have no hard links; there, check again and rename (a narrow race remains).
        if linkError == EPERM || linkError == EOPNOTSUPP || linkError == ENOSYS || linkError == EMLINK {
            if exists(path) {
                unlink(temporary)
                return false
            }
            guard rename(temporary, path) == 0 else {
                let failure = IOError(path: path, reason: reason(), writing: true)
                unlink(temporary)
                throw failure
            }
            return true
        }
        unlink(temporary)
        throw IOError(path: path, reason: reason(linkError), writing: true)
    }

    /// Whether anything, even a dangling symbolic link, is at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
