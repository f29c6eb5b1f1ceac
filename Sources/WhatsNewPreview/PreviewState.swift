import Threads
import WhatsNewCore

/// The preview's one piece of changing state: the latest reading of the inputs (see `PreviewSnapshot`).
/// `reload` reads them again; every request reads the snapshot as it is at that moment.
final class PreviewState: Sendable {
    let options: PreviewOptions
    let compiler: Compiler
    private let current = Locked(PreviewSnapshot())

    init(options: PreviewOptions) {
        self.options = options
        compiler = Compiler(readOptions: options.readOptions, referenceFiles: options.referenceFiles)
    }

    var snapshot: PreviewSnapshot { current.withLock { $0 } }

    /// Reads the inputs again, as `compile` does, and keeps the result as the next generation; a manifest with
    /// errors leaves the last good one in place. Nothing is written.
    @discardableResult
    func reload() -> PreviewSnapshot {
        let engine = DiagnosticEngine()
        var manifest: Manifest?
        var unreadable = false
        do {
            manifest = try compiler.load(options.inputs, engine: engine)
        } catch {
            engine.report(Diagnostic(error))
            unreadable = true
        }
        let printer = TextDiagnosticPrinter(useColor: false)
        var problems = engine.diagnostics.map(printer.render)
        if let omitted = engine.omitted { problems.append(printer.render(omitted.note)) }
        let good = engine.hasErrors ? nil : manifest
        let images = (good ?? manifest).map(WatchedFiles.imageFiles) ?? []
        return current.withLock { snapshot in
            snapshot.generation += 1
            snapshot.problems = problems
            snapshot.summary = engine.summary.map { $0 + " generated." }
            snapshot.hasErrors = engine.hasErrors
            snapshot.unreadable = unreadable
            if let good {
                snapshot.manifest = good
                snapshot.renderedGeneration = snapshot.generation
            }
            let inputs = options.inputs.filter { $0 != "-" } + options.referenceFiles
            if manifest != nil || snapshot.watched.isEmpty {
                snapshot.watched = inputs + images
            }
            return snapshot
        }
    }
}
