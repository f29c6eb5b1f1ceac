/// Keeps values alive until the process exits, for `Compiler.leavesMemoryForExit`.
///
/// Freeing a tree of half a million nodes and the manifest decoded from it, object by object, costs about
/// as much as decoding it did; a command that exits right after can let the operating system reclaim
/// the memory at once instead (clang's `-disable-free` does the same).
enum ProcessLifetime {
    private final class Box<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Takes a reference to `value` that is never given up.
    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Box(value))
    }
}
