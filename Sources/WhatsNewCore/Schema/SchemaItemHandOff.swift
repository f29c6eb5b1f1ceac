#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import YAMLTree

/// How an evaluator leaves the later items of one long array to a second evaluator on another thread:
/// when it reaches the array with an `items` schema (and nothing that depends on the outcome, such as an
/// `anyOf` alternative, is being tried), it checks the items before `from` itself and sends the schema,
/// the mode and its path to the second evaluator, which checks the items from `from` on.
struct SchemaItemSplit {
    /// The array, as a handle of the leading evaluator's thread.
    let array: YAMLNode
    let from: Int
    let handOff: SchemaItemHandOff
}

/// The jobs one evaluator hands to another (see `SchemaItemSplit`), through a pthread mutex and condition
/// variable (which ThreadSanitizer understands), and a way to stop the second when the answer is known.
final class SchemaItemHandOff: @unchecked Sendable {
    struct Job: Sendable {
        let schema: SchemaNode.ID
        let collect: Bool
        /// The steps from the root to the array.
        let path: [SchemaEvaluator.Step]
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [Job] = []
    private var closed = false
    private var cancelled = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    func send(_ job: Job) {
        locked {
            jobs.append(job)
            pthread_cond_broadcast(changed)
        }
    }

    /// No more jobs will come.
    func close() {
        locked {
            closed = true
            pthread_cond_broadcast(changed)
        }
    }

    /// The answer is known (a failure in boolean mode): the second evaluator may stop.
    func cancel() {
        locked { cancelled = true }
    }

    var isCancelled: Bool { locked { cancelled } }

    /// The next job, waiting for it; nil once the hand-off is closed and every job taken.
    func next() -> Job? {
        locked {
            while jobs.isEmpty, !closed { pthread_cond_wait(changed, mutex) }
            return jobs.isEmpty ? nil : jobs.removeFirst()
        }
    }
}
