/// What `compile` renders and how.
public struct CompileRequest: Sendable {
    public var selection: Selection
    /// The HTML page; nil picks `showcase` for one version and `changelog` otherwise.
    public var page: HTMLEmitter.Page?
    public var terminal: TerminalCapabilities
    public var width: Int
    /// A custom template that renders every output instead of the built-in emitters (`--template`).
    public var template: TemplateEmitter?

    public init(selection: Selection = Selection(), page: HTMLEmitter.Page? = nil, terminal: TerminalCapabilities = .plain, width: Int = 80,
                template: TemplateEmitter? = nil) {
        self.selection = selection
        self.page = page
        self.terminal = terminal
        self.width = width
        self.template = template
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
        guard !engine.hasErrors else { return nil }
        let selection = request.selection
        if let release = selection.release, manifest.entry(for: release) == nil {
            let known = manifest.sortedVersions.prefix(8).map(\.version.description).joined(separator: ", ")
            engine.report(Diagnostic(.error, code: "unknown-release",
                                     message: "--release \(release) is not in the manifest; expected one of its versions (\(known))"))
            return nil
        }
        let notes = ReleaseNotes(manifest, selection: selection)
        var outputs: [(OutputPlan.Target, String)] = []
        for target in plan.targets {
            let limit = readOptions.limits.maxInputBytes
            if let template = request.template {
                outputs.append((target, template.emit(notes) { path in try? FileSystem.read(path, limit: limit) }))
                continue
            }
            switch target.format {
            case .ansi:
                outputs.append((target, ANSIEmitter(capabilities: target.path == "-" ? request.terminal : .plain, width: request.width).emit(notes)))
            case .markdown:
                outputs.append((target, MarkdownEmitter().emit(notes)))
            case .html:
                let page = request.page ?? (notes.versions.count == 1 ? .showcase : .changelog)
                outputs.append((target, HTMLEmitter(page: page).emit(notes) { path in try? FileSystem.read(path, limit: limit) }))
            case .json:
                outputs.append((target, JSONEmitter().emit(notes)))
            case .whatsNewKitJSON:
                guard let text = WhatsNewKitJSONEmitter().emit(manifest, selection: selection, engine: engine) else { return nil }
                outputs.append((target, text))
            }
        }
        return engine.hasErrors ? nil : outputs
    }
}
