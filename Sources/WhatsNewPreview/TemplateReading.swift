import WhatsNewCore

/// One reading of the `--template` file, exactly as `compile` reads it (`TemplateEmitter.load`: the same file
/// rules, the same `--max-input-bytes` limit, the same diagnostics), and how its output is shown.
struct TemplateReading {
    /// The template, when the file was read and parsed.
    let emitter: TemplateEmitter?
    /// The bytes it was read from, to tell a new template from the one the pages show.
    let bytes: [UInt8]?
    /// Whether the file could not be read at all (missing, a link out of the folder, a FIFO).
    let unreadable: Bool
    /// The problems of the reading, as `compile` reports them.
    let engine: DiagnosticEngine

    init(path: String, limit: Int) {
        let engine = DiagnosticEngine()
        self.engine = engine
        do {
            let source = try TemplateEmitter.source(at: path, limit: limit, engine: engine)
            emitter = source.flatMap { TemplateEmitter($0, engine: engine) }
            bytes = emitter == nil ? nil : source?.bytes
            unreadable = false
        } catch {
            engine.report(Diagnostic(error))
            emitter = nil
            bytes = nil
            unreadable = true
        }
    }

    /// Whether the template at `path` writes a web page, which the preview shows as a page (in its sandboxed
    /// frame, under the frame's policy) rather than as text: its name ends in `.html` or `.htm`, before a last
    /// `.mustache` if it has one (`changelog.html.mustache`, `page.html`). Any other template's output is shown
    /// as text, escaped.
    static func writesHTML(_ path: String) -> Bool {
        var name = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        if name.hasSuffix(".mustache") { name.removeLast(".mustache".count) }
        return name.hasSuffix(".html") || name.hasSuffix(".htm")
    }
}
