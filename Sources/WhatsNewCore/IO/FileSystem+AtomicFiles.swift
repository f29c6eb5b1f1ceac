#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Writes several files as one change, as far as a file system allows: every file is first written
    /// completely to a temporary file beside its path (as `writeAtomically` does, under its rules for links,
    /// read-only files and modes), and only when all of them are written are they renamed over their paths,
    /// one after another. A failure before the renames (a read-only file without `force`, a directory in the
    /// way, a full disk) leaves every path as it was and no temporary file behind. The directories of the
    /// paths must exist (see `createMissingDirectories(toward:)`). Only regular files are written: a device or
    /// FIFO in the tree is an error, since its bytes could not wait for the others.
    public static func writeAtomically(files: [(path: String, bytes: [UInt8])], force: Bool = false) throws(IOError) {
        var staged: [(temporary: String, destination: String, path: String)] = []
        do throws(IOError) {
            for file in files { staged.append(try stage(file.bytes, to: file.path, force: force)) }
        } catch {
            for file in staged {
                unlink(file.temporary)
                TemporaryFiles.forget(file.temporary)
            }
            throw error
        }
        var failure: IOError?
        for file in staged {
            if failure != nil {
                unlink(file.temporary)
                TemporaryFiles.forget(file.temporary)
                continue
            }
            do throws(IOError) {
                try moveTemporary(file.temporary, over: file.destination, naming: file.path)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Writes `bytes` to a temporary file beside what `path` names (a link's target), with the mode, owner and
    /// group the file will have, and returns it and the path to rename it over.
    private static func stage(_ bytes: [UInt8], to path: String, force: Bool) throws(IOError) -> (temporary: String, destination: String, path: String) {
        switch try stage(to: path, mode: nil, force: force, { writer in writer.write(bytes) }) {
        case .temporary(let temporary, let destination):
            return (temporary, destination, path)
        case .special(let mode):
            throw IOError(path: path, reason: "is \(describe(mode: mode)); expected a regular file in the tree of files written together",
                          writing: true)
        }
    }
}
