import WhatsNewModel

/// The state `show` and the tips keep, as records that merge without loss when copies of the file are
/// edited on several devices and brought together by a sync tool (iCloud Drive, Dropbox, Syncthing).
///
/// Each kind of record merges its own way, and every merge is associative, commutative and idempotent:
/// - `presented`: a set (union). Each version keeps the stamp it was last recorded at, so a reset drops
///   only the versions no device presented after it; `forgotten` holds `state forget`'s records, and per
///   version the later of the two wins (a forget is not undone by an older copy that still has the version).
/// - `donations`: per event, each donation with its time and device (union), the latest
///   `maxDonationsPerEvent` kept.
/// - `displays`: per tip, one counter per device, written only by that device (the newer stamp wins per
///   device); a tip's display count is the sum over devices.
/// - `statuses` and `parameters`: last writer wins by `Stamp` (time, then device id); an invalidation
///   outranks any other status whatever its stamp, so only a reset undoes it.
/// - `reset`: the newest `state reset`; every record stamped before it is dropped, on every device.
///   `tipsReset`: the newest `tip reset`; every tip record (donations, displays, statuses, parameters)
///   stamped before it is dropped, presented versions are kept.
///
/// Merging keeps a state normalized (see `normalize()`): the laws hold for normalized states, which is what
/// decoding and merging produce.
/// This file is the contract between the state store (reading, writing, merging copies) and the tips
/// engine (which only reads and changes a `SyncedState` value); `merged(with:)` lives beside it.
public struct SyncedState: Equatable, Sendable {
    public static let maxDonationsPerEvent = TipRule.maxDonationsPerEvent

    public var presented: [SemanticVersion: Stamp]
    public var forgotten: [SemanticVersion: Stamp]
    package var donations: [String: Set<Donation>]
    package var displays: [String: [DeviceID: DisplayCounter]]
    package var statuses: [String: Stamped<TipStatusRecord>]
    package var parameters: [String: Stamped<ParameterValue>]
    public var reset: Stamp?
    public var tipsReset: Stamp?

    package init(presented: [SemanticVersion: Stamp] = [:], forgotten: [SemanticVersion: Stamp] = [:], donations: [String: Set<Donation>] = [:],
                 displays: [String: [DeviceID: DisplayCounter]] = [:], statuses: [String: Stamped<TipStatusRecord>] = [:],
                 parameters: [String: Stamped<ParameterValue>] = [:], reset: Stamp? = nil, tipsReset: Stamp? = nil) {
        self.presented = presented
        self.forgotten = forgotten
        self.donations = donations
        self.displays = displays
        self.statuses = statuses
        self.parameters = parameters
        self.reset = reset
        self.tipsReset = tipsReset
    }

    /// The presented versions, without their stamps.
    public var presentedVersions: Set<SemanticVersion> { Set(presented.keys) }

    /// A tip's displays on every device together (at most `Int.max`: counters an app built itself may be
    /// as large as it likes, and a sum never traps).
    public func displayCount(ofTip id: String) -> Int {
        guard let counters = displays[id] else { return 0 }
        var total = 0
        for counter in counters.values {
            let (sum, overflow) = total.addingReportingOverflow(Swift.max(0, counter.count))
            if overflow { return .max }
            total = sum
        }
        return total
    }
}

/// A random id per device, kept beside the state file (never in it), naming neither the user nor the machine.
package struct DeviceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: String

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package var description: String { rawValue }

    package static func < (lhs: DeviceID, rhs: DeviceID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// When a record was written and by which device: orders last-writer-wins records (time, then device id).
/// Times are whole milliseconds since 1970, so a record reads back exactly as written.
public struct Stamp: Hashable, Comparable, Sendable {
    /// The end of the year 9999: later times are refused by the state file's reader.
    public static let maxMilliseconds: Int64 = 253_402_300_799_999

    public var milliseconds: Int64
    package var device: DeviceID

    package init(milliseconds: Int64, device: DeviceID) {
        self.milliseconds = milliseconds
        self.device = device
    }

    public static func < (lhs: Stamp, rhs: Stamp) -> Bool {
        (lhs.milliseconds, lhs.device) < (rhs.milliseconds, rhs.device)
    }
}

/// A value with the stamp of the write that set it.
package struct Stamped<Value: Hashable & Sendable>: Hashable, Sendable {
    package var value: Value
    package var stamp: Stamp

    package init(_ value: Value, at stamp: Stamp) {
        self.value = value
        self.stamp = stamp
    }
}

/// One donation of an event (`whatsnew tip donate EVENT`).
package struct Donation: Hashable, Sendable {
    package var stamp: Stamp

    package init(at stamp: Stamp) {
        self.stamp = stamp
    }
}

/// One device's displays of one tip: how many, and the stamp of the latest.
package struct DisplayCounter: Hashable, Sendable {
    /// The most displays a state file may hold for one device and tip (a file with more is corrupt), so a
    /// sum over every device the file can list fits an `Int`; a counter stops rising there.
    package static let maxCount = 1_000_000_000

    package var count: Int
    package var last: Stamp

    package init(count: Int, last: Stamp) {
        self.count = count
        self.last = last
    }
}

/// What is recorded of a tip's status. A tip with no record is pending or available, as its rules say.
package enum TipStatusRecord: Hashable, Sendable {
    case invalidated(InvalidationReason)
}

/// Why a tip will not be shown again (TipKit's `Tip.InvalidationReason`).
public enum InvalidationReason: String, Hashable, Sendable, CaseIterable {
    case actionPerformed
    case tipClosed
    case displayCountExceeded
}
