#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory held by its descriptor, where the file layer's `*at` calls start: once a directory is open, no
/// rename or link put on the path it came from can move what is opened beneath it. The working directory is
/// `AT_FDCWD`, never closed; every other descriptor is closed with its holder.
final class OpenDirectory {
    let descriptor: Int32
    /// The directory as messages name it: the path as far as it was walked ("" for the working directory).
    let shown: String

    init(descriptor: Int32, shown: String) {
        self.descriptor = descriptor
        self.shown = shown
    }

    deinit { if descriptor != AT_FDCWD { close(descriptor) } }

    /// `O_PATH` (Linux's "open for walking only": no read permission needed, nothing read), which Glibc's
    /// module does not export to Swift.
    #if os(Linux)
    static let pathOnly: Int32 = 0o10000000
    #else
    static let pathOnly: Int32 = O_RDONLY
    #endif

    /// The working directory, as every relative path starts from it.
    static var workingDirectory: OpenDirectory { OpenDirectory(descriptor: AT_FDCWD, shown: "") }

    /// `name` inside this directory, as messages name it.
    func shown(_ name: String) -> String {
        if shown.isEmpty { return name }
        return shown.hasSuffix("/") ? shown + name : shown + "/" + name
    }
}
