import YAMLTree

/// The entry point of the library: reads inputs, checks them and reports to one diagnostic engine.
public struct Compiler: Sendable {
    public var readOptions: ReadOptions
    /// The schema every input is checked against (the built-in one unless `--schema` names another).
    public var schema: SchemaValidator

    public init(readOptions: ReadOptions = ReadOptions(), schema: SchemaValidator = .builtin) {
        self.readOptions = readOptions
        self.schema = schema
    }

    /// Reads and checks every input, reporting all problems to `engine`; throws only when an input
    /// cannot be read at all.
    ///
    /// Each input that reads without errors is checked against the schema: a whole file as a manifest,
    /// each file of a directory as a fragment. The decoder and the semantic rules of SPEC §3 run after
    /// this, on the same trees (see `check(_:engine:)`).
    public func validate(_ inputs: [String], engine: DiagnosticEngine) throws(IOError) {
        for input in inputs {
            for loaded in try InputLoader.load(input, options: readOptions, engine: engine) {
                check(loaded, engine: engine)
            }
        }
    }

    /// The checks of one read input. Schema evaluation is the first layer; decoding into the model and
    /// the semantic rules (the second layer of SPEC §3) belong after it.
    func check(_ loaded: LoadedInput, engine: DiagnosticEngine) {
        guard !loaded.hasReadingErrors, let root = loaded.root else { return }
        schema.validate(root: root, file: loaded.file, engine: engine, role: loaded.isFragment ? .fragment : .manifest)
    }

    /// Reads and compiles the schema file at `path` for `validate --schema`; nil (with diagnostics in
    /// `engine`) when it is malformed or uses a keyword the evaluator does not implement.
    public static func loadSchema(_ path: String, engine: DiagnosticEngine) throws(IOError) -> SchemaValidator? {
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
}
