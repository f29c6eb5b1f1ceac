import WhatsNewIO

extension Manifest {
    /// The directory an image's relative `file:` path starts from: that of the file that declares it, or
    /// `baseDirectory` for an image made without a location.
    package func directory(of image: Image) -> String {
        (image.location?.file).map { ImageFileLoader.directory(ofDeclaringFile: $0.name) } ?? baseDirectory
    }
}
