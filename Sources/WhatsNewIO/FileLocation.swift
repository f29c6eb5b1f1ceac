#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a path led (see `PathWalker`): an open directory and the name in it the operation acts on, or the
/// directory itself (`name` nil: the path ended at `.`, `..` or `/`).
package struct FileLocation {
    let directory: OpenDirectory
    let name: String?

    /// The path as far as it was walked, for messages.
    var shown: String { name.map(directory.shown) ?? directory.shown }

    /// The name for `*at` calls: `.` for the directory itself.
    var nameForCalls: String { name ?? "." }

    /// `fstatat` of the final name, a link not followed; nil with `errno` set when it fails.
    func status() -> stat? {
        var info = stat()
        guard fstatat(directory.descriptor, nameForCalls, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return info
    }

    /// What a symbolic link at the final name says, or nil.
    func linkText() -> String? {
        FileSystem.linkText(in: directory.descriptor, name: nameForCalls)
    }
}
