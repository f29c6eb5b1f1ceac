import WhatsNewTerminal

/// How `show` chooses: WhatsNewKit's policy or catch-up, whether the recorded state counts, and how the
/// notes are presented.
public struct PresentationOptions: Sendable, Hashable {
    /// Show every version newer than the newest presented one, up to the current version, instead of one.
    public var catchUp: Bool
    /// Decide as if nothing had been presented yet.
    public var force: Bool
    /// How the notes are shown by `WhatsNewPresenter.present(current:record:display:)` (`inline` unless chosen).
    public var mode: ShowMode

    public init(catchUp: Bool = false, force: Bool = false, mode: ShowMode = .inline) {
        self.catchUp = catchUp
        self.force = force
        self.mode = mode
    }
}
