import Threads

/// Keeps values alive until the process exits, for `Compiler.leavesMemoryForExit`.
///
/// Freeing a manifest of tens of thousands of versions and features, text by text, costs about as much
/// as decoding it did; a command that exits right after can let the operating system reclaim
/// the memory at once instead (clang's `-disable-free` does the same). The values stay reachable from a
/// global, so a leak checker sees them as kept, not lost.
enum ProcessLifetime {
    private final class Box<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private static let kept = Locked<[AnyObject]>([])

    /// Keeps `value` alive until the process exits.
    static func keep<Value>(_ value: Value) {
        let box = Box(value)
        kept.withLock { $0.append(box) }
    }
}
