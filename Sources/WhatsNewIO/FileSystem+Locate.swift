#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewText

/// The one way the file layer finds what a path names (see `PathScope` and `PathWalker` for the rules).
extension FileSystem {
    /// Walks `path` to the directory that holds its last name. `reading`: links on the way are followed while
    /// they stay beneath the root (and one at the last name too when `followsFinalLink`); otherwise no link
    /// is followed anywhere. `creating`: missing directories on the way are created (writing only).
    package static func locate(_ path: String, reading: Bool, followsFinalLink: Bool = true,
                               creating: DirectoryCreation? = nil) throws(IOError) -> FileLocation {
        guard !path.isEmpty else { throw IOError(path: path, reason: reason(ENOENT), writing: !reading, code: ENOENT) }
        switch PathScope(path) {
        case .workspace(let components):
            var walker = PathWalker(path: path, followsLinks: reading, rootName: "the working directory")
            walker.followsFinalLink = followsFinalLink
            walker.creating = creating
            return try walker.walk(components, from: .workingDirectory)
        case .outside(let directory, let name):
            let opened = try openGivenDirectory(directory, path: path, writing: !reading, creating: creating)
            guard let name else { return FileLocation(directory: opened, name: nil) }
            var walker = PathWalker(path: path, followsLinks: reading, rootName: "'\(TerminalSafeText.visible(directory))'")
            walker.followsFinalLink = followsFinalLink
            return try walker.walk([Substring(name)], from: opened)
        }
    }

    /// Opens the directory `path` names (created when missing, with `creating`), under the rules of `locate`.
    static func openDirectory(_ path: String, reading: Bool, creating: DirectoryCreation? = nil) throws(IOError) -> OpenDirectory {
        do throws(IOError) {
            return try locate(path.hasSuffix("/") ? path + "." : path + "/.", reading: reading, creating: creating).directory
        } catch {
            throw IOError(path: path, reason: error.reason, writing: error.writing, code: error.code)
        }
    }

    /// The directory part of a path outside the workspace, opened as the user gave it (links followed, but for
    /// the kernel's `protected_symlinks` rule when writing); when it is missing and `creating` is given, its
    /// longest existing part is opened so and the rest created beneath it, no link followed.
    private static func openGivenDirectory(_ directory: String, path: String, writing: Bool,
                                           creating: DirectoryCreation?) throws(IOError) -> OpenDirectory {
        if writing { try checkLinksFollowable(on: directory, naming: path) }
        let descriptor = open(directory, OpenDirectory.pathOnly | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 { return OpenDirectory(descriptor: descriptor, shown: directory) }
        let failure = errno
        guard failure == ENOENT || failure == ENOTDIR, let creating else {
            throw IOError(path: path, reason: failure == ENOENT ? reason(failure) : "'\(TerminalSafeText.visible(directory))': \(reason(failure))",
                          writing: writing, code: failure)
        }
        let components = directory.split(separator: "/", omittingEmptySubsequences: true)
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
                throw IOError(path: path, reason: "'\(TerminalSafeText.visible(next))' is a dangling symbolic link; expected a directory: "
                              + "remove the link, or create the directory it names", writing: true)
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw IOError(path: path, reason: "'\(TerminalSafeText.visible(next))' is \(describe(mode: info.st_mode)), not a directory; "
                              + "expected a directory on the way to the file: choose another path", writing: true, code: ENOTDIR)
            }
            prefix = next
            existing += 1
        }
        let base = open(prefix, OpenDirectory.pathOnly | O_DIRECTORY | O_CLOEXEC)
        guard base >= 0 else { throw IOError(path: path, reason: "'\(TerminalSafeText.visible(prefix))': \(reason())", writing: true) }
        var walker = PathWalker(path: path, followsLinks: false, rootName: "'\(TerminalSafeText.visible(prefix))'")
        walker.creating = creating
        return try walker.walk(Array(components[existing...]) + ["."], from: OpenDirectory(descriptor: base, shown: prefix)).directory
    }

    /// What the symbolic link `name` in the directory `descriptor` says; nil when it is not a link.
    static func linkText(in descriptor: Int32, name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(descriptor, name, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
