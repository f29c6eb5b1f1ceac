#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations whatsnew needs, on POSIX calls so errors carry errno's reason.
public enum FileSystem {
    public enum Kind: Sendable { case file, directory, missing, other }

    public static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The contents of a file (or standard input for `-`), reading at most `limit + 1` bytes so an
    /// oversized input is detected without loading it.
    public static func read(_ path: String, limit: Int) throws(IOError) -> [UInt8] {
        let descriptor: Int32 = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw IOError(path: path, reason: reason()) }
        defer { if descriptor != 0 { close(descriptor) } }
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

    /// The names of the entries of a directory, sorted bytewise.
    public static func entries(of path: String) throws(IOError) -> [String] {
        guard let directory = opendir(path) else { throw IOError(path: path, reason: reason()) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same directory, then a rename, so a
    /// failure never leaves a half-written file. `-` writes to standard output.
    ///
    /// A rename replaces whatever the path names, so two kinds of path are written differently: a device,
    /// FIFO or socket (`-o /dev/null`, `-o /dev/stdout`) is written into directly, never replaced by a
    /// regular file; and a symbolic link stays a link, its target is replaced atomically.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(IOError) {
        try writeAtomically(to: path, mode: mode) { writer in writer.write(bytes) }
    }

    /// Writes what `produce` gives its `Writer`, chunk by chunk, to `path` exactly as `writeAtomically(_:to:mode:)`
    /// writes bytes: into a temporary file renamed over `path` only once all of it is written and flushed
    /// (a failure leaves `path` as it was), or straight through for `-` and for a device, FIFO or socket.
    /// A long output never has to be held in memory whole.
    public static func writeAtomically(to path: String, mode: mode_t = 0o644,
                                       _ produce: (inout Writer) -> Void) throws(IOError) {
        if path == "-" {
            try write(to: 1, path: path, produce)
            return
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard descriptor >= 0 else { throw IOError(path: path, reason: reason(), writing: true) }
            defer { close(descriptor) }
            try write(to: descriptor, path: path, produce)
            return
        }
        let destination = symbolicLinkTarget(of: path) ?? path
        let temporary = try writeTemporaryFile(beside: destination, mode: mode, produce)
        guard rename(temporary, destination) == 0 else {
            let failure = IOError(path: path, reason: reason(), writing: true)
            unlink(temporary)
            throw failure
        }
    }

    /// Writes chunks to a file descriptor, each in full (retrying interrupted and short writes). After the
    /// first failure it writes nothing more and keeps the failure, for `writeAtomically` to throw when the
    /// producer returns: a producer (an emitter) need not handle errors itself.
    public struct Writer {
        let descriptor: Int32
        /// The path errors name.
        let path: String
        public private(set) var failure: IOError?

        public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
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

        public mutating func write(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { write($0) }
        }
    }

    /// The resolved path of a symbolic link whose target exists, or nil when `path` is no such link.
    private static func symbolicLinkTarget(of path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `bytes` to a new temporary file in the directory of `path`, with `mode`, flushed to disk,
    /// and returns its path; errors name `path`, and leave no temporary file behind.
    static func writeTemporaryFile(_ bytes: [UInt8], beside path: String, mode: mode_t) throws(IOError) -> String {
        try writeTemporaryFile(beside: path, mode: mode) { writer in writer.write(bytes) }
    }

    /// Writes what `produce` gives its `Writer` to a new temporary file in the directory of `path`, with
    /// `mode`, flushed to disk, and returns its path; errors name `path`, and leave no temporary file behind.
    private static func writeTemporaryFile(beside path: String, mode: mode_t,
                                           _ produce: (inout Writer) -> Void) throws(IOError) -> String {
        var template = Array((directoryName(of: path) + "/.whatsnew-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw IOError(path: path, reason: reason(), writing: true) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do throws(IOError) {
            defer { close(descriptor) }
            try write(to: descriptor, path: path, produce)
            guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else {
                throw IOError(path: path, reason: reason(), writing: true)
            }
        } catch {
            unlink(temporary)
            throw error
        }
        return temporary
    }

    /// Runs `produce` with a `Writer` on `descriptor`, and throws the first write failure.
    private static func write(to descriptor: Int32, path: String, _ produce: (inout Writer) -> Void) throws(IOError) {
        var writer = Writer(descriptor: descriptor, path: path)
        produce(&writer)
        if let failure = writer.failure { throw failure }
    }

    /// A `file://` URI for a path (made absolute against the working directory), the base URI of a
    /// schema read from it.
    public static func fileURI(of path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                absolute = (directory.hasSuffix("/") ? directory : directory + "/") + path
            }
        }
        var uri = "file://"
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                uri += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return uri
    }

    /// The directory part of a path ("." when there is none).
    public static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The system's words for an error number (`errno` unless another is given).
    static func reason(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
