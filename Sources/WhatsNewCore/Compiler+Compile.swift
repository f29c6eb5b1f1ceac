import WhatsNewDiagnostics
import WhatsNewIO
import WhatsNewModel
import WhatsNewRender
import WhatsNewText

/// What `compile` renders and how.
public struct CompileRequest: Sendable {
    public var selection: Selection
    /// The HTML page; nil picks `showcase` for one version and `changelog` otherwise.
    package var page: HTMLEmitter.Page?
    public var terminal: TerminalCapabilities
    public var width: Int
    /// A custom template that renders every output instead of the built-in emitters (`--template`).
    package var template: TemplateEmitter?
    /// The appcast whose items' descriptions the `appcast` output fills (`--into`), instead of writing one.
    package var appcastToFill: AppcastInput?
    /// Where the registries of a `whatsnewkit-json` output go (`--refs-out`), YAML or JSON by its extension.
    public var whatsNewKitRefs: String?
    /// How `markdown` outputs are laid out; Keep a Changelog's keeps the versions marked `unreleased`.
    public var markdownStyle = MarkdownStyle.standard

    /// What to render: the versions, texts and features of `selection`; terminal text for `terminal` at `width`.
    public init(selection: Selection = Selection(), terminal: TerminalCapabilities = .plain, width: Int = 80) {
        self.init(selection: selection, page: nil, terminal: terminal, width: width)
    }

    package init(selection: Selection = Selection(), page: HTMLEmitter.Page?, terminal: TerminalCapabilities = .plain, width: Int = 80,
                 template: TemplateEmitter? = nil, whatsNewKitRefs: String? = nil) {
        self.selection = selection
        self.page = page
        self.terminal = terminal
        self.width = width
        self.template = template
        self.whatsNewKitRefs = whatsNewKitRefs
    }
}

extension Compiler {
    /// Renders every target of `plan`; nil when the inputs or the selection have errors (then nothing may be
    /// written). Throws only when an input cannot be read.
    public func compile(_ inputs: [String], plan: OutputPlan, request: CompileRequest,
                        engine: DiagnosticEngine) throws(IOError) -> [(target: OutputPlan.Target, text: String)]? {
        guard let manifest = try load(inputs, engine: engine) else { return nil }
        return compile(manifest, plan: plan, request: request, engine: engine)
    }

    /// Renders every target of `plan` from a manifest `load` returned; nil when the engine holds errors
    /// or the selection has errors (then nothing may be written).
    public func compile(_ manifest: Manifest, plan: OutputPlan, request: CompileRequest,
                        engine: DiagnosticEngine) -> [(target: OutputPlan.Target, text: String)]? {
        guard let compilation = prepare(manifest, plan: plan, request: request, engine: engine) else { return nil }
        return plan.targets.map { target in (target, compilation.text(for: target)) }
    }

    /// Loads the inputs and checks everything that could stop `compile` (see `prepare(_:plan:request:engine:)`);
    /// nil when the inputs or the selection have errors. Throws only when an input cannot be read.
    ///
    /// The manifest is freed once its notes are resolved, whatever `leavesMemoryForExit` says: the notes share
    /// its texts and hold all that the outputs need, so freeing it costs little, and the outputs are then
    /// rendered in the memory it took, with its input's text (unless a diagnostic still points into it).
    package func prepare(_ inputs: [String], plan: OutputPlan, request: CompileRequest,
                         engine: DiagnosticEngine) throws(IOError) -> Compilation? {
        var loading = self
        loading.leavesMemoryForExit = false
        guard let manifest = try loading.load(inputs, engine: engine) else { return nil }
        return prepare(manifest, plan: plan, request: request, engine: engine)
    }

    /// Resolves the notes once for every target and finds every error `compile` can report (each output's check in
    /// `OutputChecks` before its emitter), so that a `Compilation` it returns can stream each output to its file with
    /// nothing left that could fail but the writing; nil when the engine holds errors or the selection has errors
    /// (then nothing may be written).
    package func prepare(_ manifest: Manifest, plan: OutputPlan, request: CompileRequest,
                         engine: DiagnosticEngine) -> Compilation? {
        guard !engine.hasErrors else { return nil }
        var requested = request.selection
        if request.markdownStyle == .keepAChangelog { requested.includesUnreleased = true }
        guard let selection = requested.resolvingLatest(in: manifest, engine: engine) else { return nil }
        guard OutputChecks.selection(selection, of: manifest, engine: engine) else { return nil }
        // WhatsNewKit's JSON is checked from the manifest (its keys are made for every version), before the notes.
        var whatsNewKitPlan: WhatsNewKitPlan?
        if request.template == nil, plan.targets.contains(where: { $0.format == .whatsNewKitJSON }) {
            whatsNewKitPlan = OutputChecks.whatsNewKit(manifest, selection: selection, refsFile: request.whatsNewKitRefs,
                                                       assetsRoot: readOptions.imageFiles.assetsRoot, engine: engine)
            guard whatsNewKitPlan != nil else { return nil }
        }
        guard !engine.hasErrors else { return nil }
        let notes = ReleaseNotes(manifest, selection: selection)
        // Everything the run writes, together, before any of it is written (see `OutputBudget`).
        var budget = OutputBudget(inputBytes: manifest.inputByteCount > 0 ? manifest.inputByteCount + (request.appcastToFill?.bytes.count ?? 0) : 0)
        if let problem = budget.spend(notes, of: manifest) {
            engine.report(problem)
            return nil
        }
        // WhatsNewKit's JSON is small, and rendered now, so that its size counts before the outputs that follow.
        let whatsNewKit = whatsNewKitPlan.map { WhatsNewKitJSONEmitter().export($0) }
        let whatsNewKitJSON = whatsNewKit?.json
        let whatsNewKitRefs = request.whatsNewKitRefs.flatMap { path in
            whatsNewKit.map { WhatsNewKitRefsOutput(path: path, text: $0.refs(WhatsNewKitRefsFormat(fileExtensionOf: path) ?? .yaml)) }
        }
        if let problem = budget.spend(whatsNewKitJSON?.utf8.count ?? 0, on: "WhatsNewKit's JSON") {
            engine.report(problem)
            return nil
        }
        if request.page == .showcase, request.template == nil, plan.targets.contains(where: { $0.format == .html }) {
            OutputChecks.showcase(notes, engine: engine)
        }
        guard let publishing = Publishing.prepare(manifest, notes: notes, selection: selection, plan: plan, request: request, budget: &budget,
                                                  engine: engine) else {
            return nil
        }
        // A template's output is rendered now (it is rendered whole in any case), so that the variables it uses
        // where the notes have none are reported before anything is written (errors under --strict).
        var templateOutput: String?
        if let template = request.template {
            // The rendering's work is held to 4 steps per byte the outputs may still write (see `TemplateLookups`):
            // a section nested in itself would otherwise run for hours before its output could be measured.
            let (steps, tooMany) = max(budget.remaining, 0).multipliedReportingOverflow(by: 4)
            templateOutput = template.emit(notes, imageFiles: readOptions.imageFiles, feeds: publishing.feedLinks, engine: engine,
                                           budget: tooMany ? Int.max : max(steps, TemplateEmitter.defaultBudget))
            guard !engine.hasErrors else { return nil }
            let (bytes, overflow) = (templateOutput?.utf8.count ?? 0).multipliedReportingOverflow(by: plan.targets.count)
            if let problem = budget.spend(overflow ? Int.max : bytes, on: "the template's output in each of \(plan.targets.count) files") {
                engine.report(problem)
                return nil
            }
        }
        // `--locale all`: the notes again in each locale of the plan's targets.
        guard let locales = LocaleOutputs(manifest, selection: selection, plan: plan, budget: &budget, engine: engine) else { return nil }
        if leavesMemoryForExit { ProcessLifetime.keep(notes) }
        return Compilation(notes: notes, request: request, whatsNewKitJSON: whatsNewKitJSON, whatsNewKitRefs: whatsNewKitRefs,
                           templateOutput: templateOutput,
                           imageFiles: readOptions.imageFiles, publishing: publishing, locales: locales)
    }
}

/// The checked notes of a `compile` run, ready to render: `Compiler.prepare` has reported every error, so
/// rendering cannot fail, and each output can be written as it is rendered.
package struct Compilation: Sendable {
    package let notes: ReleaseNotes
    package let request: CompileRequest
    package let whatsNewKitJSON: String?
    /// The registries of the `whatsnewkit-json` output, for `CompileRequest.whatsNewKitRefs` (nil when not asked for).
    package let whatsNewKitRefs: WhatsNewKitRefsOutput?
    /// What `request.template` rendered.
    let templateOutput: String?
    /// Where the image files an HTML page inlines may be read from, and how much of them.
    package let imageFiles: ImageFileOptions
    /// The feeds the HTML page links to, and the appcast `--into` filled.
    package let publishing: Publishing
    /// The notes of the targets with a locale of their own (`--locale all`), and the pages' links to each other.
    package let locales: LocaleOutputs

    /// The output for `target`, handed to `write` in order in chunks of about 128 KB.
    package func render(_ target: OutputPlan.Target, to write: (UnsafeBufferPointer<UInt8>) -> Void) {
        withoutActuallyEscaping(write) { write in
            var output = OutputBuffer(sink: write)
            render(target, into: &output)
            output.flush()
        }
    }

    /// The output for `target` as one string.
    package func text(for target: OutputPlan.Target) -> String {
        var output = OutputBuffer()
        render(target, into: &output)
        return output.text
    }

    private func render(_ target: OutputPlan.Target, into output: inout OutputBuffer) {
        if request.template != nil {
            output += templateOutput ?? ""
            return
        }
        let notes = locales.notes(for: target) ?? self.notes
        switch target.format {
        case .ansi:
            ANSIEmitter(capabilities: target.path == "-" ? request.terminal : .plain, width: request.width).emit(notes, into: &output)
        case .markdown:
            switch request.markdownStyle {
            case .standard: MarkdownEmitter().emit(notes, into: &output)
            case .keepAChangelog: KeepAChangelogEmitter().emit(notes, into: &output)
            }
        case .html:
            let page = request.page ?? (notes.versions.count == 1 ? .showcase : .changelog)
            var html = HTMLEmitter(page: page)
            html.feeds = publishing.feedLinks
            html.languages = locales.languageLinks(for: target)
            html.emit(notes, imageFiles: imageFiles, into: &output)
        case .json:
            JSONEmitter().emit(notes, into: &output)
        case .whatsNewKitJSON:
            output += whatsNewKitJSON ?? ""
        case .releaseBody:
            ReleaseBodyEmitter().emit(notes, into: &output)
        case .atom:
            AtomEmitter().emit(notes, into: &output)
        case .jsonFeed:
            JSONFeedEmitter().emit(notes, into: &output)
        case .rss:
            RSSEmitter().emit(notes, into: &output)
        case .fastlane:
            // A tree of files (`fastlaneFiles`), written by the caller; as one text, each file after its path.
            for file in publishing.fastlaneFiles {
                output += "==> \(file.path) <==\n"
                output += file.text
            }
        case .appcast:
            if let filled = publishing.filledAppcast {
                output.bytes += filled
            } else {
                AppcastEmitter().emit(notes, into: &output)
            }
        }
    }
}
