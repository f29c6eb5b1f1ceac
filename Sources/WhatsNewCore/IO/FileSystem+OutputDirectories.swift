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
    /// The directories that exist are taken as the path names them, links included (they are the user's), under
    /// the rule of `writeAtomically`: a link of another user in a sticky world-writable directory is refused, and
    /// so is a dangling link (nothing is created where it points). Each directory created is entered by its
    /// descriptor without following a link (`mkdirat`, then `openat` with `O_NOFOLLOW`), so a link put in its
    /// place is never followed out of the path.
    public static func createMissingDirectories(toward path: String) throws(IOError) {
        if path == "-" { return }
        let directory = directoryName(of: path)
        try checkLinksFollowable(on: directory)
        let components = directory.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var prefix = directory.hasPrefix("/") ? "/" : "."
        var existing = 0
        // The longest prefix that exists; it must be a directory (or a link to one).
        while existing < components.count {
            let next = (prefix == "/" ? "/" : prefix + "/") + components[existing]
            var info = stat()
            guard lstat(next, &info) == 0 else {
                guard errno == ENOENT else { throw IOError(path: path, reason: "'\(TerminalSafeText.visible(next))': \(reason())", writing: true) }
                break
            }
            if stat(next, &info) != 0 {
                throw IOError(path: path, reason: "'\(TerminalSafeText.visible(display(next)))' is a dangling symbolic link; expected a directory: "
                              + "remove the link, or create the directory it names", writing: true)
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw IOError(path: path, reason: "'\(TerminalSafeText.visible(display(next)))' is \(describe(mode: info.st_mode)), not a directory; "
                              + "expected a directory for the output: choose another -o", writing: true)
            }
            prefix = next
            existing += 1
        }
        guard existing < components.count else { return }
        var descriptor = open(prefix, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw IOError(path: path, reason: "'\(TerminalSafeText.visible(display(prefix)))': \(reason())", writing: true) }
        defer { close(descriptor) }
        for component in components[existing...] {
            prefix = (prefix == "/" ? "/" : prefix + "/") + component
            if mkdirat(descriptor, component, 0o777) != 0, errno != EEXIST {
                throw IOError(path: path, reason: "cannot create the directory '\(TerminalSafeText.visible(display(prefix)))': \(reason())", writing: true)
            }
            let next = openat(descriptor, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                let failure = errno
                let why = failure == ELOOP || failure == ENOTDIR
                    ? "'\(TerminalSafeText.visible(display(prefix)))' was replaced by something that is not a directory while it was created; refusing to follow it"
                    : "'\(TerminalSafeText.visible(display(prefix)))': \(reason(failure))"
                throw IOError(path: path, reason: why, writing: true)
            }
            close(descriptor)
            descriptor = next
        }
    }

    /// A path as a message shows it: without the `./` this code puts before a relative one.
    private static func display(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}
