/// A value that threads share, read and changed only while holding its lock. A pthread mutex (through
/// `ConditionLock`) rather than Synchronization's `Mutex`, which ThreadSanitizer cannot see into: under
/// `make test-tsan` a value guarded by a `Mutex` is reported as raced.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = ConditionLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.locked { try body(&value) }
    }
}
