import ArgumentParser
import WhatsNewCore

/// `whatsnew tip status MANIFEST`: a table of every tip, its status, its displays and what holds it back.
struct TipStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "List every tip: its status, its displays on every device, and what holds it back.",
        discussion: """
        Example:
          $ whatsnew tip status notes.yaml
          TIP            STATUS   DISPLAYS  HELD BACK BY
          parallel-sync  pending  0         event 'sync.finished': 0 donations, …
        """
    )

    @Argument(help: "The manifest with the tips.")
    var manifest: String

    @OptionGroup var values: TipValueOptions
    @OptionGroup var overrideOptions: TipOverrideOptions
    @OptionGroup var state: StateOptions
    @OptionGroup var input: InputOptions
    @OptionGroup var colorOptions: ColorOptions

    func run() throws {
        let loaded = try TipStateTarget.loadManifest(manifest, input: input, colorOptions: colorOptions)
        let target = TipStateTarget(state: state)
        let transient = try target.transientFile(manifestAppID: loaded.app?.id)?.read() ?? [:]
        let presenter = TipPresenter(manifest: loaded, store: try target.store(manifestAppID: loaded.app?.id), values: try values.values(),
                                     overrides: overrideOptions.overrides, transientParameters: transient)
        let status: (evaluations: [TipEvaluation], reading: StateReading)
        do {
            status = try presenter.status()
        } catch {
            throw Output.fail(error)
        }
        let printer = TextDiagnosticPrinter(useColor: colorOptions.useColor(for: 2))
        if let problem = status.reading.problem { Output.standardError(printer.render(problem)) }
        for warning in status.reading.warnings { Output.standardError(printer.render(warning)) }
        Output.standardOutput(TipStatusTable.render(status.evaluations))
    }
}
