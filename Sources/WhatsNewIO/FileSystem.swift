#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewText

/// The few file operations whatsnew needs, on POSIX calls so errors carry errno's reason.
package enum FileSystem {
    package enum Kind: Sendable { case file, directory, missing, other }

    /// What `path` names, as whatsnew would read it (see `locate`): a link is followed only while it stays beneath
    /// its root; one that leads out, or any other path that cannot be walked, is `.other` (and reading it says why).
    package static func kind(of path: String) -> Kind {
        guard let info = try? status(of: path) else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// `fstatat` of what `path` names under the reading rules; nil when nothing is there (or a directory on the
    /// way is missing), and an `stat` of no file type when it cannot be walked (a link leading out).
    package static func status(of path: String) throws(IOError) -> stat? {
        let location: FileLocation
        do throws(IOError) {
            location = try locate(path, reading: true)
        } catch {
            if error.code == ENOENT || error.code == ENOTDIR { return nil }
            return stat()
        }
        guard let info = location.status() else { return errno == ENOENT || errno == ENOTDIR ? nil : stat() }
        return info
    }

    /// The size of the regular file `path` names (standard input's for `-`), or nil when it is not one (a pipe,
    /// a device: their size is not known before they are read).
    package static func regularFileSize(of path: String) -> Int? {
        var info = stat()
        if path == "-" {
            guard fstat(0, &info) == 0 else { return nil }
        } else {
            guard let found = try? status(of: path) else { return nil }
            info = found
        }
        return info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil
    }

    /// The contents of the regular file `path` names (or standard input for `-`), reading at most `limit + 1`
    /// bytes so an oversized input is detected without loading it. The path is walked under the reading rules
    /// (a link is followed only while it stays beneath its root), and the file opened as `openIfRegular` opens
    /// it: a FIFO or a device is refused without waiting on it.
    package static func read(_ path: String, limit: Int) throws(IOError) -> [UInt8] {
        if path == "-" { return try read(descriptor: 0, path: path, limit: limit) }
        let descriptor = try openRegularFile(path, flags: O_RDONLY, followsFinalLink: true)
        defer { close(descriptor) }
        return try read(descriptor: descriptor, path: path, limit: limit)
    }

    /// The contents of the regular file at `path`, at most `limit + 1` bytes, as `read` reads them but without
    /// following a link at the last name: for files a stranger may have put in place (fragments, state).
    package static func readRegularFile(_ path: String, limit: Int) throws(IOError) -> [UInt8] {
        let descriptor = try openRegularFile(path, flags: O_RDONLY)
        defer { close(descriptor) }
        return try read(descriptor: descriptor, path: path, limit: limit)
    }

    /// Opens the regular file `path` names with `flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC` beneath
    /// its directory (see `locate`) and returns the descriptor; throws, naming what it is, otherwise.
    static func openRegularFile(_ path: String, flags: Int32, mode: mode_t = 0, followsFinalLink: Bool = false) throws(IOError) -> Int32 {
        guard let descriptor = try openRegularFileIfPresent(path, flags: flags, mode: mode, followsFinalLink: followsFinalLink) else {
            throw IOError(path: path, reason: reason(ENOENT), writing: flags & (O_WRONLY | O_RDWR) != 0, code: ENOENT)
        }
        return descriptor
    }

    /// `openRegularFile`, but nil when nothing is at `path` (or a directory on the way is missing).
    static func openRegularFileIfPresent(_ path: String, flags: Int32, mode: mode_t = 0, followsFinalLink: Bool = false) throws(IOError) -> Int32? {
        let writing = flags & (O_WRONLY | O_RDWR) != 0
        let location: FileLocation
        do throws(IOError) {
            location = try locate(path, reading: !writing, followsFinalLink: followsFinalLink)
        } catch {
            if error.code == ENOENT { return nil }
            throw error
        }
        guard location.name != nil else {
            throw IOError(path: path, reason: "is a directory; expected a regular file", writing: writing, code: EISDIR)
        }
        switch openIfRegular(location, flags: flags, mode: mode) {
        case .opened(let descriptor, _): return descriptor
        case .failed(ENOENT): return nil
        case .failed(ELOOP): throw IOError(path: path, reason: "is a symbolic link; expected a regular file", writing: writing, code: ELOOP)
        case .failed(let code): throw IOError(path: path, reason: reason(code), writing: writing, code: code)
        case .notRegular(let kind): throw IOError(path: path, reason: "is \(kind); expected a regular file", writing: writing)
        }
    }

    /// What opening a file that must be regular gave (see `openIfRegular`).
    enum RegularFileOpening {
        /// Open, with what `fstat` said of it.
        case opened(Int32, stat)
        /// `open` or `fstat` failed with this `errno` (`ELOOP`: the last name is a symbolic link).
        case failed(Int32)
        /// It is something else: "a directory", "a FIFO", … (closed again).
        case notRegular(String)
    }

    /// Opens the last name of `location` with `flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC` (a symbolic
    /// link is refused, and a FIFO or a device cannot stall the open) and keeps it only when `fstat` on the
    /// descriptor says it is a regular file: the one way whatsnew opens a file.
    static func openIfRegular(_ location: FileLocation, flags: Int32, mode: mode_t = 0) -> RegularFileOpening {
        let descriptor = openat(location.directory.descriptor, location.nameForCalls, flags | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return .failed(errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            return .failed(code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .notRegular(describe(mode: info.st_mode))
        }
        return .opened(descriptor, info)
    }

    /// The contents of an open file, reading at most `limit + 1` bytes; errors name `path`.
    package static func read(descriptor: Int32, path: String, limit: Int) throws(IOError) -> [UInt8] {
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw IOError(path: path, reason: "is a directory")
        }
        var bytes: [UInt8] = []
        if info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 {
            // A regular file is read straight into an array of its size (one more byte tells whether it grew,
            // and past the limit whether it is too large); what it then still holds is read in chunks below.
            let capacity = min(Int(info.st_size), limit) + 1
            var failure: Int32?
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                while initialized < capacity {
                    let count = Glibc.read(descriptor, buffer.baseAddress.map { $0 + initialized }, capacity - initialized)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if count == 0 { return }
                    initialized += count
                }
            }
            if let failure { throw IOError(path: path, reason: reason(failure)) }
            if bytes.count < capacity || bytes.count > limit { return bytes }
        }
        // A pipe (or a file that grew): the array grows by doubling but never past `limit + 1` bytes, so an
        // endless input (`yes | whatsnew validate -`) costs its limit and no more.
        let most = limit == Int.max ? limit : limit + 1
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < most {
            let wanted = min(chunk.count, most - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw IOError(path: path, reason: reason())
            }
            if count == 0 { break }
            if bytes.capacity < bytes.count + count {
                bytes.reserveCapacity(min(max(2 * bytes.capacity, bytes.count + count), most))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// The absolute path `path` resolves to, every symbolic link followed, or nil (with `errno` set).
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What kind of file a mode says, for messages: "a directory", "a FIFO", …
    package static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }

    /// The names of the entries of a directory, sorted bytewise (the directory walked under the reading rules).
    package static func entries(of path: String) throws(IOError) -> [String] {
        try listing(of: path).names
    }

    /// The directory `path` names, open for reading its entries (see `locate`), and the names in it, sorted
    /// bytewise, but for `.` and `..`.
    static func listing(of path: String) throws(IOError) -> (directory: OpenDirectory, names: [String]) {
        let location = try locate(path, reading: true)
        let descriptor = openat(location.directory.descriptor, location.nameForCalls, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw IOError(path: path, reason: reason(), writing: false, code: errno) }
        let directory = OpenDirectory(descriptor: descriptor, shown: location.shown)
        let listed = dup(descriptor)
        guard listed >= 0, let stream = fdopendir(listed) else {
            let failure = errno
            if listed >= 0 { close(listed) }
            throw IOError(path: path, reason: reason(failure), writing: false, code: failure)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return (directory, names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    /// Writes chunks to a file descriptor, each in full (retrying interrupted and short writes). After the
    /// first failure it writes nothing more and keeps the failure, for `writeAtomically` to throw when the
    /// producer returns: a producer (an emitter) need not handle errors itself.
    package struct Writer {
        package let descriptor: Int32
        /// The path errors name.
        package let path: String
        package private(set) var failure: IOError?

        package mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard failure == nil, let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = IOError(path: path, reason: FileSystem.reason(), writing: true)
                    return
                }
                offset += written
            }
        }

        package mutating func write(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { write($0) }
        }
    }

    /// Runs `produce` with a `Writer` on `descriptor`, and throws the first write failure.
    package static func write(to descriptor: Int32, path: String, _ produce: (inout Writer) -> Void) throws(IOError) {
        var writer = Writer(descriptor: descriptor, path: path)
        produce(&writer)
        if let failure = writer.failure { throw failure }
    }

    /// A `file://` URI for a path (made absolute against the working directory), the base URI of a
    /// schema read from it.
    package static func fileURI(of path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                absolute = (directory.hasSuffix("/") ? directory : directory + "/") + path
            }
        }
        return "file://" + PercentEncoding.encoded(absolute, keeping: "/")
    }

    /// The directory part of a path ("." when there is none).
    package static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The system's words for an error number (`errno` unless another is given).
    package static func reason(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
