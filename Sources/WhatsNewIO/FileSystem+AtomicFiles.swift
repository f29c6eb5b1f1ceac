#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewText

extension FileSystem {
    /// Writes a tree of files below `directory` as one change, as far as a file system allows: every file is
    /// first written completely to a temporary file beside its path (under the rules of `writeAtomically` for
    /// read-only files and modes), and only when all of them are written are they renamed over their paths, one
    /// after another. `files` are relative to `directory`, which is walked as an output's directory is; below
    /// it, no symbolic link is followed anywhere (the tree is whatsnew's own) and the directories missing are
    /// created. A failure before the renames (a read-only file without `force`, a link or a directory in the
    /// way, a full disk) leaves every path as it was, no temporary file and none of the directories this write
    /// created. Only regular files are written: a device or FIFO in the tree is an error, since its bytes could
    /// not wait for the others.
    package static func writeAtomically(files: [(path: String, bytes: [UInt8])], below directory: String, force: Bool = false) throws(IOError) {
        guard !files.isEmpty else { return }
        let creation = DirectoryCreation()
        var staged: [StagedFile] = []
        do throws(IOError) {
            let root = try openDirectory(directory, reading: false, creating: creation)
            for file in files {
                let path = (directory.hasSuffix("/") ? directory : directory + "/") + file.path
                var walker = PathWalker(path: path, followsLinks: false, rootName: "'\(TerminalSafeText.visible(directory))'")
                walker.creating = creation
                let location = try walker.walk(file.path.split(separator: "/", omittingEmptySubsequences: true), from: root)
                switch try stage(at: location, path: path, mode: nil, force: force, { writer in writer.write(file.bytes) }) {
                case .temporary(let file):
                    staged.append(file)
                case .special(let mode):
                    throw IOError(path: path, reason: "is \(describe(mode: mode)); expected a regular file in the tree of files written together",
                                  writing: true)
                }
            }
        } catch {
            for file in staged { file.discard() }
            creation.removeCreated()
            throw error
        }
        var failure: IOError?
        for file in staged {
            if failure != nil {
                file.discard()
                continue
            }
            do throws(IOError) {
                try file.move()
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }
}
