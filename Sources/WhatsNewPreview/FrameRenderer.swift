import Markdown
import WhatsNewCore

/// Renders the output a page shows in its frame, in memory, from the last good manifest: the HTML pages as
/// `compile --format html` writes them, the other outputs as their readers see them. Every output is made by
/// `Compiler.prepare` and `Compilation.text` exactly as `compile` makes it; an output that cannot be made from
/// this manifest (a release body of no version, a feed without `app.url`) shows its diagnostics instead. The
/// template view shows `compile --template`'s output: a web page as it is, any other output as text.
struct FrameRenderer {
    let compiler: Compiler
    let manifest: Manifest
    /// The `--template` the template view renders (the last one without errors).
    var template: TemplateEmitter?
    /// Whether the template writes a web page, shown as one; its output is shown as text otherwise.
    var templateWritesHTML = false

    /// The frame's document.
    func render(_ view: PreviewView, query: ViewQuery) -> String {
        let made: Result<String, Problems>
        switch view {
        case .changelog:
            made = text(.html, request: request(query, page: .changelog))
        case .showcase:
            made = text(.html, request: request(query, page: .showcase))
        case .markdown:
            made = text(.markdown, request: request(query)).map { FrameDocument.gitHub(title: "Markdown", html: GitHubMarkdown.html($0)) }
        case .terminal:
            var terminal = request(query)
            terminal.terminal = TerminalCapabilities(colorDepth: .trueColor, hyperlinks: true, appearance: query.scheme)
            terminal.width = query.width
            made = text(.ansi, request: terminal).map { FrameDocument.terminal(ANSIHTML.render($0), width: query.width, scheme: query.scheme) }
        case .stores:
            made = text(.fastlane, request: request(query)).map { FrameDocument.stores(StoreFiles.parse($0)) }
        case .releaseBody:
            made = text(.releaseBody, request: request(query)).map(FrameDocument.releaseBody)
        case .feeds:
            made = text(query.feed, request: request(query)).map { FrameDocument.source(title: query.feed.rawValue, text: $0) }
        case .whatsNewKit:
            made = text(.whatsNewKitJSON, request: request(query)).map { FrameDocument.source(title: "WhatsNewKit JSON", text: $0) }
        case .template:
            made = templateOutput(query).map { templateWritesHTML ? $0 : FrameDocument.source(title: "Template", text: $0) }
        }
        switch made {
        case .success(let document): return document
        case .failure(let problems): return FrameDocument.problems(view: view.title, report: problems.report)
        }
    }

    /// The template's output in `query`'s locale, of every version, exactly as `compile --template` writes it;
    /// what the rendering finds (a variable the notes do not have) is reported to `engine`.
    func templateOutput(_ query: ViewQuery, engine: DiagnosticEngine = DiagnosticEngine()) -> Result<String, Problems> {
        guard let template else { return .failure(Problems(report: "the preview was started without --template\n")) }
        var templated = request(query)
        templated.template = template
        return text(.ansi, request: templated, engine: engine)
    }

    /// The versions a page of one version offers, newest first, as written.
    static func versions(of manifest: Manifest) -> [String] {
        manifest.sortedVersions.filter(\.hasVersion).map(\.versionText)
    }

    /// What `validate` would print of an output that cannot be made.
    struct Problems: Error {
        let report: String
    }

    /// The request for `query`'s choices: its locale, and its version (the newest release unless the query
    /// names one of the manifest's), which `text` keeps only for the outputs of one version.
    private func request(_ query: ViewQuery, page: HTMLEmitter.Page? = nil) -> CompileRequest {
        var selection = Selection(locale: query.locale.flatMap { manifest.writtenLocales.contains($0) ? $0 : nil })
        if let version = query.version.flatMap(SemanticVersion.init), manifest.entry(for: version) != nil {
            selection.release = version
        } else {
            selection.latest = .latest
        }
        return CompileRequest(selection: selection, page: page)
    }

    /// The text of `format` for `request`; the outputs of every version (Markdown, the terminal, the feeds,
    /// WhatsNewKit's JSON) are made of every version whatever the request's version says.
    private func text(_ format: OutputFormat, request: CompileRequest, engine: DiagnosticEngine = DiagnosticEngine()) -> Result<String, Problems> {
        var request = request
        if ![OutputFormat.releaseBody, .fastlane].contains(format) && request.page != .showcase {
            request.selection.release = nil
            request.selection.latest = nil
        }
        let planned = format == .fastlane
            ? OutputPlan.make(formats: [.fastlane], output: "fastlane", outputIsDirectory: false)
            : OutputPlan.make(formats: [format], output: nil, outputIsDirectory: false)
        guard case .success(let plan) = planned, let target = plan.targets.first else {
            return .failure(Problems(report: "the preview cannot plan --format \(format.rawValue)\n"))
        }
        guard let compilation = compiler.prepare(manifest, plan: plan, request: request, engine: engine) else {
            return .failure(Problems(report: TextDiagnosticPrinter(useColor: false).render(engine)))
        }
        return .success(compilation.text(for: target))
    }
}
