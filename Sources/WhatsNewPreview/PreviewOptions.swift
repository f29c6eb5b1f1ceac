import WhatsNewCore

/// What `whatsnew preview` serves, and where.
package struct PreviewOptions: Sendable {
    /// Manifest files or directories of fragments, merged as `compile` merges them.
    package var inputs: [String]
    /// `--refs` files: registries the inputs may refer to.
    package var referenceFiles: [String] = []
    /// The `--template` file whose output the template view shows, read as `compile` reads it.
    package var template: String?
    /// The address to listen on: loopback unless the user says otherwise.
    package var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    package var port = 0
    /// How the inputs are read (limits, image files), as `compile` reads them.
    package var readOptions = ReadOptions()
    /// How long the watcher waits between two looks at the files.
    package var pollInterval: Duration = .milliseconds(150)

    package init(inputs: [String]) {
        self.inputs = inputs
    }
}
