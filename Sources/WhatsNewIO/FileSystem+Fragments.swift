#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewDiagnostics
import WhatsNewText

/// The files of a directory of fragments, which a stranger may have filled: only regular files count, and
/// nothing leads out of the directory. A symbolic link (even to a file beside it), a subdirectory, a FIFO,
/// a device or a socket with a fragment's extension is skipped with a `fragment-skipped` warning (an error
/// under `--strict`), never followed or read.
package struct FragmentFiles: Sendable {
    /// An entry that is not read, and what it is ("a symbolic link", "a FIFO", …).
    package struct Skipped: Sendable, Hashable {
        package let path: String
        package let kind: String

        /// The warning that says so.
        package var diagnostic: Diagnostic {
            Diagnostic(.warning, code: .fragmentSkipped,
                       message: "skipped '\(TerminalSafeText.visible(path))' in the directory of fragments: it is \(kind); expected a regular file",
                       fix: kind == "a symbolic link" ? "put the file itself in the directory instead of a link" : "remove it, or rename it without a fragment extension")
        }
    }

    /// The regular files to read, sorted bytewise by name.
    package var paths: [String] = []
    package var skipped: [Skipped] = []
}

extension FileSystem {
    /// The fragments of `directory` (walked under the reading rules of `locate`): its entries whose name ends in
    /// one of `extensions` (any case) and does not start with `.`, each by `fstatat` in the open directory (a link
    /// is never followed). Read them with `readRegularFile`, which refuses anything swapped for a link or a FIFO since.
    package static func fragmentFiles(in directory: String, extensions: [String]) throws(IOError) -> FragmentFiles {
        let base = directory.hasSuffix("/") && directory != "/" ? String(directory.dropLast()) : directory
        var files = FragmentFiles()
        let listing = try listing(of: directory)
        for name in listing.names where !name.hasPrefix(".") && extensions.contains(where: { name.lowercased().hasSuffix($0) }) {
            let path = base + "/" + name
            var info = stat()
            guard fstatat(listing.directory.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw IOError(path: path, reason: reason()) }
            if info.st_mode & S_IFMT == S_IFREG {
                files.paths.append(path)
            } else {
                files.skipped.append(FragmentFiles.Skipped(path: path, kind: describe(mode: info.st_mode)))
            }
        }
        return files
    }
}
