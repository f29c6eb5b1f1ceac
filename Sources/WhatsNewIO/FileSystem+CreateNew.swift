#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Creates a file at `path` holding `bytes`, atomically and never replacing anything: the bytes go
    /// to a temporary file in the same directory, which is then hard-linked to `path` (`linkat` fails
    /// rather than replace). Returns false, having written nothing, when `path` already exists as a
    /// file, a directory or a symbolic link (even a dangling one). The path is walked under the writing rules.
    /// The file gets `mode`, else `0666 & ~umask`.
    package static func createAtomically(_ bytes: [UInt8], at path: String, mode: mode_t? = nil) throws(IOError) -> Bool {
        let location = try locate(path, reading: false)
        guard let name = location.name, location.status() == nil else { return false }
        let staged = try writeTemporaryFile(in: location.directory, replacing: name, path: path, mode: mode ?? newFileMode(), owner: nil) { writer in
            writer.write(bytes)
        }
        let directory = location.directory.descriptor
        if linkat(directory, staged.temporary, directory, name, 0) == 0 {
            staged.discard()
            return true
        }
        let linkError = errno
        if linkError == EEXIST {
            staged.discard()
            return false
        }
        // Some file systems have no hard links; there, check again and rename (a narrow race remains).
        if linkError == EPERM || linkError == EOPNOTSUPP || linkError == ENOSYS || linkError == EMLINK {
            if location.status() != nil {
                staged.discard()
                return false
            }
            try staged.move()
            return true
        }
        staged.discard()
        throw IOError(path: path, reason: reason(linkError), writing: true)
    }
}
