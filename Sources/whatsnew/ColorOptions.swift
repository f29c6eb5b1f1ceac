import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        case .auto:
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
            return isatty(descriptor) == 1
        }
    }
}
