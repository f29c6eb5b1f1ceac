#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewText

extension TerminalCapabilities {
    /// Every environment variable `detect(useColor:environment:)` reads.
    public static let environmentVariables = ["COLORTERM", "COLORFGBG", "TERM", "FORCE_HYPERLINK", "TMUX", "STY", "TERM_PROGRAM",
                                              "VTE_VERSION", "KONSOLE_VERSION", "WT_SESSION", "KITTY_WINDOW_ID"]

    /// The values of `environmentVariables` in this process's environment.
    public static var processEnvironment: [String: String] {
        var values: [String: String] = [:]
        for name in environmentVariables {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// Whether output to `descriptor` is colored when nobody says (`--color auto`): only on a terminal, and
    /// not when `NO_COLOR` is set to anything but the empty string, nor when `TERM` is `dumb`.
    public static func usesColorByDefault(on descriptor: Int32) -> Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return isatty(descriptor) == 1
    }
}
