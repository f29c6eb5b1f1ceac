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
    /// errors leaves the last good one in place, and so does a template with errors. Nothing is written.
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
        let manifestHasErrors = engine.hasErrors
        let good = manifestHasErrors ? nil : manifest
        let template = options.template.map { TemplateReading(path: $0, limit: options.readOptions.limits.maxInputBytes) }
        var templateHasErrors = false
        var renderFindings: DiagnosticEngine.Findings?
        if let template {
            engine.report(contentsOf: template.engine.findings)
            templateHasErrors = template.engine.hasErrors
            let last = current.withLock { (bytes: $0.templateBytes, findings: $0.templateFindings) }
            if template.emitter != nil, template.bytes == last.bytes, let findings = last.findings {
                // The template shown, unchanged: what its rendering found stands (rendering it again from a large
                // manifest would hold up every edit of the manifest; the view renders it when it is asked for).
                engine.report(contentsOf: findings)
                renderFindings = findings
            } else if let emitter = template.emitter, let shown = good ?? current.withLock({ $0.manifest }) {
                // A new template is rendered once here from the manifest the pages show, so that what the rendering
                // finds (a variable the notes do not have, a budget passed) is reported with the rest, as
                // `compile --template` reports it, and a template whose rendering fails is not shown.
                let rendering = DiagnosticEngine()
                _ = FrameRenderer(compiler: compiler, manifest: shown, template: emitter).templateOutput(ViewQuery(), engine: rendering)
                renderFindings = rendering.findings
                engine.report(contentsOf: rendering.findings)
                templateHasErrors = rendering.hasErrors
            }
        }
        let printer = TextDiagnosticPrinter(useColor: false)
        var problems = engine.diagnostics.map(printer.render)
        if let omitted = engine.omitted { problems.append(printer.render(omitted.note)) }
        let images = (good ?? manifest).map(WatchedFiles.imageFiles) ?? []
        return current.withLock { snapshot in
            snapshot.generation += 1
            snapshot.problems = problems
            snapshot.summary = engine.summary.map { $0 + " generated." }
            snapshot.hasErrors = engine.hasErrors
            snapshot.manifestHasErrors = manifestHasErrors
            snapshot.templateHasErrors = templateHasErrors
            snapshot.unreadable = unreadable
            snapshot.templateUnreadable = template?.unreadable ?? false
            var changed = false
            if let good {
                snapshot.manifest = good
                changed = true
            }
            if let template, let emitter = template.emitter, !templateHasErrors {
                if template.bytes != snapshot.templateBytes {
                    snapshot.template = emitter
                    snapshot.templateBytes = template.bytes
                    snapshot.templateFindings = renderFindings
                    changed = true
                } else if let renderFindings {
                    // Taken before there was a manifest to render it from, and rendered now.
                    snapshot.templateFindings = renderFindings
                }
            }
            if changed { snapshot.renderedGeneration = snapshot.generation }
            let inputs = options.inputs.filter { $0 != "-" } + options.referenceFiles + (options.template.map { [$0] } ?? [])
            if manifest != nil || snapshot.watched.isEmpty {
                snapshot.watched = inputs + images
            }
            return snapshot
        }
    }
}
