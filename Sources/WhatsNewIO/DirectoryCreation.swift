#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewText

/// The directories one write creates on its way (`mkdir -p`): each made with `mkdirat` in its open parent
/// and entered without following a link, and each recorded, so that a write that fails can remove them again.
package final class DirectoryCreation {
    /// The mode a new directory is made with (less the umask, unless `exact`).
    let mode: mode_t
    /// Whether a new directory gets exactly `mode`, whatever the umask (the state directory's 0700).
    let exact: Bool
    /// The directories created, in order (a parent before its children), each by its parent and name.
    private(set) var created: [(parent: OpenDirectory, name: String)] = []

    init(mode: mode_t = 0o777, exact: Bool = false) {
        self.mode = mode
        self.exact = exact
    }

    /// Creates `name` in `parent` unless it exists, and opens it; throws, naming `path`, when it cannot, or
    /// when what is there is not a directory (a link put in its place is never followed).
    func create(_ name: String, in parent: OpenDirectory, path: String) throws(IOError) -> OpenDirectory {
        let shown = TerminalSafeText.visible(parent.shown(name))
        let made = mkdirat(parent.descriptor, name, mode) == 0
        if made {
            created.append((parent, name))
        } else if errno != EEXIST {
            throw IOError(path: path, reason: "cannot create the directory '\(shown)': \(FileSystem.reason())", writing: true)
        }
        let descriptor = openat(parent.descriptor, name, (exact ? O_RDONLY : OpenDirectory.pathOnly) | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let failure = errno
            let why = failure == ELOOP || failure == ENOTDIR
                ? "'\(shown)' was replaced by something that is not a directory while it was created; refusing to follow it"
                : "'\(shown)': \(FileSystem.reason(failure))"
            throw IOError(path: path, reason: why, writing: true)
        }
        let directory = OpenDirectory(descriptor: descriptor, shown: parent.shown(name))
        if made, exact, fchmod(descriptor, mode) != 0 {
            throw IOError(path: path, reason: "'\(shown)': \(FileSystem.reason())", writing: true)
        }
        return directory
    }

    /// Removes every directory this creation made, deepest first; one that is no longer empty stays.
    func removeCreated() {
        for directory in created.reversed() { unlinkat(directory.parent.descriptor, directory.name, AT_REMOVEDIR) }
        created = []
    }
}
