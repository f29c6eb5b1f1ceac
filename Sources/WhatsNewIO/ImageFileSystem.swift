/// Opens image files confined to a root directory: the one seam between image inlining and the disk, so the
/// fuzzer and tests can give files that cannot hang or leak (`InMemoryImageFileSystem`).
package protocol ImageFileSystem: Sendable {
    /// Opens the regular file that `path` (relative, already checked for control characters) names from
    /// `directory`, provided it resolves, symbolic links and all, inside `root`.
    func open(_ path: String, from directory: String, inside root: String) -> Result<any ImageFileHandle, ImageFileProblem>
}

/// An opened image file: who it is (for the cache), how large it said it was, and its bytes.
package protocol ImageFileHandle: AnyObject {
    var identity: FileIdentity { get }
    /// The size `fstat` gave when it was opened.
    var size: Int { get }
    /// At most `limit + 1` bytes of it (one more than the limit tells that it grew past it).
    func read(limit: Int) -> Result<[UInt8], ImageFileProblem>
}

/// A file's identity on its device: two paths name the same file exactly when these agree.
package struct FileIdentity: Sendable, Hashable {
    package let device: UInt64
    package let inode: UInt64

    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
