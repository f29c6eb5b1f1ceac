#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing an output in place of whatever its path names, as a careful tool run as root in CI must.
extension FileSystem {
    /// Writes `bytes` to `path` atomically (see `writeAtomically(to:mode:force:_:)`).
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t? = nil, force: Bool = false) throws(IOError) {
        try writeAtomically(to: path, mode: mode, force: force) { writer in writer.write(bytes) }
    }

    /// Writes what `produce` gives its `Writer`, chunk by chunk, to `path`: into a temporary file in the same
    /// directory, renamed over `path` only once all of it is written and flushed (a failure, or SIGTERM,
    /// SIGHUP or SIGINT, leaves `path` as it was and no temporary file behind). `-` writes to standard output.
    ///
    /// - A new file gets `mode`, else `0666 & ~umask`. A replaced regular file keeps its owner and group, and
    ///   its mode (but for set-user-ID and set-group-ID) unless `mode` is given (the state file is `0600`
    ///   whatever it was); a read-only one is replaced only with `force`.
    /// - A symbolic link stays a link and its target is replaced, unless it is dangling (an error: nothing
    ///   is created where it points) or it sits in a sticky world-writable directory and belongs neither to
    ///   this user nor to the directory's owner (refused, as the kernel's `protected_symlinks` refuses it).
    /// - A device, FIFO or socket (`-o /dev/null`, `-o /dev/stdout`) is written into, never replaced.
    public static func writeAtomically(to path: String, mode: mode_t? = nil, force: Bool = false,
                                       _ produce: (inout Writer) -> Void) throws(IOError) {
        if path == "-" {
            try write(to: 1, path: path, produce)
            return
        }
        switch try stage(to: path, mode: mode, force: force, produce) {
        case .temporary(let temporary, let destination):
            try moveTemporary(temporary, over: destination, naming: path)
        case .special:
            let descriptor = open(path, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw IOError(path: path, reason: reason(), writing: true) }
            defer { close(descriptor) }
            try write(to: descriptor, path: path, produce)
        }
    }

    /// Where the bytes of a write to a path went, or must go.
    enum StagedWrite {
        /// Written completely to `temporary`, with the mode, owner and group the file will have; renaming it
        /// over `destination` (the path, or the target of the link it is) finishes the write.
        case temporary(String, destination: String)
        /// The path is a device, FIFO or socket: nothing was written; it is written into, never replaced.
        case special(mode_t)
    }

    /// The checks and the temporary file of `writeAtomically(to:mode:force:_:)`, before the rename.
    static func stage(to path: String, mode: mode_t?, force: Bool, _ produce: (inout Writer) -> Void) throws(IOError) -> StagedWrite {
        try checkLinksFollowable(on: path)
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw IOError(path: path, reason: reason(), writing: true) }
            return .temporary(try writeTemporaryFile(beside: path, mode: mode ?? newFileMode(), owner: nil, produce), destination: path)
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard stat(path, &info) == 0 else {
                let target = symbolicLinkText(path).map { " to '\(TerminalSafeText.visible($0))'" } ?? ""
                throw IOError(path: path, reason: "is a dangling symbolic link\(target); expected a file or a link to one: "
                              + "remove the link, or create the file it names", writing: true)
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if !force, !isWritable(path, info) {
                throw IOError(path: path, reason: "the file is read-only (mode 0\(String(info.st_mode & 0o7777, radix: 8))); "
                              + "expected a writable file: pass --force to replace it", writing: true)
            }
            // A link's target is replaced where it is: its real path has no link left to follow. The mode is kept
            // but for set-user-ID and set-group-ID, which new content written by root must not inherit.
            let destination = realPath(path) ?? path
            let temporary = try writeTemporaryFile(beside: destination, mode: mode ?? (info.st_mode & 0o1777), owner: (info.st_uid, info.st_gid),
                                                   produce)
            return .temporary(temporary, destination: destination)
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
    /// this user nor by the directory's owner.
    static func checkLinksFollowable(on path: String) throws(IOError) {
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
                throw IOError(path: path, reason: "'\(TerminalSafeText.visible(named))' is a symbolic link of another user (uid \(link.st_uid)) "
                              + "in the sticky world-writable directory '\(TerminalSafeText.visible(directory))'; refusing to follow it "
                              + "(as the kernel's protected_symlinks does): write somewhere else, or remove the link", writing: true)
            }
        }
    }

    /// Whether this user may write the file: by its mode bits (root, who may write anything, counts a file
    /// without any write bit as read-only).
    static func isWritable(_ path: String, _ info: stat) -> Bool {
        if geteuid() == 0 { return info.st_mode & 0o222 != 0 }
        return faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0
    }

    /// What a symbolic link says, or nil.
    static func symbolicLinkText(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Renames a temporary file of `writeTemporaryFile` over `destination` (removing it when that fails).
    static func moveTemporary(_ temporary: String, over destination: String, naming path: String) throws(IOError) {
        defer { TemporaryFiles.forget(temporary) }
        guard Glibc.rename(temporary, destination) == 0 else {
            let failure = IOError(path: path, reason: reason(), writing: true)
            unlink(temporary)
            throw failure
        }
    }

    /// Writes `bytes` to a new temporary file beside `path` (see `writeTemporaryFile(beside:mode:owner:_:)`).
    static func writeTemporaryFile(_ bytes: [UInt8], beside path: String, mode: mode_t) throws(IOError) -> String {
        try writeTemporaryFile(beside: path, mode: mode, owner: nil) { writer in writer.write(bytes) }
    }

    /// Writes what `produce` gives its `Writer` to a new temporary file in the directory of `path`, with
    /// `mode` (and `owner`, when given), flushed to disk, and returns its path; errors name `path`, and
    /// leave no temporary file behind. Until the caller renames or removes it and calls `TemporaryFiles.forget`,
    /// the file is removed if the process is ended by SIGTERM, SIGHUP or SIGINT.
    static func writeTemporaryFile(beside path: String, mode: mode_t, owner: (uid_t, gid_t)?,
                                   _ produce: (inout Writer) -> Void) throws(IOError) -> String {
        TemporaryFiles.installSignalHandlers()
        // The name is tracked before the file exists (then created with O_EXCL), so that no moment passes in
        // which a signal would leave it behind.
        var temporary = ""
        var descriptor: Int32 = -1
        while descriptor < 0 {
            temporary = directoryName(of: path) + "/.whatsnew-" + TemporaryFiles.randomName()
            TemporaryFiles.remember(temporary)
            descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                let failure = errno
                TemporaryFiles.forget(temporary)
                guard failure == EEXIST else { throw IOError(path: path, reason: reason(failure), writing: true) }
            }
        }
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
            unlink(temporary)
            TemporaryFiles.forget(temporary)
            throw error
        }
        return temporary
    }
}
