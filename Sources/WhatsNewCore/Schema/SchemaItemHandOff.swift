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

/// The jobs one evaluator hands to another (see `SchemaItemSplit`), through a `ConditionLock`, and a way to
/// stop the second when the answer is known.
final class SchemaItemHandOff: @unchecked Sendable {
    struct Job: Sendable {
        let schema: SchemaNode.ID
        let collect: Bool
        /// The steps from the root to the array.
        let path: [SchemaEvaluator.Step]
    }

    private let lock = ConditionLock()
    private var jobs: [Job] = []
    private var closed = false
    private var cancelled = false

    func send(_ job: Job) {
        lock.locked {
            jobs.append(job)
            lock.broadcast()
        }
    }

    /// No more jobs will come.
    func close() {
        lock.locked {
            closed = true
            lock.broadcast()
        }
    }

    /// The answer is known (a failure in boolean mode): the second evaluator may stop.
    func cancel() {
        lock.locked { cancelled = true }
    }

    var isCancelled: Bool { lock.locked { cancelled } }

    /// The next job, waiting for it; nil once the hand-off is closed and every job taken.
    func next() -> Job? {
        lock.locked {
            while jobs.isEmpty, !closed { lock.wait() }
            return jobs.isEmpty ? nil : jobs.removeFirst()
        }
    }
}
