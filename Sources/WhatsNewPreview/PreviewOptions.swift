import WhatsNewCore

/// What `whatsnew preview` serves, and where.
public struct PreviewOptions: Sendable {
    /// Manifest files or directories of fragments, merged as `compile` merges them.
    public var inputs: [String]
    /// `--refs` files: registries the inputs may refer to.
    public var referenceFiles: [String] = []
    /// The address to listen on: loopback unless the user says otherwise.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    public var port = 0
    /// How the inputs are read (limits, image files), as `compile` reads them.
    public var readOptions = ReadOptions()
    /// How long the watcher waits between two looks at the files.
    public var pollInterval: Duration = .milliseconds(150)

    public init(inputs: [String]) {
        self.inputs = inputs
    }
}
