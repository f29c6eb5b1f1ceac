#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex and one condition variable, for the hand-overs between threads (libyaml's batches, the
/// schema's items, the outputs' chunks). pthread rather than Synchronization's `Mutex`: a thread waits
/// here for another, and ThreadSanitizer understands pthread waits.
package final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    package func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for another thread's `broadcast`, letting go of the lock meanwhile (only inside `locked`).
    package func wait() {
        pthread_cond_wait(changed, mutex)
    }

    /// Wakes every thread waiting (only inside `locked`).
    package func broadcast() {
        pthread_cond_broadcast(changed)
    }
}
