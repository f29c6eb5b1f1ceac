/// What the terminal output may use: how many colors, whether OSC 8 hyperlinks, and on which background.
public struct TerminalCapabilities: Sendable, Hashable {
    /// How colors are written; `.none` means no escape sequence at all (`--color never`, a pipe, `NO_COLOR`).
    public enum ColorDepth: String, Sendable, Hashable {
        case none, ansi256, trueColor
    }

    public var colorDepth: ColorDepth
    /// Whether links are OSC 8 hyperlinks; when false (or with no escapes) the URL is printed after the text.
    public var hyperlinks: Bool
    /// Which value of a named color to show.
    public var appearance: ColorAppearance

    public init(colorDepth: ColorDepth, hyperlinks: Bool, appearance: ColorAppearance = .dark) {
        self.colorDepth = colorDepth
        self.hyperlinks = hyperlinks
        self.appearance = appearance
    }

    /// Plain text: no escape sequence of any kind.
    public static let plain = TerminalCapabilities(colorDepth: .none, hyperlinks: false)

    /// Whether any escape sequence may be written.
    public var usesEscapes: Bool { colorDepth != .none }

    /// Whether links become OSC 8 hyperlinks.
    public var usesHyperlinks: Bool { usesEscapes && hyperlinks }

    /// The capabilities a terminal's environment suggests, once the caller has decided whether to use color
    /// at all (from `--color`, `NO_COLOR`, `TERM=dumb` and whether the output is a terminal): 24-bit color
    /// when `COLORTERM` is `truecolor` or `24bit`, else 256 colors; hyperlinks unless `FORCE_HYPERLINK=0` or
    /// the Linux console; a light background when `COLORFGBG` says so.
    public static func detect(useColor: Bool, environment: [String: String]) -> TerminalCapabilities {
        guard useColor else { return .plain }
        let colorTerm = environment["COLORTERM"]?.lowercased()
        let depth: ColorDepth = colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .ansi256
        var hyperlinks = environment["TERM"] != "linux"
        if let force = environment["FORCE_HYPERLINK"] { hyperlinks = force != "0" && !force.isEmpty }
        var appearance = ColorAppearance.dark
        if let background = environment["COLORFGBG"]?.split(separator: ";").last, let index = Int(background),
           index == 7 || index == 15 {
            appearance = .light
        }
        return TerminalCapabilities(colorDepth: depth, hyperlinks: hyperlinks, appearance: appearance)
    }
}
