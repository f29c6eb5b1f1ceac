import ArgumentParser
import YAMLTree
import WhatsNewCore
import SourceText

/// `whatsnew tip show MANIFEST`: prints the one tip that may be shown now, and records its display.
struct TipShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the one tip that may be shown now (at most one), and record its display.",
        discussion: """
        Example:
          $ whatsnew tip show notes.yaml                       # on a terminal: a box
          $ whatsnew tip show notes.yaml --format json
          null

        Prints nothing when no tip may be shown. As 'whatsnew show', the terminal box prints nothing and records nothing when standard output is not a terminal (unless --no-tty-check) or when WHATSNEW_DISABLE is set; --format json is for programs, so only WHATSNEW_DISABLE silences it (it then prints null).
        """
    )

    @Argument(help: "The manifest with the tips.")
    var manifest: String

    @Option(name: .long, help: ArgumentHelp("Choose only among the tips of this group.", valueName: "id"))
    var group: String?

    @Option(name: .long, help: ArgumentHelp("Show only this tip (its id as written, or a reusable tip's filled id).", valueName: "id"))
    var tip: String?

    @OptionGroup var values: TipValueOptions
    @OptionGroup var overrideOptions: TipOverrideOptions

    @Option(name: .long, help: "text (a box for the terminal) or json (for apps).")
    var format: TipFormat = .text

    @Option(name: .long, help: ArgumentHelp("A Mustache template for a custom tip style (see docs/tips.md).", valueName: "file"))
    var template: String?

    @Flag(name: .long, help: "Decide and print, but record nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Show even when standard output is not a terminal.")
    var noTtyCheck = false

    @Option(name: .long, help: "The locale of the texts, e.g. de or zh-Hans.")
    var locale: String?

    @Option(name: .long, help: "The terminal width in columns, 20 to 1000 (default: the terminal's, else COLUMNS, else 80).")
    var width: Int?

    @OptionGroup var state: StateOptions
    @OptionGroup var input: InputOptions
    @OptionGroup var colorOptions: ColorOptions

    func validate() throws {
        try Terminal.validate(width: width)
        if group != nil, tip != nil { throw ValidationError("--group and --tip exclude each other; expected one of them") }
        if template != nil, format == .json { throw ValidationError("--template and --format json exclude each other") }
    }

    func run() throws {
        let silence = SilenceRules(requiresTerminal: !noTtyCheck && format == .text)
        if silence.reason != nil {
            if format == .json { Output.standardOutput(TipJSONEmitter().emit(nil)) }
            return
        }
        let loaded = try TipStateTarget.loadManifest(manifest, input: input, colorOptions: colorOptions)
        if let group, !loaded.tipGroups.contains(where: { $0.id == group }) {
            throw ValidationError("no tip group '\(TerminalSafeText.visible(group))' in the manifest"
                                  + Suggestion.phrase(for: group, in: loaded.tipGroups.map(\.id)))
        }
        if let tip {
            let known = loaded.tips.map(\.id) + TipEngine(manifest: loaded, values: try values.values()).instances.map(\.id)
            if !known.contains(tip) {
                throw ValidationError("no tip '\(TerminalSafeText.visible(tip))' in the manifest" + Suggestion.phrase(for: tip, in: known))
            }
        }
        let target = TipStateTarget(state: state)
        let transient = try target.transientFile(manifestAppID: loaded.app?.id)?.read() ?? [:]
        var emitter: TemplateEmitter?
        if let template {
            let engine = DiagnosticEngine()
            do {
                emitter = try TemplateEmitter.load(template, limit: input.maxInputBytes, engine: engine)
            } catch {
                throw Output.fail(error)
            }
            guard emitter != nil else {
                Output.standardError(TextDiagnosticPrinter(useColor: colorOptions.useColor(for: 2)).render(engine))
                throw Output.inputErrors
            }
        }
        let presenter = TipPresenter(manifest: loaded, store: try target.store(manifestAppID: loaded.app?.id), values: try values.values(),
                                     overrides: overrideOptions.overrides, transientParameters: transient)
        let scope: TipEngine.Scope = group.map { .group($0) } ?? tip.map { .tip($0) } ?? .all
        let shown: (card: TipCard?, recording: StateUpdateResult)
        do {
            shown = try presenter.show(scope: scope, locale: locale, record: !dryRun)
        } catch {
            throw Output.fail(error)
        }
        Output.warnIfSkipped(shown.recording, what: "the tip's display")
        let terminal = TerminalCapabilities.detect(useColor: colorOptions.useColor(for: 1), environment: Terminal.environment)
        switch format {
        case .json:
            Output.standardOutput(TipJSONEmitter().emit(shown.card))
        case .text:
            guard let card = shown.card else { return }
            if let emitter {
                let engine = DiagnosticEngine()
                Output.standardOutput(emitter.emit(card, capabilities: terminal, engine: engine))
                Output.standardError(TextDiagnosticPrinter(useColor: colorOptions.useColor(for: 2)).render(engine))
            } else {
                Output.standardOutput(TipBoxEmitter(capabilities: terminal, width: Terminal.width(width)).emit(card, accentColor: loaded.defaults.accentColor?.text))
            }
        }
    }
}

enum TipFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
