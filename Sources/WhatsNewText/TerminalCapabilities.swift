/// What the terminal output may use: how many colors, whether OSC 8 hyperlinks, and on which background.
public struct TerminalCapabilities: Sendable, Hashable {
    /// How colors are written; `.none` means no escape sequence at all (`--color never`, a pipe, `NO_COLOR`).
    package enum ColorDepth: String, Sendable, Hashable {
        case none, ansi256, trueColor
    }

    package var colorDepth: ColorDepth
    /// Whether links are OSC 8 hyperlinks; when false (or with no escapes) the URL is printed after the text.
    public var hyperlinks: Bool
    /// Which value of a named color to show.
    package var appearance: ColorAppearance
    /// Whether the terminal draws strikethrough (SGR 9); when false (or with no escapes) struck text keeps its
    /// `~~`, so that "your ~~blisters~~ highlights" never reads as its opposite.
    public var strikethrough: Bool

    package init(colorDepth: ColorDepth, hyperlinks: Bool, appearance: ColorAppearance = .dark, strikethrough: Bool = true) {
        self.colorDepth = colorDepth
        self.hyperlinks = hyperlinks
        self.appearance = appearance
        self.strikethrough = strikethrough
    }

    /// Plain text: no escape sequence of any kind.
    public static let plain = TerminalCapabilities(colorDepth: .none, hyperlinks: false)

    /// Whether any escape sequence may be written.
    public var usesEscapes: Bool { colorDepth != .none }

    /// Whether links become OSC 8 hyperlinks.
    public var usesHyperlinks: Bool { usesEscapes && hyperlinks }

    /// Whether struck text is drawn struck (else it is written between `~~`).
    public var usesStrikethrough: Bool { usesEscapes && strikethrough }

    /// The capabilities a terminal's environment suggests, once the caller has decided whether to use color
    /// at all (from `--color`, `NO_COLOR`, `TERM=dumb` and whether the output is a terminal): 24-bit color
    /// when `COLORTERM` is `truecolor` or `24bit`, else 256 colors; a light background when `COLORFGBG` says
    /// so; strikethrough except in the Linux console, which does not draw it (macOS Terminal does).
    ///
    /// Hyperlinks (OSC 8) only where they are known to work, since a terminal that does not know them shows
    /// the link's text with nothing to follow; everywhere else the URL is printed after it (`hyperlinks`):
    /// - `FORCE_HYPERLINK` decides when set (`0` or empty: no, anything else: yes);
    /// - inside tmux or GNU screen (`TMUX` or `STY` set, or `TERM` `tmux…`/`screen…`): no — tmux 3.4 can pass
    ///   them on, but only when told that the terminal outside has them, which its environment does not show;
    /// - yes in iTerm2, WezTerm, VS Code, Ghostty, Hyper, Tabby and Rio (`TERM_PROGRAM`), VTE 0.50 and later
    ///   (`VTE_VERSION` ≥ 5000: GNOME Terminal, Tilix, Terminator…), Konsole 21.04 and later (`KONSOLE_VERSION`
    ///   ≥ 210400), Windows Terminal (`WT_SESSION`), kitty (`KITTY_WINDOW_ID`, `TERM=xterm-kitty`), foot,
    ///   Alacritty and Ghostty (`TERM`);
    /// - no anywhere else (macOS Terminal, xterm, the Linux console, an unknown terminal).
    public static func detect(useColor: Bool, environment: [String: String]) -> TerminalCapabilities {
        guard useColor else { return .plain }
        let colorTerm = environment["COLORTERM"]?.lowercased()
        let depth: ColorDepth = colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .ansi256
        var appearance = ColorAppearance.dark
        if let background = environment["COLORFGBG"]?.split(separator: ";").last, let index = Int(background),
           index == 7 || index == 15 {
            appearance = .light
        }
        let term = environment["TERM"] ?? ""
        let strikethrough = term != "linux"
        return TerminalCapabilities(colorDepth: depth, hyperlinks: hyperlinksWork(environment), appearance: appearance,
                                    strikethrough: strikethrough)
    }

    /// Whether OSC 8 hyperlinks are known to work in the terminal `environment` describes (see `detect`).
    static func hyperlinksWork(_ environment: [String: String]) -> Bool {
        if let force = environment["FORCE_HYPERLINK"] { return force != "0" && !force.isEmpty }
        let term = environment["TERM"] ?? ""
        if environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") {
            return false
        }
        if let program = environment["TERM_PROGRAM"],
           ["iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "Tabby", "rio"].contains(program) {
            return true
        }
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5000 { return true }
        if let konsole = environment["KONSOLE_VERSION"].flatMap({ Int($0) }), konsole >= 210400 { return true }
        if environment["WT_SESSION"] != nil || environment["KITTY_WINDOW_ID"] != nil { return true }
        return term == "xterm-kitty" || term.hasPrefix("foot") || term == "alacritty" || term == "xterm-ghostty"
    }
}
