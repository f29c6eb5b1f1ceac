#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a path lies in the workspace (the working directory), and so is walked beneath it, or outside it,
/// where the user named it: the first rule of the file layer (see `PathWalker`).
enum PathScope: Equatable {
    /// A relative path that never climbs above the working directory, or an absolute one below its real path
    /// (or below `$PWD` when that is the same directory): these components, from the working directory.
    case workspace([Substring])
    /// Any other path: its directory part, opened as given, and its last name (nil when the path ends at
    /// `.` or `..`: the directory is the path itself).
    case outside(directory: String, name: String?)

    init(_ path: String) {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        if !path.hasPrefix("/") {
            if Self.staysBeneath(components) {
                self = .workspace(components)
                return
            }
        } else if let rest = Self.belowWorkingDirectory(components), Self.staysBeneath(rest) {
            self = .workspace(rest)
            return
        }
        self = Self.split(path, components)
    }

    /// Whether `components` never climb above where they start, `..` taken by its spelling.
    static func staysBeneath(_ components: some Collection<Substring>) -> Bool {
        var depth = 0
        for component in components where component != "." {
            depth += component == ".." ? -1 : 1
            if depth < 0 { return false }
        }
        return true
    }

    /// The components of an absolute path after the working directory's, when it lies below it; nil otherwise.
    private static func belowWorkingDirectory(_ components: [Substring]) -> [Substring]? {
        guard let real = workingDirectoryPath() else { return nil }
        if let rest = components.dropping(prefix: real.split(separator: "/")) { return rest }
        // A shell's `$PWD` may spell the working directory through a link; it counts when it is the same directory.
        guard let logical = getenv("PWD").map({ String(cString: $0) }), logical.hasPrefix("/"), logical != real,
              let rest = components.dropping(prefix: logical.split(separator: "/")) else { return nil }
        var named = stat(), current = stat()
        guard stat(logical, &named) == 0, stat(".", &current) == 0, named.st_dev == current.st_dev, named.st_ino == current.st_ino else { return nil }
        return rest
    }

    /// The working directory's real path (`getcwd` gives it with every link resolved).
    static func workingDirectoryPath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An outside path as its directory part and last name.
    private static func split(_ path: String, _ components: [Substring]) -> PathScope {
        guard let last = components.last else { return .outside(directory: path.isEmpty ? "." : "/", name: nil) }
        if last == "." || last == ".." { return .outside(directory: path, name: nil) }
        let directory = components.count == 1 ? (path.hasPrefix("/") ? "/" : ".")
            : (path.hasPrefix("/") ? "/" : "") + components.dropLast().joined(separator: "/")
        return .outside(directory: directory, name: String(last))
    }
}

extension Array where Element == Substring {
    /// The elements after `prefix`, when the array starts with it (`.` and `..` never match: the prefix is a
    /// real path, and a spelled `..` after it is for `staysBeneath` to judge).
    fileprivate func dropping(prefix: [Substring]) -> [Substring]? {
        guard count >= prefix.count, zip(self, prefix).allSatisfy({ $0 == $1 && $0 != "." && $0 != ".." }) else { return nil }
        return Array(self[prefix.count...])
    }
}
