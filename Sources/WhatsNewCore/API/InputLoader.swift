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
            let names = try FileSystem.entries(of: path).filter { name in
                !name.hasPrefix(".") && fragmentExtensions.contains { name.lowercased().hasSuffix($0) }
            }
            if names.isEmpty {
                engine.report(Diagnostic(.error, code: "no-input-files",
                                         message: "directory '\(path)' holds no *.yaml, *.yml or *.json file; expected at least one fragment"))
                return []
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            var inputs: [LoadedInput] = []
            for name in names {
                inputs.append(try loadFile(base + "/" + name, displayName: base + "/" + name, isFragment: true, options: options,
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
        let bytes = try FileSystem.read(path, limit: options.limits.maxInputBytes)
        return parse(bytes, displayName: displayName, isFragment: isFragment, options: options, decodingVersions: decodingVersions,
                     checkingVersions: checkingVersions, engine: engine)
    }

    /// Reads the bytes of one input, as YAML or (for a name ending in `.json`) strict JSON, reporting every
    /// problem to the engine.
    static func parse(_ bytes: [UInt8], displayName: String, isFragment: Bool, options: ReadOptions,
                      decodingVersions: Bool = false, checkingVersions: Bool = false, engine: DiagnosticEngine) -> LoadedInput {
        if let tooLarge = YAMLParser.sizeProblem(byteCount: bytes.count, limits: options.limits) {
            return rejected(bytes, displayName: displayName, isFragment: isFragment, error: tooLarge, engine: engine)
        }
        let file = SourceFile(name: displayName, contents: bytes)
        if let tooLarge = YAMLParser.sizeProblem(byteCount: file.bytes.count, limits: options.limits) {
            // (Transcoding UTF-16 or UTF-32 made it larger.)
            return rejected(bytes, displayName: displayName, isFragment: isFragment, error: tooLarge, engine: engine)
        }
        var early = decodingVersions ? EarlyVersions(file: file, checksSchema: checkingVersions, keeping: engine.limit) : nil
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

    /// An input too large to read, reported at its start: the diagnostic's file holds only the input's
    /// first `rejectedExcerptBytes` bytes (what an excerpt can show), so the rest is neither kept nor
    /// scanned for lines.
    private static func rejected(_ bytes: [UInt8], displayName: String, isFragment: Bool, error: YAMLError,
                                 engine: DiagnosticEngine) -> LoadedInput {
        let head = SourceFile(name: displayName, contents: Array(bytes.prefix(rejectedExcerptBytes)))
        engine.report(Diagnostic(error, in: head))
        return LoadedInput(file: head, root: nil, hasReadingErrors: true, isFragment: isFragment)
    }

    /// Enough bytes for the widest excerpt a diagnostic shows (240 columns of up to 4 bytes each).
    static let rejectedExcerptBytes = 1024
}
