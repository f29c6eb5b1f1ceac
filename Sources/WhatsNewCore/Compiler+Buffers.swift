/// One document held in memory: the name diagnostics give it (its extension picks YAML or strict JSON) and
/// its bytes. An editor's unsaved text is checked this way (`whatsnew lsp`).
package struct InMemoryInput: Sendable {
    package var name: String
    package var contents: [UInt8]

    package init(name: String, contents: [UInt8]) {
        self.name = name
        self.contents = contents
    }
}

extension Compiler {
    /// Reads and checks documents held in memory exactly as `validate` reads files: `inputs` as one manifest
    /// (several are the fragments of one directory, `isFragments`), and `references` as `--refs` files beside
    /// the `referenceFiles` read from disk. Image files are relative to `baseDirectory`. Throws only when a
    /// `referenceFiles` file cannot be read.
    @discardableResult
    package func load(inputs: [InMemoryInput], isFragments: Bool, references: [InMemoryInput], baseDirectory: String,
                     engine: DiagnosticEngine) throws(IOError) -> Manifest? {
        try read(baseDirectory: baseDirectory, engine: engine, referencesInMemory: {
            references.map { InputLoader.parse($0.contents, displayName: $0.name, isFragment: false, options: readOptions, engine: engine) }
        }, loading: {
            inputs.map {
                InputLoader.parse($0.contents, displayName: $0.name, isFragment: isFragments, options: readOptions, asManifest: true, engine: engine)
            }
        })
    }
}
