import WhatsNewRender
import WhatsNewText

/// Where and how `WhatsNewPresenter.present(current:record:display:)` shows notes in a terminal; the mode
/// itself is the presenter's `options.mode`.
public struct TerminalDisplay: Sendable {
    /// Colors and hyperlinks (see `TerminalCapabilities.detect`).
    public var capabilities: TerminalCapabilities
    /// The width of inline output in columns; the sheet and the pager take the terminal's own.
    public var width: Int
    /// The sheet's height at most, in rows; nil for the terminal's rows minus 4.
    public var maxHeight: Int?
    /// Whether the pager opens links with xdg-open (open on macOS) instead of printing them on exit.
    public var opensLinks: Bool
    /// The locale of the texts.
    public var selection: Selection
    /// The terminal's descriptors: keys are read from `input`, the notes written to `output`.
    public var input: Int32
    public var output: Int32

    public init(capabilities: TerminalCapabilities, width: Int = 80, maxHeight: Int? = nil, opensLinks: Bool = false,
                selection: Selection = Selection(), input: Int32 = 0, output: Int32 = 1) {
        self.capabilities = capabilities
        self.width = width
        self.maxHeight = maxHeight
        self.opensLinks = opensLinks
        self.selection = selection
        self.input = input
        self.output = output
    }
}

/// A sheet or pager ended by a signal (SIGINT, SIGTERM, SIGHUP) or by its terminal going away: the terminal
/// is restored and nothing was recorded; a command exits with `128 + signal`.
public struct PresentationInterrupted: Error, Sendable, Hashable {
    public var signal: Int32
}
