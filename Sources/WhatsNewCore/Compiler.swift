import YAMLTree
import JSONSchema
import SourceText
import WhatsNewDiagnostics
import WhatsNewIO
import WhatsNewModel
import WhatsNewReader

/// The entry point of the library: reads inputs, checks them against the schema, decodes them into a
/// `Manifest`, runs the semantic rules, and reports every problem to one diagnostic engine.
public struct Compiler: Sendable {
    public var readOptions: ReadOptions
    /// `--refs` files: registries (WhatsNewKit's decoder `userInfo`) the inputs may refer to.
    public var referenceFiles: [String]
    /// Opt-in store limits (`--lint appstore|playstore`).
    package var lints: [StoreLint]
    /// The schema every input is checked against (`--schema`); nil, the default, is the built-in one, which
    /// is then compiled (once per process) on the thread that checks the schema, while the inputs are read.
    package var schema: SchemaValidator?
    /// Leaves the manifests of `load` for the process's exit to reclaim instead of freeing them: for a
    /// command-line run that ends right after. A library that loads repeatedly keeps it `false`. (Trees are
    /// always freed when `load` returns: a tree is a few large arrays, cheap to free, and `compile` then
    /// writes its outputs in the memory the tree held.)
    public var leavesMemoryForExit = false
    /// Whether diagnostics get the JSON Pointer of their value (`--diagnostics json` and `sarif` print them;
    /// finding them costs a walk of the tree for each diagnostic).
    public var addsPointers = false

    /// A compiler that reads with `readOptions` and resolves references with the registries of
    /// `referenceFiles` (`--refs`), against the built-in schema.
    public init(readOptions: ReadOptions = ReadOptions(), referenceFiles: [String] = []) {
        self.init(readOptions: readOptions, referenceFiles: referenceFiles, lints: [])
    }

    /// A compiler that also checks the store limits of `lints` (`--lint`) and reads against `schema`
    /// (`--schema`; nil is the built-in one).
    package init(readOptions: ReadOptions = ReadOptions(), referenceFiles: [String] = [], lints: [StoreLint],
                 schema: SchemaValidator? = nil) {
        self.readOptions = readOptions
        self.referenceFiles = referenceFiles
        self.lints = lints
        self.schema = schema
    }

    /// Reads and checks the inputs (see `ManifestReader`): the schema (layer 1), decoding and the
    /// semantic rules (layer 2), each problem reported once. Returns the manifest when the inputs could be
    /// read (it may still have errors: check `engine.hasErrors`); throws only when a file cannot be read at all.
    @discardableResult
    public func load(_ inputs: [String], engine: DiagnosticEngine) throws(IOError) -> Manifest? {
        try read(baseDirectory: Self.baseDirectory(of: inputs.first ?? "."), engine: engine) { () throws(IOError) in
            var loaded: [LoadedInput] = []
            for input in inputs { loaded += try InputLoader.load(input, options: readOptions, asManifest: true, engine: engine) }
            return loaded
        }
    }

    /// Reads, decodes and checks one input held in memory, exactly as `load` reads a file: `name` is the
    /// name diagnostics give it, and its extension picks YAML or strict JSON (`.json`). Image files are
    /// relative to `name`'s directory. Throws only when a `--refs` file cannot be read.
    @discardableResult
    public func load(contents: [UInt8], name: String, engine: DiagnosticEngine) throws(IOError) -> Manifest? {
        try read(baseDirectory: FileSystem.directoryName(of: name), engine: engine) {
            [InputLoader.parse(contents, displayName: name, isFragment: false, options: readOptions, asManifest: true, engine: engine)]
        }
    }

    /// Reads documents held in memory as the fragments of one directory, exactly as `load` reads a directory
    /// INPUT: each `name` is the name diagnostics give it, and its extension picks YAML or strict JSON.
    @discardableResult
    public func load(fragments: [(name: String, contents: [UInt8])], engine: DiagnosticEngine) throws(IOError) -> Manifest? {
        try read(baseDirectory: FileSystem.directoryName(of: fragments.first?.name ?? "."), engine: engine) {
            fragments.map {
                InputLoader.parse($0.contents, displayName: $0.name, isFragment: true, options: readOptions, asManifest: true, engine: engine)
            }
        }
    }

    /// Reads the inputs that `loading` gives and the `--refs` files (and the registries `referencesInMemory`
    /// gives), and hands everything to the reading stage. (The built-in schema is compiled when the package is
    /// built: `SchemaValidator.builtin` only makes its nodes.)
    func read(baseDirectory: String, engine: DiagnosticEngine, referencesInMemory: () -> [LoadedInput] = { [] },
              loading: () throws(IOError) -> [LoadedInput]) throws(IOError) -> Manifest? {
        let loaded = try loading()
        var references: [LoadedInput] = []
        for file in referenceFiles { references += try InputLoader.load(file, options: readOptions, engine: engine) }
        references += referencesInMemory()
        let reader = ManifestReader(schema: schema, rules: ManifestRules.all(imageFiles: readOptions.imageFiles) + lints.map { StoreLimitRule(lint: $0) },
                                    addsPointers: addsPointers, baseDirectory: baseDirectory)
        // (The inputs are handed over: the reader frees their trees once it is done with them.)
        guard let manifest = reader.read(consume loaded, references: consume references, engine: engine) else { return nil }
        if leavesMemoryForExit { ProcessLifetime.keep(manifest) }
        return manifest
    }

    /// Reads and checks every input as a manifest of its own (a directory is one manifest of fragments),
    /// reporting all problems to `engine`. (`compile` merges its inputs into one manifest instead.)
    public func validate(_ inputs: [String], engine: DiagnosticEngine) throws(IOError) {
        for input in inputs { try load([input], engine: engine) }
    }

    /// Reads and compiles the schema file at `path` for `validate --schema`; nil (with diagnostics in
    /// `engine`) when it is malformed, uses a keyword draft 2020-12 does not define, or requires a vocabulary
    /// whatsnew does not know.
    package static func loadSchema(_ path: String, engine: DiagnosticEngine) throws(IOError) -> SchemaValidator? {
        let bytes = try FileSystem.read(path, limit: ReadOptions().limits.maxInputBytes)
        let file = SourceFile(name: path, contents: bytes)
        return SchemaValidator.load(file, uri: FileSystem.fileURI(of: path), engine: engine)
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
    package static func baseDirectory(of input: String) -> String {
        if input == "-" { return "." }
        return FileSystem.kind(of: input) == .directory ? input : FileSystem.directoryName(of: input)
    }
}
