import Synchronization

/// Hands out 0, 1, 2, … up to `count` to whichever thread asks next: two threads working through one list
/// of jobs of uneven size end together.
package final class TakenInTurn: Sendable {
    private let next = Atomic<Int>(0)
    private let count: Int

    package init(count: Int) {
        self.count = count
    }

    /// The next index not yet taken, or nil once all are.
    package func take() -> Int? {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }
}
