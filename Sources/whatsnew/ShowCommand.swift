import ArgumentParser
import WhatsNewCore

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        _superCommandName: WhatsNewCommand.name,
        abstract: "Show the notes of the current version once, as WhatsNewKit's automatic presentation does.",
        discussion: """
        Example (at the start of a command-line app):
          $ whatsnew show notes.yaml --current-version 1.2.1     # once, on a terminal
          $ WHATSNEW_CURRENT_VERSION=1.2.1 whatsnew show notes.yaml --mode auto

        Each shows the notes of 1.2.1, or of 1.2.0 when 1.2.1 has none, unless they were shown before, and records them as presented. The current version comes from --current-version, else WHATSNEW_CURRENT_VERSION. Nothing is printed or recorded when standard output is not a terminal (unless --no-tty-check) or when WHATSNEW_DISABLE is set to a true value (1, true, yes or on, in any case; 0, false, no, off and empty do not disable).

        --mode (else WHATSNEW_SHOW_MODE, else inline) chooses how:
          inline  prints the notes
          sheet   a bordered panel that waits for a key (Enter or q)
          pager   a full screen of its own that waits for a key (Enter or q)
          auto    the pager when the notes do not fit the sheet, else the sheet
          none    shows and records nothing

        The sheet and the pager record the notes when dismissed. They, and auto, print what inline prints unless both standard input and standard output are terminals.

        Exit codes: 0 whether or not something was shown, 1 a broken manifest, 64 no current version or a bad mode, 74 the state file or the terminal cannot be used, 128+n the sheet or pager ended by signal n.
        """
    )

    @Argument(help: "The manifest.")
    var manifest: String

    @Option(name: .long, help: "The version the app runs now.")
    var currentVersion: String?

    @OptionGroup var state: StateOptions

    @Flag(name: .long, help: "Show every version newer than the newest one seen, up to the current one, newest first.")
    var catchUp = false

    @Flag(name: .long, help: "Decide and show, but record nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Print each step of the decision to standard error.")
    var explain = false

    @Flag(name: .long, help: "Show even what the state says was shown.")
    var force = false

    @Flag(name: .long, help: "Do not write the state.")
    var noRecord = false

    @Flag(name: .long, help: "Show even when standard output is not a terminal.")
    var noTtyCheck = false

    @Option(name: .long, help: "The locale of the texts, e.g. de or zh-Hans.")
    var locale: String?

    @Option(name: .long, help: "The terminal width in columns, 20 to 1000 (default: the terminal's, else COLUMNS, else 80).")
    var width: Int?

    @Option(name: .long, help: "How to show the notes: \(ShowMode.valueList) (default: WHATSNEW_SHOW_MODE, else inline).")
    var mode: String?

    @Option(name: .long, help: "The sheet's height at most, in rows, 3 to 1000 (default: the terminal's rows minus 4).")
    var maxHeight: Int?

    @Flag(name: .long, help: "Open the pager's links with \(ShowModeOptions.linkOpener) instead of printing them when it closes.")
    var openLinks = false

    @OptionGroup var input: InputOptions
    @OptionGroup var assets: AssetOptions
    @OptionGroup var colorOptions: ColorOptions

    func validate() throws {
        try Terminal.validate(width: width)
        try ShowModeOptions.validate(mode: mode, maxHeight: maxHeight)
    }

    func run() throws {
        let showMode = try ShowModeOptions.mode(mode)
        // The silence rules are asked before the manifest is read: a piped run of the host app costs nothing.
        let silence = SilenceRules(requiresTerminal: !noTtyCheck)
        if let reason = silence.reason {
            if explain { Output.standardError("whatsnew: explain: \(reason): showing nothing\n") }
            return
        }
        guard let text = currentVersion ?? StateLocation.processEnvironment("WHATSNEW_CURRENT_VERSION") else {
            throw Output.usage("no current version; expected --current-version V or WHATSNEW_CURRENT_VERSION")
        }
        let current = try VersionArgument.parse(text, for: "--current-version")
        let printer = TextDiagnosticPrinter(useColor: colorOptions.useColor(for: 2))
        let loaded = try Output.loadManifest(manifest, readOptions: assets.applied(to: input.readOptions), engine: input.makeEngine(),
                                             printer: printer)
        let store = try state.makeStore(manifestAppID: loaded.app?.id)
        let presenter = WhatsNewPresenter(manifest: loaded, store: store, options: PresentationOptions(catchUp: catchUp, force: force, mode: showMode),
                                          silence: silence)
        let terminal = TerminalCapabilities.detect(useColor: colorOptions.useColor(for: 1), environment: Terminal.environment)
        let outcome: PresentationOutcome
        let display = TerminalDisplay(capabilities: terminal, width: Terminal.width(width), maxHeight: maxHeight,
                                      opensLinks: openLinks, selection: Selection(locale: locale))
        do {
            outcome = try presenter.present(current: current, record: !dryRun && !noRecord, display: display)
        } catch let error as IOError {
            throw Output.fail(error)
        } catch let error as TerminalError {
            Output.standardError("whatsnew: error: \(error)\n")
            throw Output.ioError
        } catch let interrupted as PresentationInterrupted {
            // The terminal is restored and nothing recorded: exit as the shell reports a signal.
            throw ExitCode(128 + interrupted.signal)
        }
        if let problem = outcome.plan.stateProblem { Output.standardError(printer.render(problem)) }
        for warning in outcome.plan.stateWarnings { Output.standardError(printer.render(warning)) }
        if explain { for step in outcome.plan.decision.explanation { Output.standardError("whatsnew: explain: \(step)\n") } }
        if explain, let shownAs = outcome.mode {
            Output.standardError(shownAs == .none ? "whatsnew: explain: mode none: showing and recording nothing\n"
                                                  : "whatsnew: explain: shown as \(shownAs.rawValue)\n")
        }
        if let recording = outcome.recording {
            Output.warnIfSkipped(recording, what: outcome.plan.decision.versionsToRecord.map(\.description).joined(separator: ", "))
        }
    }
}
