#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewText

/// Walks a path one name at a time on directory descriptors (`openat` with `OpenDirectory.pathOnly | O_DIRECTORY |
/// O_NOFOLLOW`, `fstatat` and `readlinkat` without following), beneath a root it never leaves: the way
/// every path of whatsnew is resolved, instead of a check of the path followed by an open of it.
///
/// - The root is the working directory for a path in the workspace (see `PathScope`); for a path outside
///   it, the directory part as the user gave it, so only the last name is walked.
/// - Reading (`followsLinks`): a symbolic link is followed only while its resolution stays beneath the root
///   (a relative target whose `..` never climbs above it, at most `maxLinks` links); any other is refused
///   with an error naming the link and where it points.
/// - Writing: no symbolic link at all on the way; the operation then refuses one at the final name too.
/// - `creating`: a missing directory on the way is created (`mkdirat`) and entered without following a link.
struct PathWalker {
    /// As the kernel's `MAXSYMLINKS`.
    static let maxLinks = 40

    /// The path the user gave, for errors.
    let path: String
    /// Whether links on the way are followed (beneath the root) rather than refused.
    let followsLinks: Bool
    /// Whether a link at the final name is followed too (reading a file the user named) or left to the operation.
    var followsFinalLink = true
    /// How the root is named in messages: "the working directory", "'assets'".
    let rootName: String
    /// Where directories missing on the way are created, and recorded; nil: a missing one is an error.
    var creating: DirectoryCreation?

    var writing: Bool { !followsLinks }

    /// Resolves `components` beneath `root`.
    func walk(_ components: [Substring], from root: OpenDirectory) throws(IOError) -> FileLocation {
        var parents: [OpenDirectory] = []
        var top = root
        var pending = Array(components.reversed())
        var links = 0
        /// The last link followed, for a message about a `..` of its target.
        var lastLink: (shown: String, target: String)?
        while let component = pending.popLast() {
            if component == "." || component.isEmpty {
                if pending.isEmpty { return FileLocation(directory: top, name: nil) }
                continue
            }
            if component == ".." {
                guard let parent = parents.popLast() else {
                    let how = lastLink.map { "'\(TerminalSafeText.visible($0.shown))' is a symbolic link to '\(TerminalSafeText.visible($0.target))', which leads" }
                        ?? "'..' leads"
                    throw refusal("\(how) out of \(rootName); whatsnew follows a link only while it stays beneath \(rootName): "
                                  + "name the file itself, or put a copy of it there")
                }
                top = parent
                if pending.isEmpty { return FileLocation(directory: top, name: nil) }
                continue
            }
            let name = String(component)
            if pending.isEmpty {
                guard followsLinks, followsFinalLink, let target = FileSystem.linkText(in: top.descriptor, name: name) else {
                    return FileLocation(directory: top, name: name)
                }
                try follow(target, at: top.shown(name), into: &pending, links: &links)
                lastLink = (top.shown(name), target)
                continue
            }
            let next = openat(top.descriptor, name, OpenDirectory.pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next >= 0 {
                parents.append(top)
                top = OpenDirectory(descriptor: next, shown: top.shown(name))
                continue
            }
            let failure = errno
            if failure == ENOENT, let creating {
                parents.append(top)
                top = try creating.create(name, in: top, path: path)
                continue
            }
            guard failure == ENOTDIR || failure == ELOOP else {
                let why = failure == ENOENT ? FileSystem.reason(failure) : "'\(TerminalSafeText.visible(top.shown(name)))': \(FileSystem.reason(failure))"
                throw IOError(path: path, reason: why, writing: writing, code: failure)
            }
            if let target = FileSystem.linkText(in: top.descriptor, name: name) {
                guard followsLinks else { throw Self.linkRefusedForWriting(path: path, shown: top.shown(name), target: target) }
                try follow(target, at: top.shown(name), into: &pending, links: &links)
                lastLink = (top.shown(name), target)
                continue
            }
            var info = stat()
            let kind = fstatat(top.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? FileSystem.describe(mode: info.st_mode) : "not a directory"
            throw IOError(path: path, reason: "'\(TerminalSafeText.visible(top.shown(name)))' is \(kind), not a directory"
                          + (writing ? "; expected a directory on the way to the file: choose another path" : ""), writing: writing, code: ENOTDIR)
        }
        return FileLocation(directory: top, name: nil)
    }

    /// Puts a link's target in place of the link, when it may be followed.
    private func follow(_ target: String, at shown: String, into pending: inout [Substring], links: inout Int) throws(IOError) {
        links += 1
        guard links <= Self.maxLinks else {
            throw refusal("'\(TerminalSafeText.visible(shown))': more than \(Self.maxLinks) symbolic links on the way; expected a path that leads "
                          + "to a file", code: ELOOP)
        }
        if target.hasPrefix("/") || target.isEmpty {
            throw refusal("'\(TerminalSafeText.visible(shown))' is a symbolic link to '\(TerminalSafeText.visible(target))', which leads out of "
                          + "\(rootName); whatsnew follows a link only while it stays beneath \(rootName): name the file itself, or put a "
                          + "copy of it there")
        }
        pending.append(contentsOf: target.split(separator: "/", omittingEmptySubsequences: true).reversed())
    }

    private func refusal(_ reason: String, code: Int32 = EXDEV) -> IOError {
        IOError(path: path, reason: reason, writing: writing, code: code)
    }

    /// The error for a link met on the way to an output, or at its name.
    static func linkRefusedForWriting(path: String, shown: String, target: String) -> IOError {
        // `/dev/stdout` and its kind are links to a descriptor of the process: `-` is what names standard output.
        let fix = target.hasPrefix("/proc/self/fd/") ? "write '-o -' for standard output" : "remove the link or name its target"
        return IOError(path: path, reason: "'\(TerminalSafeText.visible(shown))' is a symbolic link to '\(TerminalSafeText.visible(target))'; "
                       + "whatsnew never writes through a link: \(fix)", writing: true, code: ELOOP)
    }
}
