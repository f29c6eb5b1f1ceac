import Dispatch
import Synchronization

/// Work that runs on another thread while the caller goes on; `result` waits for it.
///
/// `Compiler` checks the schema (layer 1) this way while it decodes and runs the rules (layer 2) on the
/// calling thread: the two only read the tree, and each reports to its own diagnostics, so on two cores
/// the slower of them is what a run waits for.
final class BackgroundWork<Value: Sendable>: Sendable {
    private let group = DispatchGroup()
    private let value = Mutex<Value?>(nil)

    init(_ work: @escaping @Sendable () -> Value) {
        group.enter()
        DispatchQueue.global().async { [self] in
            let result = work()
            value.withLock { $0 = result }
            group.leave()
        }
    }

    /// The work's value, once it has finished.
    var result: Value {
        group.wait()
        return value.withLock { value in
            guard let result = value else { preconditionFailure("the work left the group without a value") }
            return result
        }
    }
}
