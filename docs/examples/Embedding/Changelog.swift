import WhatsNewCore

/// Compiles a manifest to Markdown, as `whatsnew compile MANIFEST --format markdown` does, and returns the
/// text; nil when the manifest has errors, which are printed as whatsnew prints them.
func markdownChangelog(manifestPath: String, locale: String? = nil) throws -> String? {
    let engine = DiagnosticEngine()
    let compiler = Compiler()
    // One format to standard output: what `-o` and `--format` would plan.
    let plan = try OutputPlan.make(formats: [.markdown], output: nil, outputIsDirectory: false).get()
    let request = CompileRequest(selection: Selection(locale: locale))
    let outputs = try compiler.compile([manifestPath], plan: plan, request: request, engine: engine)
    printError(TextDiagnosticPrinter().render(engine))
    return outputs?.first?.text
}
