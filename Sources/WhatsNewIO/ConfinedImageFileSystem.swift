#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The real file system, confined to a root: the root is opened (under the reading rules of
/// `FileSystem.locate`), and the image's path walked beneath its descriptor by `PathWalker`: a symbolic link
/// is followed only while it stays inside the root, and a `..` never climbs above it. The file is then opened
/// as every file is (`FileSystem.openIfRegular`: `O_NOFOLLOW | O_NONBLOCK`, a regular file by `fstat` on the
/// descriptor).
package struct ConfinedImageFileSystem: ImageFileSystem {
    package init() {}

    package func open(_ path: String, from directory: String, inside root: String) -> Result<any ImageFileHandle, ImageFileProblem> {
        let rootDirectory: OpenDirectory
        do throws(IOError) {
            rootDirectory = try FileSystem.openDirectory(root, reading: true)
        } catch {
            return .failure(.unreadable(reason: "its root directory '\(root)' cannot be opened: \(error.reason)"))
        }
        guard let components = Self.components(of: path, from: directory, inside: root) else { return .failure(.outsideRoot(root: root)) }
        let location: FileLocation
        do throws(IOError) {
            location = try PathWalker(path: path, followsLinks: true, rootName: "'\(root)'").walk(components, from: rootDirectory)
        } catch {
            switch error.code {
            case EXDEV: return .failure(.outsideRoot(root: root))
            case ENOENT, ENOTDIR: return .failure(.missing(directory: directory))
            default: return .failure(.unreadable(reason: error.reason))
            }
        }
        guard location.name != nil else { return .failure(.notRegularFile(kind: "a directory")) }
        switch FileSystem.openIfRegular(location, flags: O_RDONLY) {
        case .opened(let descriptor, let info): return .success(Handle(descriptor: descriptor, info: info))
        case .failed(ENOENT), .failed(ENOTDIR): return .failure(.missing(directory: directory))
        case .failed(ELOOP): return .failure(.notRegularFile(kind: "a symbolic link"))
        case .failed(let code): return .failure(.unreadable(reason: FileSystem.reason(code)))
        case .notRegular(let kind): return .failure(.notRegularFile(kind: kind))
        }
    }

    /// The names to walk from `root` to the image `path` names from `directory` (both the user's directories, so
    /// their real paths say where one lies in the other); nil when the path starts outside the root. Only the
    /// `..` at the start of `path` is applied to the directory's real path; any later one is walked.
    package static func components(of path: String, from directory: String, inside root: String) -> [Substring]? {
        let names = path.split(separator: "/", omittingEmptySubsequences: true)
        if directory == root, PathScope.staysBeneath(names) { return names }
        guard let realRoot = FileSystem.realPath(root), let realDirectory = FileSystem.realPath(directory) else { return nil }
        var base = realDirectory.split(separator: "/")
        var rest = names[...]
        while let first = rest.first, first == "." || first == ".." {
            if first == ".." {
                guard !base.isEmpty else { return nil }
                base.removeLast()
            }
            rest.removeFirst()
        }
        let rootNames = realRoot.split(separator: "/")
        guard base.count >= rootNames.count, Array(base.prefix(rootNames.count)) == rootNames else { return nil }
        return Array(base[rootNames.count...]) + Array(rest)
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
