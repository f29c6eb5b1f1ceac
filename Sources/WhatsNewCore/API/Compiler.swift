import YAMLTree

/// The entry point of the library: reads inputs, checks them against the schema, decodes them into a
/// `Manifest`, runs the semantic rules, and reports every problem to one diagnostic engine.
public struct Compiler: Sendable {
    public var readOptions: ReadOptions
    /// `--refs` files: registries (WhatsNewKit's decoder `userInfo`) the inputs may refer to.
    public var referenceFiles: [String]
    /// Opt-in store limits (`--lint appstore|playstore`).
    public var lints: [StoreLint]
    /// The schema every input is checked against (`--schema`); nil, the default, is the built-in one, which
    /// is then compiled (once per process) on the thread that checks the schema, while the inputs are read.
    public var schema: SchemaValidator?
    /// Leaves the manifests of `load` for the process's exit to reclaim instead of freeing them: for a
    /// command-line run that ends right after. A library that loads repeatedly keeps it `false`. (Trees are
    /// always freed when `load` returns: a tree is a few large arrays, cheap to free, and `compile` then
    /// writes its outputs in the memory the tree held.)
    public var leavesMemoryForExit = false

    public init(readOptions: ReadOptions = ReadOptions(), referenceFiles: [String] = [], lints: [StoreLint] = [],
                schema: SchemaValidator? = nil) {
        self.readOptions = readOptions
        self.referenceFiles = referenceFiles
        self.lints = lints
        self.schema = schema
    }

    /// Reads and checks the inputs: the schema first (SPEC §3, layer 1), then decoding and the semantic rules
    /// (layer 2). Returns the manifest when it could be decoded (it may still have errors: check
    /// `engine.hasErrors`); throws only when a file cannot be read at all.
    ///
    /// Where both layers find a problem at the same place, the decoder's more specific diagnostic is kept.
    @discardableResult
    public func load(_ inputs: [String], engine: DiagnosticEngine) throws(IOError) -> Manifest? {
        let schemaCompilation = compilingBuiltinSchema()
        defer { _ = schemaCompilation?.result }
        let errorsBefore = engine.errorCount
        var loaded: [LoadedInput] = []
        for input in inputs {
            loaded += try InputLoader.load(input, options: readOptions, decodingVersions: true, checkingVersions: schema == nil, engine: engine)
        }
        return try check(loaded, baseDirectory: Self.baseDirectory(of: inputs.first ?? "."), errorsBefore: errorsBefore, engine: engine)
    }

    /// Reads, decodes and checks one input held in memory, exactly as `load` reads a file: `name` is the
    /// name diagnostics give it, and its extension picks YAML or strict JSON (`.json`). Image files are
    /// relative to `name`'s directory. Throws only when a `--refs` file cannot be read.
    @discardableResult
    public func load(contents: [UInt8], name: String, engine: DiagnosticEngine) throws(IOError) -> Manifest? {
        let schemaCompilation = compilingBuiltinSchema()
        defer { _ = schemaCompilation?.result }
        let errorsBefore = engine.errorCount
        let loaded = InputLoader.parse(contents, displayName: name, isFragment: false, options: readOptions, decodingVersions: true,
                                       checkingVersions: schema == nil, engine: engine)
        return try check([loaded], baseDirectory: FileSystem.directoryName(of: name), errorsBefore: errorsBefore, engine: engine)
    }

    /// Checks read inputs against the schema, decodes them, adds the `--refs` registries, and runs every rule;
    /// `errorsBefore` is the engine's error count before they were read (any reading error stops decoding).
    private func check(_ loaded: [LoadedInput], baseDirectory: String, errorsBefore: Int,
                       engine: DiagnosticEngine) throws(IOError) -> Manifest? {
        var references: [LoadedInput] = []
        for file in referenceFiles { references += try InputLoader.load(file, options: readOptions, engine: engine) }

        // The schema thread walks the trees through handles of its own (see `YAMLNode.forAnotherThread`).
        let schemaInputs = (loaded.map { $0.forAnotherThread() }, references.map { $0.forAnotherThread() })
        let schemaCheck = Self.inBackground(keeping: engine.limit) { [schema] findings in
            let schema = schema ?? .builtin
            for input in schemaInputs.0 { schema.check(input, role: input.isFragment ? .fragment : .manifest, engine: findings) }
            for input in schemaInputs.1 { schema.check(input, role: .refs, engine: findings) }
        }
        guard engine.errorCount == errorsBefore, !loaded.isEmpty else {
            engine.report(contentsOf: schemaCheck.result)
            return nil
        }
        // Reading problems point at text that may not be in the tree (a dropped duplicate key), so only the
        // problems found from here on get a JSON Pointer.
        let firstSemanticDiagnostic = engine.checkpoint
        defer { fillPaths(engine, since: firstSemanticDiagnostic, from: loaded + references) }

        var decoder = ManifestDecoder(engine: engine)
        for input in loaded {
            if let root = input.root { decoder.addInput(root, file: input.file, earlyVersions: input.earlyVersions) }
        }
        for input in references {
            if let root = input.root { decoder.addReferences(root, file: input.file) }
        }
        var manifest = decoder.finish(firstFile: loaded.first?.file)
        manifest.baseDirectory = baseDirectory
        manifest.inputByteCount = (loaded + references).reduce(0) { $0 + $1.file.bytes.count }
        // The rules run on two threads, each taking the next rule not yet taken (they differ in cost: the
        // threads end together), each rule reporting to diagnostics of its own, taken in rule order.
        let rules: [any ManifestRule] = ManifestRules.all + lints.map { StoreLimitRule(lint: $0) }
        let turns = TakenInTurn(count: rules.count)
        let limit = engine.limit
        let otherThread = BackgroundWork { [manifest] in Self.check(manifest, with: rules, takingTurns: turns, keeping: limit) }
        let thisThread = Self.check(manifest, with: rules, takingTurns: turns, keeping: limit)
        for (_, findings) in (thisThread + otherThread.result).sorted(by: { $0.rule < $1.rule }) {
            engine.report(contentsOf: findings)
        }
        engine.report(schemaCheck.result, unlessReportedSince: firstSemanticDiagnostic)
        if leavesMemoryForExit { ProcessLifetime.keep(manifest) }
        return manifest
    }

    /// Compiles the built-in schema (once per process) on a thread of its own when it is the one to check
    /// against, so that it is ready by the time the inputs are read: reading a file and checking its text
    /// leave the second core idle. (Whoever needs it first then finds it compiled, or waits for it.)
    private func compilingBuiltinSchema() -> BackgroundWork<Bool>? {
        guard schema == nil else { return nil }
        return BackgroundWork {
            _ = SchemaValidator.builtin
            return true
        }
    }

    /// Runs the rules `turns` hands this thread, each reporting to an engine of its own that keeps `limit`.
    private static func check(_ manifest: Manifest, with rules: [any ManifestRule], takingTurns turns: TakenInTurn,
                              keeping limit: Int?) -> [(rule: Int, findings: DiagnosticEngine.Findings)] {
        var found: [(rule: Int, findings: DiagnosticEngine.Findings)] = []
        while let index = turns.take() {
            let findings = DiagnosticEngine(limit: limit)
            rules[index].check(manifest, engine: findings)
            found.append((index, findings.findings))
        }
        return found
    }

    /// Checks that run on a thread of their own and report to diagnostics of their own (an engine is never
    /// shared between threads); the work's `result` is what they found.
    private static func inBackground(keeping limit: Int?,
                                     _ checks: @escaping @Sendable (DiagnosticEngine) -> Void) -> BackgroundWork<DiagnosticEngine.Findings> {
        BackgroundWork {
            let findings = DiagnosticEngine(limit: limit)
            checks(findings)
            return findings.findings
        }
    }

    /// Reads and checks every input as a manifest of its own (a directory is one manifest of fragments),
    /// reporting all problems to `engine`. (`compile` merges its inputs into one manifest instead.)
    public func validate(_ inputs: [String], engine: DiagnosticEngine) throws(IOError) {
        for input in inputs { try load([input], engine: engine) }
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

    /// The directory image paths are relative to: the input directory itself, or a file's directory.
    static func baseDirectory(of input: String) -> String {
        if input == "-" { return "." }
        return FileSystem.kind(of: input) == .directory ? input : FileSystem.directoryName(of: input)
    }

    /// Gives each diagnostic without a JSON Pointer the pointer of its position in its file's tree (the
    /// whole tree, read again when the parser dropped its versions: see `LoadedInput.wholeTree`).
    private func fillPaths(_ engine: DiagnosticEngine, since start: DiagnosticEngine.Checkpoint, from inputs: [LoadedInput]) {
        var inputsByFile: [ObjectIdentifier: LoadedInput] = [:]
        for input in inputs { inputsByFile[ObjectIdentifier(input.file)] = input }
        var roots: [ObjectIdentifier: YAMLNode] = [:]
        engine.fillPaths(since: start) { diagnostic in
            guard let file = diagnostic.file, let range = diagnostic.range, let input = inputsByFile[ObjectIdentifier(file)] else { return nil }
            if roots[ObjectIdentifier(file)] == nil { roots[ObjectIdentifier(file)] = input.wholeTree() }
            return roots[ObjectIdentifier(file)]?.pointer(toOffset: range.start.offset)
        }
    }
}

extension SchemaValidator {
    /// The schema layer for one read input (skipped for a file that could not be read).
    func check(_ loaded: LoadedInput, role: SchemaRole, engine: DiagnosticEngine) {
        guard !loaded.hasReadingErrors, let root = loaded.root else { return }
        validate(root: root, file: loaded.file, engine: engine, role: role, stepLimit: Self.stepLimit(for: root),
                 checkedItems: loaded.checkedItems, wholeTree: loaded.wholeTree)
    }
}
