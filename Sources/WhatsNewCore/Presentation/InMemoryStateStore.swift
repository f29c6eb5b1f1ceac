/// Keeps presented versions in memory only, for `--state-file -` and for tests (WhatsNewKit's
/// `InMemoryWhatsNewVersionStore`). Nothing is read from or written to disk.
public final class InMemoryStateStore: StateStore {
    public private(set) var presented: Set<SemanticVersion>

    public init(presented: Set<SemanticVersion> = []) {
        self.presented = Set(presented.map(\.canonical))
    }

    public func read() -> StateReading {
        StateReading(presented: presented)
    }

    @discardableResult
    public func update(_ change: (inout Set<SemanticVersion>) -> Void) -> StateUpdateResult {
        let before = presented
        change(&presented)
        return presented == before ? .unchanged : .saved
    }

    public func reset() {
        presented = []
    }
}
