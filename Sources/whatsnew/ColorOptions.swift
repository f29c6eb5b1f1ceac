import ArgumentParser
import WhatsNewCore

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// `--color auto|always|never`, with `NO_COLOR` and `TERM=dumb` respected in auto mode.
struct ColorOptions: ParsableArguments {
    @Option(name: .long, help: "When to use color: auto (only on a terminal), always or never.")
    var color: ColorChoice = .auto

    /// Whether to color what is written to `descriptor`.
    func useColor(for descriptor: Int32) -> Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto: return TerminalCapabilities.usesColorByDefault(on: descriptor)
        }
    }
}
