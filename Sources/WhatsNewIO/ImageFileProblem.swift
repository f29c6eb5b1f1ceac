/// Why an image file was not inlined; `MissingImageFileRule` turns each into a diagnostic.
package enum ImageFileProblem: Error, Sendable, Equatable {
    /// The path holds a NUL or another control character (which `open` would stop at or misread).
    case controlCharacter
    /// The path starts with `/`.
    case absolutePath
    /// The path, or a symbolic link on it, leads out of `root`.
    case outsideRoot(root: String)
    case missing(directory: String)
    /// A directory, FIFO, device, socket or symbolic link (named by `kind`).
    case notRegularFile(kind: String)
    case unreadable(reason: String)
    /// An extension HTML cannot inline (a warning: the alt text shows).
    case unsupportedType(String)
    case tooLarge(size: Int, limit: Int)
    /// Inlining it would take the manifest's images past the total limit.
    case totalTooLarge(limit: Int)
    /// The content is not what the extension says: `expected` is e.g. "a PNG image".
    case wrongContent(expected: String)
}
