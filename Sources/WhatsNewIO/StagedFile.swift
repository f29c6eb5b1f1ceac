#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file written completely beside the file it will replace, in the same open directory: `move`
/// renames it over that name (`renameat`, one directory descriptor), `discard` removes it.
struct StagedFile {
    let directory: OpenDirectory
    /// The temporary file's name in `directory`.
    let temporary: String
    /// The name it replaces.
    let name: String
    /// The path errors name.
    let path: String

    /// Renames the temporary file over `name` (removing it when that fails).
    func move() throws(IOError) {
        defer { TemporaryFiles.forget(temporary) }
        guard renameat(directory.descriptor, temporary, directory.descriptor, name) == 0 else {
            let failure = IOError(path: path, reason: FileSystem.reason(), writing: true)
            unlinkat(directory.descriptor, temporary, 0)
            throw failure
        }
    }

    /// Removes the temporary file.
    func discard() {
        unlinkat(directory.descriptor, temporary, 0)
        TemporaryFiles.forget(temporary)
    }
}
