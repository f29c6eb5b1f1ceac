#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Creates the directories on the way to the output `path` that do not exist yet, as `mkdir -p` of its
    /// directory part would (`-o site/` creates `site`, `-o docs/notes/CHANGELOG.md` creates `docs/notes`):
    /// only directories the path names, each `0777 & ~umask`. Nothing is created when they all exist.
    ///
    /// The path is walked under the writing rules of `locate`: in the workspace no symbolic link is followed on
    /// the way (an error names it); outside it, the directories that exist are taken as the path names them,
    /// links included (they are the user's), but for a link of another user in a sticky world-writable
    /// directory and a dangling link. Each directory created is entered by its descriptor without following a
    /// link (`mkdirat`, then `openat` with `O_NOFOLLOW`), so a link put in its place is never followed.
    package static func createMissingDirectories(toward path: String) throws(IOError) {
        if path == "-" { return }
        _ = try locate(path.hasSuffix("/") ? path + "." : path, reading: false, creating: DirectoryCreation())
    }
}
