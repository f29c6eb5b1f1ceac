import YAMLTree

/// The entry point of the library: reads inputs, decodes them into a `Manifest`, runs the semantic rules,
/// and reports every problem to one diagnostic engine.
public struct Compiler: Sendable {
    public var readOptions: ReadOptions
    /// `--refs` files: registries (WhatsNewKit's decoder `userInfo`) the inputs may refer to.
    public var referenceFiles: [String]

    public init(readOptions: ReadOptions = ReadOptions(), referenceFiles: [String] = []) {
        self.readOptions = readOptions
        self.referenceFiles = referenceFiles
    }

    /// Reads, decodes and checks the inputs. Returns the manifest when it could be decoded (it may still
    /// have errors: check `engine.hasErrors`); throws only when a file cannot be read at all.
    @discardableResult
    public func load(_ inputs: [String], engine: DiagnosticEngine) throws(IOError) -> Manifest? {
        var loaded: [LoadedInput] = []
        for input in inputs { loaded += try InputLoader.load(input, options: readOptions, engine: engine) }
        return try check(loaded, baseDirectory: Self.baseDirectory(of: inputs.first ?? "."), engine: engine)
    }

    /// Reads, decodes and checks one input held in memory, exactly as `load` reads a file: `name` is the
    /// name diagnostics give it, and its extension picks YAML or strict JSON (`.json`). Image files are
    /// relative to `name`'s directory. Throws only when a `--refs` file cannot be read.
    @discardableResult
    public func load(contents: [UInt8], name: String, engine: DiagnosticEngine) throws(IOError) -> Manifest? {
        let loaded = InputLoader.parse(contents, displayName: name, options: readOptions, engine: engine)
        return try check([loaded], baseDirectory: FileSystem.directoryName(of: name), engine: engine)
    }

    /// Decodes read inputs, adds the `--refs` registries, and runs every rule.
    private func check(_ loaded: [LoadedInput], baseDirectory: String, engine: DiagnosticEngine) throws(IOError) -> Manifest? {
        var references: [LoadedInput] = []
        for file in referenceFiles { references += try InputLoader.load(file, options: readOptions, engine: engine) }
        guard !engine.hasErrors, !loaded.isEmpty else { return nil }
        // Reading problems point at text that may not be in the tree (a dropped duplicate key), so only the
        // problems found from here on get a JSON Pointer.
        let firstSemanticDiagnostic = engine.count
        defer { fillPaths(engine, since: firstSemanticDiagnostic, from: loaded + references) }

        var decoder = ManifestDecoder(engine: engine)
        for input in loaded {
            if let root = input.root { decoder.addInput(root, file: input.file) }
        }
        for input in references {
            if let root = input.root { decoder.addReferences(root, file: input.file) }
        }
        var manifest = decoder.finish(firstFile: loaded.first?.file)
        manifest.baseDirectory = baseDirectory
        for rule in ManifestRules.all { rule.check(manifest, engine: engine) }
        return manifest
    }

    /// Reads and checks every input, reporting all problems to `engine`.
    public func validate(_ inputs: [String], engine: DiagnosticEngine) throws(IOError) {
        try load(inputs, engine: engine)
    }

    /// The tree of one input, one node per line with its range (see `YAMLNode.dump`), or nil when it
    /// could not be read (the problems go to `engine`).
    public func dumpTree(_ input: String, positions: Bool, engine: DiagnosticEngine) throws(IOError) -> String? {
        var output = ""
        for loaded in try InputLoader.load(input, options: readOptions, engine: engine) {
            guard let root = loaded.root else { continue }
            output += root.dump(positions: positions)
        }
        return engine.hasErrors ? nil : output
    }

    /// The directory image paths are relative to: the input directory itself, or a file's directory.
    static func baseDirectory(of input: String) -> String {
        if input == "-" { return "." }
        return FileSystem.kind(of: input) == .directory ? input : FileSystem.directoryName(of: input)
    }

    /// Gives each diagnostic without a JSON Pointer the pointer of its position in its file's tree.
    private func fillPaths(_ engine: DiagnosticEngine, since start: Int, from inputs: [LoadedInput]) {
        var roots: [ObjectIdentifier: YAMLNode] = [:]
        for input in inputs { if let root = input.root { roots[ObjectIdentifier(input.file)] = root } }
        engine.fillPaths(since: start) { diagnostic in
            guard let file = diagnostic.file, let range = diagnostic.range, let root = roots[ObjectIdentifier(file)] else { return nil }
            return root.pointer(toOffset: range.start.offset)
        }
    }
}
