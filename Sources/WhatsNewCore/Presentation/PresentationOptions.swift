/// How `show` chooses: WhatsNewKit's policy or catch-up, and whether the recorded state counts.
public struct PresentationOptions: Sendable, Hashable {
    /// Show every version newer than the newest presented one, up to the current version, instead of one.
    public var catchUp: Bool
    /// Decide as if nothing had been presented yet.
    public var force: Bool

    public init(catchUp: Bool = false, force: Bool = false) {
        self.catchUp = catchUp
        self.force = force
    }
}
