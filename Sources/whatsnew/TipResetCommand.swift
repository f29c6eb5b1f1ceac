import ArgumentParser
import WhatsNewCore

/// `whatsnew tip reset`: forgets every tip record on every device; the versions `show` presented stay.
struct TipResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Forget every donation, display, status and parameter of the tips, on every device.",
        usage: "whatsnew tip reset [<options>]",
        discussion: """
        Example:
          $ whatsnew tip reset --app-id com.example.trails

        The versions 'whatsnew show' presented stay ('whatsnew state reset' forgets everything).
        """
    )

    @OptionGroup var target: TipTargetOptions

    func run() throws {
        do {
            Output.warnIfSkipped(try target.store().resetTips(), what: "the reset")
        } catch let error as IOError {
            throw Output.fail(error)
        }
    }
}
