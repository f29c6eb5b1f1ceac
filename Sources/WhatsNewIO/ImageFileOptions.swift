/// Where the `file:` images of a manifest may be read from, and how much of them.
///
/// An image path is relative to the directory of the file that declares it (a manifest, a fragment, a
/// `--refs` file) and must stay inside that directory, or inside `assetsRoot` when one is given.
package struct ImageFileOptions: Sendable {
    /// The directory every image file must stay inside (`--assets-root`); nil confines each image to the
    /// directory of the file that declares it.
    package var assetsRoot: String?
    /// The largest image file inlined (8 MiB).
    package var maxBytesPerImage: Int
    /// The most bytes all image files together may take (32 MiB); each file counts once, however it is spelled.
    package var maxTotalBytes: Int
    /// The files: the real file system, or an in-memory one (tests, the fuzzer).
    package var fileSystem: any ImageFileSystem

    package init(assetsRoot: String? = nil, maxBytesPerImage: Int = 8 << 20, maxTotalBytes: Int = 32 << 20,
                 fileSystem: any ImageFileSystem = ConfinedImageFileSystem()) {
        self.assetsRoot = assetsRoot
        self.maxBytesPerImage = maxBytesPerImage
        self.maxTotalBytes = maxTotalBytes
        self.fileSystem = fileSystem
    }
}
