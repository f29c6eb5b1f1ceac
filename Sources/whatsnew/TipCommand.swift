import ArgumentParser
import WhatsNewCore

/// `whatsnew tip show|donate|param|invalidate|status|reset`: feature-discovery tips for a command-line app
/// (TipKit, for the terminal), kept in the same state file as `show`'s.
struct TipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tip",
        _superCommandName: WhatsNewCommand.name,
        abstract: "Show a command-line app's tips at the right moment (TipKit, for the terminal).",
        discussion: """
        Example (in a command-line app, after each successful sync):
          $ whatsnew tip donate sync.finished --app-id com.example.trails
          $ whatsnew tip show notes.yaml --width 40 --no-tty-check
          ╭──────────────────────────────────────╮
          │ ⚡ Try --parallel                    │
          │    Uploads run side by side.         │
          ╰──────────────────────────────────────╯

        The state file is show's: $XDG_STATE_HOME/whatsnew/<app-id>.json, else ~/.local/state/whatsnew/<app-id>.json (--app-id, the manifest's app.id, or --state-file).

        Testing overrides: --show-all, --show ID, --hide ID, --hide-all, or WHATSNEW_TIPS_SHOW_ALL=1, WHATSNEW_TIPS_SHOW=a,b, WHATSNEW_TIPS_HIDE=a,b, WHATSNEW_TIPS_HIDE_ALL=1; under them nothing is recorded.

        Exit codes: 0 success (whether or not a tip was shown), 1 a broken manifest, 64 a usage error, 74 the state file cannot be read or written.
        """,
        subcommands: [TipShowCommand.self, TipDonateCommand.self, TipParamCommand.self, TipInvalidateCommand.self,
                      TipStatusCommand.self, TipResetCommand.self]
    )
}

/// The state file a `tip` subcommand works on: named as `show`'s, by `--state-file`, `--app-id`, or the
/// `app.id` of a manifest.
struct TipStateTarget {
    let state: StateOptions

    /// The store, naming the file from `manifestAppID` when neither option names it.
    func store(manifestAppID: String?) throws -> any StateStore {
        try state.makeStore(manifestAppID: manifestAppID)
    }

    /// The transient parameters of this session, beside the state file (none for in-memory state).
    func transientFile(manifestAppID: String?) throws -> TransientParameterFile? {
        if state.isInMemory { return nil }
        return TransientParameterFile(statePath: try state.statePath(manifestAppID: manifestAppID))
    }

    /// The app id of `manifest` when the file name needs it (a manifest with errors stops the command).
    static func loadManifest(_ path: String, input: InputOptions, colorOptions: ColorOptions) throws -> Manifest {
        try Output.loadManifest(path, readOptions: input.readOptions, engine: input.makeEngine(),
                                printer: TextDiagnosticPrinter(useColor: colorOptions.useColor(for: 2)))
    }

    /// Refuses an event or parameter name `TipNames` does not accept, as a usage error.
    static func checkName(_ name: String, of kind: String) throws {
        if let problem = TipNames.problem(with: name) {
            throw ValidationError("invalid \(kind) name '\(TerminalSafeText.visible(name))': \(problem)")
        }
    }
}

/// `--show-all`, `--show ID`, `--hide ID`, `--hide-all` (TipKit's testing overrides), with the environment's.
struct TipOverrideOptions: ParsableArguments {
    @Flag(name: .long, help: "Show every tip, whatever its rules, status and the display frequency; record nothing.")
    var showAll = false

    @Option(name: .customLong("show"), help: ArgumentHelp("Show this tip whatever its rules (repeatable); record nothing.", valueName: "id"))
    var show: [String] = []

    @Option(name: .customLong("hide"), help: ArgumentHelp("Hide this tip (repeatable); record nothing.", valueName: "id"))
    var hide: [String] = []

    @Flag(name: .long, help: "Hide every tip; record nothing.")
    var hideAll = false

    /// The flags' overrides added to the environment's.
    var overrides: TipOverrides {
        TipOverrides.environment().adding(
            TipOverrides(showAll: showAll, show: Set(show), hide: Set(hide), hideAll: hideAll))
    }
}

/// `--with name=value` (repeatable): the values that fill reusable tips.
struct TipValueOptions: ParsableArguments {
    @Option(name: .customLong("with"), help: ArgumentHelp("Fill the placeholder {{name}} of reusable tips (repeatable).", valueName: "name=value"))
    var with: [String] = []

    func validate() throws {
        _ = try values()
    }

    func values() throws -> [String: String] {
        var values: [String: String] = [:]
        for pair in with {
            guard let equals = pair.firstIndex(of: "="), Placeholders.isName(pair[..<equals]) else {
                throw ValidationError("--with expects name=value with a name of letters, digits, '_' and '-', found '\(TerminalSafeText.visible(pair))'")
            }
            values[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return values
    }
}
