#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcessors

/// The one place that decides what runs on a second thread.
///
/// Five stages can split their work in two: libyaml's events are read on a thread of their own while the
/// tree is built (from 128 KB of input), the schema is checked while the manifest is decoded, the rules run
/// on two threads taking turns, the notes are resolved in two halves (from 256 versions), and the HTML,
/// Markdown and terminal outputs render their versions on two threads (from 128 versions). Each stage asks
/// `splits(size:from:)` with the size of its work and the least size from which a second thread pays for
/// itself; below it, or without a second processor to run it, the work stays on the calling thread.
///
/// A second thread needs a second processor: one that the process may run on (its affinity, which
/// `taskset -c 0` and container CPU sets narrow), not one the machine has. On one processor the threads only
/// take turns, and every hand-over between them is a context switch. `WHATSNEW_THREADS=1` keeps every stage
/// on one thread on any machine (for a CI runner whose other core is busy).
package struct Parallelism: Sendable {
    /// Whether a second thread can run beside the calling one.
    package let hasSecondProcessor: Bool

    /// The decision for this process: its affinity and `WHATSNEW_THREADS`, read once.
    package static let current = Parallelism(processors: affinityCount(), threadsVariable: getenv("WHATSNEW_THREADS").map { String(cString: $0) })

    /// The decision for `processors` processors, and `WHATSNEW_THREADS` set to `threadsVariable` (nil when unset):
    /// `1` allows one thread; anything else leaves the decision to the processors.
    package init(processors: Int, threadsVariable: String?) {
        hasSecondProcessor = processors >= 2 && threadsVariable != "1"
    }

    /// Whether work of `size` (bytes, versions, pieces: the stage's own measure) goes to a second thread:
    /// there is a second processor, and `size` reaches `threshold`, the least size for which it pays.
    package func splits(size: Int, from threshold: Int) -> Bool {
        hasSecondProcessor && size >= threshold
    }

    /// The processors this process may run on (at least 1).
    private static func affinityCount() -> Int {
        Int(whatsnew_usable_processors())
    }
}
