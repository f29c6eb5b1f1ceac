import ArgumentParser
import WhatsNewCore

/// `whatsnew tip invalidate ID --reason actionPerformed|tipClosed`: the tip is never shown again, on any device.
struct TipInvalidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "invalidate",
        abstract: "Never show a tip again, on any device (the user used the feature, or closed the tip).",
        usage: "whatsnew tip invalidate [<options>] <id> --reason <reason>",
        discussion: """
        Example:
          $ whatsnew tip invalidate parallel-sync --reason actionPerformed \\
              --app-id com.example.trails

        A reusable tip's instance is named by its filled id, e.g. new-trail-Eiger.
        """
    )

    @Argument(help: "The tip's id.")
    var id: String

    @Option(name: .long, help: "actionPerformed or tipClosed.")
    var reason: TipInvalidationReason

    @OptionGroup var target: TipTargetOptions

    func run() throws {
        do {
            Output.warnIfSkipped(try target.store().invalidateTip(id, reason: reason.value), what: "the invalidation")
        } catch let error as IOError {
            throw Output.fail(error)
        }
    }
}

enum TipInvalidationReason: String, ExpressibleByArgument, CaseIterable {
    case actionPerformed, tipClosed

    var value: InvalidationReason { self == .actionPerformed ? .actionPerformed : .tipClosed }
}
