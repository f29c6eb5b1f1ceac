import YAMLTree
import WhatsNewIO

/// How inputs are read: the name standard input goes by, and the limits that keep hostile input cheap.
public struct ReadOptions: Sendable {
    /// The name diagnostics give standard input (and whose extension picks YAML or JSON).
    public var assumeFilename: String?
    package var limits: YAMLLimits
    /// Where `file:` images may be read from (`--assets-root`) and how much of them.
    package var imageFiles: ImageFileOptions

    /// Reading with the default limits, standard input named `assumeFilename` (else `<stdin>`).
    public init(assumeFilename: String? = nil) {
        self.init(assumeFilename: assumeFilename, limits: YAMLLimits(), imageFiles: ImageFileOptions())
    }

    package init(assumeFilename: String? = nil, limits: YAMLLimits, imageFiles: ImageFileOptions = ImageFileOptions()) {
        self.assumeFilename = assumeFilename
        self.limits = limits
        self.imageFiles = imageFiles
    }
}
