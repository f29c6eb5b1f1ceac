import YAMLTree

/// One read input: its text, its tree (nil when it could not be read), and whether reading it found
/// problems (then later stages skip it: a tree read with errors is not what the user meant).
struct LoadedInput: Sendable {
    let file: SourceFile
    let root: YAMLNode?
    let hasReadingErrors: Bool
    /// Whether it is one file of a directory of fragments.
    let isFragment: Bool
    /// Its versions, decoded while it was parsed (nil when they were not, or reading found problems).
    var earlyVersions: EarlyVersions? = nil
    /// Whether the parser left stand-ins in the tree in place of its versions (see `EarlyVersions`), and
    /// what checking them against the schema found while it was parsed.
    var hasStandIns = false
    var checkedItems: SchemaCheckedItems? = nil
    /// How it was read, to read it again in full (see `wholeTree`).
    var limits = YAMLLimits()

    /// The same input with its tree's handles for another thread (see `YAMLNode.forAnotherThread`).
    func forAnotherThread() -> LoadedInput {
        LoadedInput(file: file, root: root?.forAnotherThread(), hasReadingErrors: hasReadingErrors, isFragment: isFragment,
                    hasStandIns: hasStandIns, checkedItems: checkedItems, limits: limits)
    }

    /// Its tree with every node: `root` itself, or, when the parser dropped its versions' nodes, the text
    /// read again (which costs the time of reading it, and only the rare checks that need it ask).
    func wholeTree() -> YAMLNode? {
        guard hasStandIns else { return root }
        return YAMLParser.parse(file, format: file.format, limits: limits).root
    }
}

/// Turns INPUT arguments (a file, a directory of fragments, or `-`) into trees, reporting every reading
/// problem to the engine; only I/O failures throw.
enum InputLoader {
    static let fragmentExtensions = [".yaml", ".yml", ".json"]

    /// `decodingVersions` decodes each input's versions while it is parsed (see `EarlyVersions`), for
    /// inputs that are manifests; `checkingVersions` also checks them against the built-in schema then.
    static func load(_ path: String, options: ReadOptions, decodingVersions: Bool = false, checkingVersions: Bool = false,
                     engine: DiagnosticEngine) throws(IOError) -> [LoadedInput] {
        if path != "-", FileSystem.kind(of: path) == .directory {
            let fragments = try FileSystem.fragmentFiles(in: path, extensions: fragmentExtensions)
            for skipped in fragments.skipped { engine.report(skipped.diagnostic) }
            if fragments.paths.isEmpty {
                engine.report(Diagnostic(.error, code: "no-input-files",
                                         message: "directory '\(path)' holds no *.yaml, *.yml or *.json file; expected at least one fragment"))
                return []
            }
            var inputs: [LoadedInput] = []
            for fragment in fragments.paths {
                inputs.append(try loadFile(fragment, displayName: fragment, isFragment: true, options: options,
                                           decodingVersions: decodingVersions, checkingVersions: checkingVersions, engine: engine))
            }
            return inputs
        }
        let displayName = path == "-" ? (options.assumeFilename ?? "<stdin>") : path
        return [try loadFile(path, displayName: displayName, isFragment: false, options: options, decodingVersions: decodingVersions,
                             checkingVersions: checkingVersions, engine: engine)]
    }

    private static func loadFile(_ path: String, displayName: String, isFragment: Bool, options: ReadOptions,
                                 decodingVersions: Bool, checkingVersions: Bool, engine: DiagnosticEngine) throws(IOError) -> LoadedInput {
        // A fragment is one of many files in a directory, not a path the user named: never a link or a FIFO.
        let bytes = try isFragment ? FileSystem.readRegularFile(path, limit: options.limits.maxInputBytes)
            : FileSystem.read(path, limit: options.limits.maxInputBytes)
        return parse(bytes, displayName: displayName, isFragment: isFragment, options: options, decodingVersions: decodingVersions,
                     checkingVersions: checkingVersions, engine: engine)
    }

    /// Reads the bytes of one input, as YAML or (for a name ending in `.json`) strict JSON, reporting every
    /// problem to the engine.
    static func parse(_ bytes: [UInt8], displayName: String, isFragment: Bool, options: ReadOptions,
                      decodingVersions: Bool = false, checkingVersions: Bool = false, engine: DiagnosticEngine) -> LoadedInput {
        let file = SourceFile(name: displayName, contents: bytes)
        var early = decodingVersions ? EarlyVersions(file: file, checksSchema: checkingVersions) : nil
        var document = YAMLParser.parse(file, format: file.format, limits: options.limits, handingOutItems: early?.observer)
        if document.droppedItems > 0, document.errors.isEmpty, early?.match(document.root) != true {
            // The finished tree's `versions` are not the items that were handed over (a `<<` merge can do
            // that), and the stand-ins of those stand in for nothing: read it again, whole.
            early = nil
            document = YAMLParser.parse(file, format: file.format, limits: options.limits)
        }
        for error in document.errors { engine.report(Diagnostic(error, in: file)) }
        var input = LoadedInput(file: file, root: document.root, hasReadingErrors: !document.errors.isEmpty, isFragment: isFragment,
                                hasStandIns: document.droppedItems > 0, limits: options.limits)
        if document.errors.isEmpty {
            input.earlyVersions = early
            input.checkedItems = early?.checkedItems
        }
        return input
    }
}
