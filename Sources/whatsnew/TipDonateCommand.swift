import ArgumentParser
import WhatsNewCore

/// `whatsnew tip donate EVENT`: records one donation of an event (TipKit's `Event.donate()`).
struct TipDonateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "donate",
        abstract: "Record that an event happened (for tip rules on events).",
        usage: "whatsnew tip donate [<options>] <event>",
        discussion: """
        Example:
          $ whatsnew tip donate sync.finished --app-id com.example.trails

        Each donation keeps its time and device; the latest 1000 of each event are kept.
        """
    )

    @Argument(help: "The event: letters, digits and _ . - : /")
    var event: String

    @OptionGroup var target: TipTargetOptions

    func validate() throws {
        try TipStateTarget.checkName(event, of: "event")
    }

    func run() throws {
        let store = try target.store()
        do {
            Output.warnIfSkipped(try store.donate(event), what: "the donation")
        } catch {
            throw Output.fail(error)
        }
    }
}

/// The state file of the `tip` subcommands that need no manifest: `--state-file`, `--app-id`, or the app id
/// of `--manifest`.
struct TipTargetOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A manifest whose app.id names the state file (when neither --app-id nor --state-file is given).",
                                            valueName: "file"))
    var manifest: String?

    @OptionGroup var state: StateOptions
    @OptionGroup var input: InputOptions
    @OptionGroup var colorOptions: ColorOptions

    /// The manifest's app id, read only when the options do not name the file.
    func manifestAppID() throws -> String? {
        guard state.needsManifest, let manifest else { return nil }
        return try TipStateTarget.loadManifest(manifest, input: input, colorOptions: colorOptions).app?.id
    }

    func store() throws -> any StateStore {
        try TipStateTarget(state: state).store(manifestAppID: try manifestAppID())
    }
}
