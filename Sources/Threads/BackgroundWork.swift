#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Work that runs on a thread of its own while the caller goes on; `result` waits for it.
///
/// The parser reads libyaml's events this way while it builds the tree, and `Compiler` checks the schema
/// while it decodes. A dedicated thread rather than a shared pool: the caller blocks on the work (and the
/// parser's work on the caller), which must never wait for a pool that callers like it have filled.
/// When no thread can be made, the work runs at once on the calling thread.
package final class BackgroundWork<Value: Sendable>: Sendable {
    /// Where the thread leaves the value.
    private final class Outcome: Sendable {
        let value = Mutex<Value?>(nil)
    }

    private let outcome = Outcome()
    /// The thread until `result` has joined it (nil when the work ran on the calling thread).
    private let thread = Mutex<pthread_t?>(nil)

    /// Whether the work got a thread of its own.
    private let hasThread: Bool

    /// Starts `work` on a thread of its own, or runs it at once when no thread can be made.
    package convenience init(_ work: @escaping @Sendable () -> Value) {
        self.init(work, runsWithoutThread: true)
    }

    /// Starts `work` on a thread of its own when `splitting` (see `Parallelism`), else runs it at once on the
    /// calling thread.
    package convenience init(splitting: Bool, _ work: @escaping @Sendable () -> Value) {
        if splitting {
            self.init(work, runsWithoutThread: true)
        } else {
            self.init(runningHere: work())
        }
    }

    /// Work already done on the calling thread.
    private init(runningHere value: Value) {
        outcome.value.withLock { $0 = value }
        hasThread = false
    }

    /// Starts `work` on a thread of its own; nil when no thread can be made (for work that cannot run
    /// on the calling thread, such as work that waits for the caller).
    package convenience init?(onItsOwnThread work: @escaping @Sendable () -> Value) {
        self.init(work, runsWithoutThread: false)
        guard hasThread else { return nil }
    }

    private init(_ work: @escaping @Sendable () -> Value, runsWithoutThread: Bool) {
        let outcome = self.outcome
        let start = ThreadStart { outcome.value.withLock { $0 = work() } }
        let argument = Unmanaged.passRetained(start).toOpaque()
        var handle = pthread_t()
        hasThread = pthread_create(&handle, nil, runStart, argument) == 0
        if hasThread {
            thread.withLock { $0 = handle }
        } else {
            Unmanaged<ThreadStart>.fromOpaque(argument).release()
            if runsWithoutThread { start.run() }
        }
    }

    /// The work's value, once it has finished.
    package var result: Value {
        if let handle = thread.withLock({ thread -> pthread_t? in
            defer { thread = nil }
            return thread
        }) {
            pthread_join(handle, nil)
        }
        return outcome.value.withLock { value in
            guard let result = value else { preconditionFailure("the work ended without a value") }
            return result
        }
    }
}

/// What a `BackgroundWork` thread runs, passed to it as its one argument.
private final class ThreadStart {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// The body of a `BackgroundWork` thread (a C function: it captures nothing).
private func runStart(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let argument else { return nil }
    Unmanaged<ThreadStart>.fromOpaque(argument).takeRetainedValue().run()
    return nil
}
