import YAMLTree
import SourceText
import WhatsNewDiagnostics
import WhatsNewIO

/// One read input: its text, its tree (nil when it could not be read), and whether reading it found
/// problems (then it is not decoded: a tree read with errors is not what the user meant).
package struct LoadedInput: Sendable {
    package let file: SourceFile
    package let root: YAMLNode?
    let hasReadingErrors: Bool
    /// Whether it is one file of a directory of fragments.
    package let isFragment: Bool
    /// Its versions, decoded while it was parsed (see `VersionsReadAhead`).
    var versionsReadAhead: VersionsReadAhead? = nil
}

/// Turns INPUT arguments (a file, a directory of fragments, or `-`) into trees, reporting every reading
/// problem to the engine; only I/O failures throw.
package enum InputLoader {
    static let fragmentExtensions = [".yaml", ".yml", ".json"]

    /// `asManifest`: the input will be decoded as a manifest, so its versions are decoded as it is parsed
    /// (see `VersionsReadAhead`); not for `--refs` files and `dump-tree`.
    package static func load(_ path: String, options: ReadOptions, asManifest: Bool = false, engine: DiagnosticEngine) throws(IOError) -> [LoadedInput] {
        if path != "-", FileSystem.kind(of: path) == .directory {
            let fragments = try FileSystem.fragmentFiles(in: path, extensions: fragmentExtensions)
            for skipped in fragments.skipped { engine.report(skipped.diagnostic) }
            if fragments.paths.isEmpty {
                engine.report(Diagnostic(.error, code: .noInputFiles,
                                         message: "directory '\(path)' holds no *.yaml, *.yml or *.json file; expected at least one fragment"))
                return []
            }
            var inputs: [LoadedInput] = []
            for fragment in fragments.paths {
                inputs.append(try loadFile(fragment, displayName: fragment, isFragment: true, options: options, asManifest: asManifest,
                                           engine: engine))
            }
            return inputs
        }
        let displayName = path == "-" ? (options.assumeFilename ?? "<stdin>") : path
        return [try loadFile(path, displayName: displayName, isFragment: false, options: options, asManifest: asManifest, engine: engine)]
    }

    private static func loadFile(_ path: String, displayName: String, isFragment: Bool, options: ReadOptions, asManifest: Bool,
                                 engine: DiagnosticEngine) throws(IOError) -> LoadedInput {
        // A fragment is one of many files in a directory, not a path the user named: never a link or a FIFO.
        let bytes = try isFragment ? FileSystem.readRegularFile(path, limit: options.limits.maxInputBytes)
            : FileSystem.read(path, limit: options.limits.maxInputBytes)
        // Only limit + 1 bytes are read: a rejected regular file's size comes from the file system, for the message.
        let fileSize = bytes.count > options.limits.maxInputBytes ? FileSystem.regularFileSize(of: path) : nil
        return parse(bytes, displayName: displayName, isFragment: isFragment, options: options, asManifest: asManifest,
                     fileSize: fileSize, readToTheLimit: true, engine: engine)
    }

    /// Reads the bytes of one input, as YAML or (for a name ending in `.json`) strict JSON, reporting every
    /// problem to the engine (`asManifest`: see `load`). `readToTheLimit`: the bytes were read up to the limit
    /// + 1 (there may be more), and `fileSize` is the whole input's size when the file system knows it.
    package static func parse(_ bytes: [UInt8], displayName: String, isFragment: Bool, options: ReadOptions, asManifest: Bool = false,
                              fileSize: Int? = nil, readToTheLimit: Bool = false, engine: DiagnosticEngine) -> LoadedInput {
        if let tooLarge = YAMLParser.sizeProblem(byteCount: bytes.count, limits: options.limits,
                                                 fileSize: fileSize ?? (readToTheLimit ? nil : bytes.count)) {
            return rejected(bytes, displayName: displayName, isFragment: isFragment, error: tooLarge, engine: engine)
        }
        let file = SourceFile(name: displayName, contents: bytes)
        if let tooLarge = YAMLParser.sizeProblem(byteCount: file.bytes.count, limits: options.limits, decoded: true) {
            // (Transcoding UTF-16 or UTF-32 made it larger.)
            return rejected(bytes, displayName: displayName, isFragment: isFragment, error: tooLarge, engine: engine)
        }
        let readAhead = asManifest ? VersionsReadAhead(file: file, keeping: engine.limit) : nil
        let document = YAMLParser.parse(file, format: file.format, limits: options.limits, handingOutItems: readAhead?.observer)
        for error in document.errors { engine.report(Diagnostic(error, in: file)) }
        var input = LoadedInput(file: file, root: document.root, hasReadingErrors: !document.errors.isEmpty, isFragment: isFragment)
        input.versionsReadAhead = readAhead
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
