#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The real file system, confined to a root: the directory part of a path is resolved with `realpath` and
/// must lie inside the root's real path; a final symbolic link must resolve inside it too; the file is then
/// opened as every file a stranger may have put in place is (`FileSystem.openIfRegular`: `O_NOFOLLOW |
/// O_NONBLOCK`, a regular file by `fstat` on the descriptor).
public struct ConfinedImageFileSystem: ImageFileSystem {
    public init() {}

    public func open(_ path: String, from directory: String, inside root: String) -> Result<any ImageFileHandle, ImageFileProblem> {
        guard let realRoot = FileSystem.realPath(root) else {
            return .failure(.unreadable(reason: "its root directory '\(root)' cannot be resolved: \(FileSystem.reason())"))
        }
        let joined = (directory.hasSuffix("/") ? directory : directory + "/") + path
        let parent = FileSystem.directoryName(of: joined)
        let name = String(joined[joined.index(after: joined.lastIndex(of: "/") ?? joined.startIndex)...])
        guard let realParent = FileSystem.realPath(parent) else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing(directory: directory) : .unreadable(reason: FileSystem.reason()))
        }
        guard Self.isInside(realParent, realRoot) else { return .failure(.outsideRoot(root: root)) }
        if name.isEmpty || name == "." || name == ".." { return .failure(.notRegularFile(kind: "a directory")) }
        var candidate = (realParent == "/" ? "" : realParent) + "/" + name
        var info = stat()
        if lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            // A link is followed only as far as its resolved target, which must be inside the root too.
            guard let target = FileSystem.realPath(candidate) else {
                return .failure(errno == ENOENT ? .missing(directory: directory) : .unreadable(reason: FileSystem.reason()))
            }
            guard Self.isInside(target, realRoot) else { return .failure(.outsideRoot(root: root)) }
            candidate = target
        }
        switch FileSystem.openIfRegular(candidate, flags: O_RDONLY) {
        case .opened(let descriptor, let info): return .success(Handle(descriptor: descriptor, info: info))
        case .failed(ENOENT), .failed(ENOTDIR): return .failure(.missing(directory: directory))
        case .failed(ELOOP): return .failure(.notRegularFile(kind: "a symbolic link"))
        case .failed(let code): return .failure(.unreadable(reason: FileSystem.reason(code)))
        case .notRegular(let kind): return .failure(.notRegularFile(kind: kind))
        }
    }

    /// Whether `path` is `root` or lies below it (both real paths).
    static func isInside(_ path: String, _ root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    private final class Handle: ImageFileHandle {
        let descriptor: Int32
        let identity: FileIdentity
        let size: Int

        init(descriptor: Int32, info: stat) {
            self.descriptor = descriptor
            identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            size = Int(info.st_size)
        }

        deinit { close(descriptor) }

        func read(limit: Int) -> Result<[UInt8], ImageFileProblem> {
            do throws(IOError) {
                return .success(try FileSystem.read(descriptor: descriptor, path: "", limit: limit))
            } catch {
                return .failure(.unreadable(reason: error.reason))
            }
        }
    }
}
