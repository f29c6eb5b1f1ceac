#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// The identity of the file `path` names (walked under the reading rules of `locate`, so a link is followed
    /// while it stays beneath its root), or nil when there is none.
    package static func identity(of path: String) -> FileIdentity? {
        guard let info = try? status(of: path), info.st_mode & S_IFMT != 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether two paths name one file: the same spelling, or the same device and inode.
    package static func sameFile(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        guard let one = identity(of: first), let other = identity(of: second) else { return false }
        return one == other
    }
}
