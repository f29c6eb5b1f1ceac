/// How `show` presents the notes (DisplayerSwiftUI's display modes, for the terminal).
public enum ShowMode: String, Sendable, Hashable, CaseIterable {
    /// The pager when the notes do not fit the screen, the sheet when they do; inline off a terminal.
    case auto
    /// Printed into the scrollback (the default).
    case inline
    /// A bordered panel in the main screen, scrolled inside, waiting for Enter, q or Esc.
    case sheet
    /// The alternate screen as a full-screen page, with pushed pages and a focus among the actions.
    case pager
    /// Decides, prints nothing, records nothing.
    case none

    /// The variable that chooses a mode when `--mode` is not given.
    public static let environmentVariable = "WHATSNEW_SHOW_MODE"

    /// The valid values, for messages: `auto, inline, sheet, pager, none`.
    public static var valueList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The mode named `text`, or nil (names are lower case, as written in `valueList`).
    public init?(name text: String) {
        self.init(rawValue: text)
    }

    /// The mode that actually runs: interactive modes only when both standard input and output are
    /// terminals (else what `inline` prints); `auto` is the pager when the notes do not fit, else the sheet.
    public func resolved(onTerminal: Bool, notesFit: @autoclosure () -> Bool) -> ShowMode {
        switch self {
        case .inline, .none: return self
        case .sheet, .pager: return onTerminal ? self : .inline
        case .auto: return onTerminal ? (notesFit() ? .sheet : .pager) : .inline
        }
    }
}
