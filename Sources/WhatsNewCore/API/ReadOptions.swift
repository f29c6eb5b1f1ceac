public import YAMLTree

/// How inputs are read: the name standard input goes by, and the limits that keep hostile input cheap.
public struct ReadOptions: Sendable {
    /// The name diagnostics give standard input (and whose extension picks YAML or JSON).
    public var assumeFilename: String?
    public var limits: YAMLLimits
    /// Where `file:` images may be read from (`--assets-root`) and how much of them.
    public var imageFiles: ImageFileOptions

    public init(assumeFilename: String? = nil, limits: YAMLLimits = YAMLLimits(), imageFiles: ImageFileOptions = ImageFileOptions()) {
        self.assumeFilename = assumeFilename
        self.limits = limits
        self.imageFiles = imageFiles
    }
}
