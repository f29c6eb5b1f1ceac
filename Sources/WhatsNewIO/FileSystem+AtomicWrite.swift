#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewText

/// Writing an output in place of whatever its path names, as a careful tool run as root in CI must.
extension FileSystem {
    /// Writes `bytes` to `path` atomically (see `writeAtomically(to:mode:force:_:)`).
    package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t? = nil, force: Bool = false) throws(IOError) {
        try writeAtomically(to: path, mode: mode, force: force) { writer in writer.write(bytes) }
    }

    /// Writes what `produce` gives its `Writer`, chunk by chunk, to `path`: into a temporary file in the same
    /// directory, renamed over `path` only once all of it is written and flushed (a failure, or SIGTERM,
    /// SIGHUP or SIGINT, leaves `path` as it was and no temporary file behind). `-` writes to standard output.
    ///
    /// - The path is walked by `locate` under the writing rules: in the workspace, no symbolic link on the way;
    ///   outside it, the directory part as given (but for the kernel's `protected_symlinks` rule).
    /// - A symbolic link at the path is refused, never followed: whatsnew never writes through a link.
    /// - A new file gets `mode`, else `0666 & ~umask`. A replaced regular file keeps its owner and group, and
    ///   its mode (but for set-user-ID and set-group-ID) unless `mode` is given (the state file is `0600`
    ///   whatever it was); a read-only one is replaced only with `force`.
    /// - A device or FIFO (`-o /dev/null`) is written into, never replaced; a FIFO nobody reads is an error,
    ///   not a wait.
    package static func writeAtomically(to path: String, mode: mode_t? = nil, force: Bool = false,
                                        _ produce: (inout Writer) -> Void) throws(IOError) {
        if path == "-" {
            try write(to: 1, path: path, produce)
            return
        }
        let location = try locate(path, reading: false)
        switch try stage(at: location, path: path, mode: mode, force: force, produce) {
        case .temporary(let staged):
            try staged.move()
        case .special:
            let descriptor = openat(location.directory.descriptor, location.nameForCalls,
                                    O_WRONLY | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let why = errno == ENXIO ? "nothing reads from it (a FIFO without a reader, or a socket); expected a file" : reason()
                throw IOError(path: path, reason: why, writing: true)
            }
            defer { close(descriptor) }
            // Opened without waiting; written as a blocking descriptor, so a slow reader is waited for, not lost.
            let flags = fcntl(descriptor, F_GETFL)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
            try write(to: descriptor, path: path, produce)
        }
    }

    /// Where the bytes of a write to a path went, or must go.
    enum StagedWrite {
        /// Written completely to a temporary file, with the mode, owner and group the file will have; renaming
        /// it over the path finishes the write.
        case temporary(StagedFile)
        /// The path is a device, FIFO or socket: nothing was written; it is written into, never replaced.
        case special(mode_t)
    }

    /// The checks and the temporary file of `writeAtomically(to:mode:force:_:)`, before the rename.
    static func stage(at location: FileLocation, path: String, mode: mode_t?, force: Bool,
                      _ produce: (inout Writer) -> Void) throws(IOError) -> StagedWrite {
        guard let name = location.name else { throw IOError(path: path, reason: "is a directory; expected a file", writing: true) }
        guard let info = location.status() else {
            guard errno == ENOENT else { throw IOError(path: path, reason: reason(), writing: true) }
            return .temporary(try writeTemporaryFile(in: location.directory, replacing: name, path: path, mode: mode ?? newFileMode(),
                                                     owner: nil, produce))
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            throw PathWalker.linkRefusedForWriting(path: path, shown: location.shown, target: location.linkText() ?? "?")
        case S_IFREG:
            if !force, !isWritable(location, info) {
                throw IOError(path: path, reason: "the file is read-only (mode 0\(String(info.st_mode & 0o7777, radix: 8))); "
                              + "expected a writable file: pass --force to replace it", writing: true)
            }
            // The mode is kept but for set-user-ID and set-group-ID, which new content written by root must not inherit.
            return .temporary(try writeTemporaryFile(in: location.directory, replacing: name, path: path, mode: mode ?? (info.st_mode & 0o1777),
                                                     owner: (info.st_uid, info.st_gid), produce))
        case S_IFDIR:
            throw IOError(path: path, reason: "is a directory; expected a file", writing: true)
        default:
            return .special(info.st_mode)
        }
    }

    /// The mode of a new file: 0666 less the process's umask, as `open(2)` would give it.
    static func newFileMode() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return 0o666 & ~mask
    }

    /// Throws when a symbolic link on `path` (the last name or a directory on the way) is one the kernel's
    /// `protected_symlinks` would not follow: in a sticky world-writable directory (`/tmp`), owned neither by
    /// this user nor by the directory's owner. Errors name `naming` (the whole path written).
    static func checkLinksFollowable(on path: String, naming: String? = nil) throws(IOError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            let directory = prefix.isEmpty ? "/" : prefix
            prefix += "/" + component
            var link = stat(), parent = stat()
            guard lstat(prefix, &link) == 0 else { return }
            guard link.st_mode & S_IFMT == S_IFLNK, stat(directory, &parent) == 0 else { continue }
            let stickyWorldWritable = parent.st_mode & S_ISVTX != 0 && parent.st_mode & S_IWOTH != 0
            if stickyWorldWritable, link.st_uid != geteuid(), link.st_uid != parent.st_uid {
                let named = prefix.hasPrefix("./") ? String(prefix.dropFirst(2)) : prefix
                throw IOError(path: naming ?? path, reason: "'\(TerminalSafeText.visible(named))' is a symbolic link of another user (uid \(link.st_uid)) "
                              + "in the sticky world-writable directory '\(TerminalSafeText.visible(directory))'; refusing to follow it "
                              + "(as the kernel's protected_symlinks does): write somewhere else, or remove the link", writing: true)
            }
        }
    }

    /// Whether this user may write the file: by its mode bits (root, who may write anything, counts a file
    /// without any write bit as read-only).
    static func isWritable(_ location: FileLocation, _ info: stat) -> Bool {
        if geteuid() == 0 { return info.st_mode & 0o222 != 0 }
        return faccessat(location.directory.descriptor, location.nameForCalls, W_OK, AT_EACCESS) == 0
    }

    /// Writes what `produce` gives its `Writer` to a new temporary file in `directory`, to replace `name` there,
    /// with `mode` (and `owner`, when given), flushed to disk; errors name `path`, and leave no temporary file
    /// behind. Until the caller moves or discards it, the file is removed if the process is ended by SIGTERM,
    /// SIGHUP or SIGINT.
    static func writeTemporaryFile(in directory: OpenDirectory, replacing name: String, path: String, mode: mode_t, owner: (uid_t, gid_t)?,
                                   _ produce: (inout Writer) -> Void) throws(IOError) -> StagedFile {
        TemporaryFiles.installSignalHandlers()
        // The name is tracked before the file exists (then created with O_EXCL), so that no moment passes in
        // which a signal would leave it behind.
        var temporary = ""
        var descriptor: Int32 = -1
        while descriptor < 0 {
            temporary = ".whatsnew-" + TemporaryFiles.randomName()
            TemporaryFiles.remember(temporary, in: directory.descriptor)
            descriptor = openat(directory.descriptor, temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                let failure = errno
                TemporaryFiles.forget(temporary)
                guard failure == EEXIST else { throw IOError(path: path, reason: reason(failure), writing: true) }
            }
        }
        let staged = StagedFile(directory: directory, temporary: temporary, name: name, path: path)
        do throws(IOError) {
            defer { close(descriptor) }
            if let (user, group) = owner, fchown(descriptor, user, group) != 0 {
                throw IOError(path: path, reason: "cannot keep the file's owner (uid \(user), gid \(group)): \(reason())", writing: true)
            }
            try write(to: descriptor, path: path, produce)
            guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else {
                throw IOError(path: path, reason: reason(), writing: true)
            }
        } catch {
            staged.discard()
            throw error
        }
        return staged
    }
}
