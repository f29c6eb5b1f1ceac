import WhatsNewCore
import YAMLTree

/// One run of `validate` over a snapshot of the editor's texts: a manifest (one file, or the fragments of one
/// directory) and its `--refs` files, each from its open buffer when it is open and from disk when not.
/// Runs on a thread of its own; its result is the diagnostics of every file it read, by URI.
struct ManifestCheck: Sendable {
    /// The manifest's inputs: a file, or the fragments of a directory.
    let inputs: [InMemoryInput]
    let isFragments: Bool
    /// A skipped fragment (a link, a FIFO…) as `validate` reports it.
    let skippedFragments: [Diagnostic]
    /// The `--refs` files that are open, with their texts.
    let openReferences: [InMemoryInput]
    /// The `--refs` files read from disk.
    let diskReferences: [String]
    let baseDirectory: String
    let configuration: ServerConfiguration
    /// Where a diagnostic without a file is shown.
    let primaryURI: String
    /// The URI of each name diagnostics give a file.
    let uris: [String: String]

    /// The diagnostics of every file of the check, by URI (an empty list for a file that has none, so the
    /// editor clears what an older check showed).
    func run() -> [(uri: String, diagnostics: [JSON])] {
        let limit = configuration.maxDiagnostics == 0 ? nil : configuration.maxDiagnostics
        let engine = DiagnosticEngine(strict: configuration.strict, limit: limit)
        for skipped in skippedFragments { engine.report(skipped) }
        let compiler = Compiler(readOptions: ReadOptions(), referenceFiles: diskReferences, lints: configuration.lints)
        do {
            try compiler.load(inputs: inputs, isFragments: isFragments, references: openReferences, baseDirectory: baseDirectory, engine: engine)
        } catch {
            engine.report(Diagnostic(error))
        }
        var converter = DiagnosticConverter(uris: uris, primaryURI: primaryURI)
        var byURI: [String: [JSON]] = [:]
        var order: [String] = []
        for name in inputs.map(\.name) + openReferences.map(\.name) + diskReferences {
            let uri = converter.uri(ofName: name)
            if byURI[uri] == nil { order.append(uri); byURI[uri] = [] }
        }
        if byURI[primaryURI] == nil { order.append(primaryURI); byURI[primaryURI] = [] }
        var all = engine.diagnostics
        if let omitted = engine.omitted { all.append(omitted.note) }
        for diagnostic in all {
            let (uri, json) = converter.convert(diagnostic)
            if byURI[uri] == nil { order.append(uri); byURI[uri] = [] }
            byURI[uri, default: []].append(json)
        }
        return order.map { ($0, byURI[$0] ?? []) }
    }
}
