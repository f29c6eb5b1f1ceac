import WhatsNewCore
import YAMLTree

/// What the fuzz target does with one input: read it with `Compiler.load(contents:name:engine:)` (the code
/// path of files), render every output format with every terminal capability and both HTML pages, and print
/// the diagnostics in every format. Outputs are checked for the promises about hostile input that a scan can check;
/// a broken promise traps, so libFuzzer records the input as a crash.
enum FuzzPipeline {
    /// The fuzzer's inputs are small; a 1 MiB limit keeps a stray huge input from being slow.
    static let readOptions = ReadOptions(limits: YAMLLimits(maxInputBytes: 1 << 20))

    /// The image files an input may name, in memory so that no path it writes can reach (or hang on) the
    /// disk: `Fixtures/assets/logo.svg`, and the input's own bytes as `fuzz.svg`, `fuzz.png`, `fuzz.jpg`,
    /// `fuzz.gif` and `fuzz.webp` (so the content checks see arbitrary bytes). Limits are small so the
    /// size diagnostics are reached too.
    static func compiler(for bytes: [UInt8]) -> Compiler {
        var files = fixtureImages
        for ext in ["svg", "png", "jpg", "gif", "webp"] { files["fuzz." + ext] = bytes }
        var options = readOptions
        options.imageFiles = ImageFileOptions(maxBytesPerImage: 4096, maxTotalBytes: 8192, fileSystem: InMemoryImageFileSystem(files: files))
        return Compiler(readOptions: options)
    }

    static let fixtureImages: [String: [UInt8]] = {
        var files: [String: [UInt8]] = [:]
        for name in ["assets/logo.svg"] { files[name] = try? FileSystem.read(fixtures + "/" + name, limit: 1 << 20) }
        return files
    }()

    static let terminals: [TerminalCapabilities] = [
        .plain,
        TerminalCapabilities(colorDepth: .trueColor, hyperlinks: true),
        TerminalCapabilities(colorDepth: .ansi256, hyperlinks: false, appearance: .light),
    ]

    /// Inputs are read as if they were files in `Fixtures/` (whose images `fixtureImages` holds).
    static let fixtures: String = {
        var path = "\(#filePath)"
        for _ in 0..<3 { path = FileSystem.directoryName(of: path) }
        return path + "/Fixtures"
    }()

    /// Runs `bytes` as `Fixtures/fuzz.yaml` and as `Fixtures/fuzz.json`, and, cut at each `fragmentSeparator`,
    /// as the fragments of a directory `Fixtures/fuzz.d/`; returns a one-line summary per reading.
    @discardableResult
    static func run(_ bytes: [UInt8]) -> String {
        var summaries = ["yaml", "json"].map { run(bytes, name: fixtures + "/fuzz." + $0) }
        let pieces = fragments(of: bytes)
        if pieces.count > 1 { summaries.append(run(bytes, name: fixtures + "/fuzz.d/", fragments: pieces)) }
        return summaries.joined(separator: "; ")
    }

    /// Where an input is cut into fragments (a line of its own in YAML).
    static let fragmentSeparator = Array("\n#---\n".utf8)

    /// The pieces of `bytes` between separators, named `0.yaml`, `1.json`, `2.yaml`, … (at most 8).
    static func fragments(of bytes: [UInt8]) -> [(name: String, contents: [UInt8])] {
        var pieces: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + fragmentSeparator.count <= bytes.count, pieces.count < 7 {
            if bytes[index..<index + fragmentSeparator.count].elementsEqual(fragmentSeparator) {
                pieces.append(Array(bytes[start..<index]))
                index += fragmentSeparator.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(Array(bytes[start...]))
        return pieces.enumerated().map { (fixtures + "/fuzz.d/\($0.offset)." + ($0.offset % 2 == 0 ? "yaml" : "json"), $0.element) }
    }

    static func run(_ bytes: [UInt8], name: String, fragments: [(name: String, contents: [UInt8])]? = nil) -> String {
        let engine = DiagnosticEngine()
        let compiler = compiler(for: bytes)
        let manifest: Manifest?
        do {
            if let fragments {
                manifest = try compiler.load(fragments: fragments, engine: engine)
            } else {
                manifest = try compiler.load(contents: bytes, name: name, engine: engine)
            }
        } catch {
            // Only `--refs` files are read from disk, and the fuzzer gives none.
            preconditionFailure("in-memory load threw \(error)")
        }
        printDiagnostics(engine)
        let reading = fragments != nil ? "fragments" : name.hasSuffix(".json") ? "json" : "yaml"
        guard let manifest, !engine.hasErrors else { return "\(reading): \(engine.errorCount) error(s)" }
        var outputs = 0
        for format in OutputFormat.allCases {
            for request in requests(for: format) {
                let compileEngine = DiagnosticEngine()
                guard case .success(let plan) = OutputPlan.make(formats: [format], output: nil, outputIsDirectory: false),
                      let rendered = compiler.compile(manifest, plan: plan, request: request, engine: compileEngine) else {
                    precondition(compileEngine.hasErrors, "compile gave no output and no error")
                    printDiagnostics(compileEngine)
                    continue
                }
                for (_, text) in rendered {
                    OutputChecks.check(text, format: format, terminal: request.terminal)
                    outputs += 1
                }
            }
        }
        return "\(reading): \(manifest.versions.count) version(s), \(outputs) output(s)"
    }

    private static func requests(for format: OutputFormat) -> [CompileRequest] {
        switch format {
        case .ansi: return terminals.map { CompileRequest(terminal: $0, width: 40) }
        case .html: return HTMLEmitter.Page.allCases.map { CompileRequest(page: $0) }
        case .markdown, .json, .whatsNewKitJSON: return [CompileRequest()]
        case .atom, .jsonFeed, .rss, .appcast: return [CompileRequest()]
        case .releaseBody, .fastlane:
            var newest = Selection()
            newest.latest = .latestPrerelease
            return [CompileRequest(selection: newest)]
        }
    }

    private static func printDiagnostics(_ engine: DiagnosticEngine) {
        let formatters: [any DiagnosticFormatter] = [JSONDiagnosticFormatter(), GitHubDiagnosticFormatter(),
                                                     SARIFDiagnosticFormatter(toolVersion: "fuzz")]
        for useColor in [false, true] {
            OutputChecks.checkDiagnostics(TextDiagnosticPrinter(useColor: useColor).render(engine), colored: useColor)
        }
        for formatter in formatters { _ = formatter.render(engine) }
    }
}
