#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a store's time comes from: the system clock, or a fixed time in tests (which then never sleep).
package struct StateClock: Sendable {
    /// Milliseconds since 1970.
    package let now: @Sendable () -> Int64

    package init(now: @escaping @Sendable () -> Int64) {
        self.now = now
    }

    /// The system's real-time clock.
    package static let system = StateClock {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// A clock that always says `milliseconds`.
    package static func fixed(_ milliseconds: Int64) -> StateClock {
        StateClock { milliseconds }
    }
}
