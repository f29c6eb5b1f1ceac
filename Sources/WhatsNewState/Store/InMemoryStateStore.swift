import WhatsNewModel

/// Keeps the state in memory only, for `--state-file -` and for tests (WhatsNewKit's
/// `InMemoryWhatsNewVersionStore`). Nothing is read from or written to disk.
public final class InMemoryStateStore: StateStore {
    public private(set) var state: SyncedState
    private let clock: StateClock
    private let device: DeviceID

    package init(state: SyncedState = SyncedState(), clock: StateClock = .system, device: DeviceID = DeviceID.random()) {
        var normalized = state
        normalized.normalize()
        self.state = normalized
        self.clock = clock
        self.device = device
    }

    /// A store whose state has `presented` recorded (at time 0 by this store's device).
    public convenience init(presented: Set<SemanticVersion>) {
        let device = DeviceID.random()
        let stamp = Stamp(milliseconds: 0, device: device)
        var state = SyncedState()
        for version in presented { state.recordPresented(version, at: stamp) }
        self.init(state: state, device: device)
    }

    /// The presented versions.
    public var presented: Set<SemanticVersion> { state.presentedVersions }

    public func read() -> StateReading {
        StateReading(state: state)
    }

    @discardableResult
    public func update(_ change: (inout SyncedState, Stamp) -> Void) -> StateUpdateResult {
        let before = state
        let stamp = state.nextStamp(now: clock.now(), device: device)
        change(&state, stamp)
        state.normalize()
        return state == before ? .unchanged : .saved
    }

    public func reset() {
        state.resetAll(at: state.nextStamp(now: clock.now(), device: device))
    }
}
