import WhatsNewModel

/// Merging two copies of the state: a join that is associative, commutative and idempotent on normalized
/// states, so copies brought together in any order and any number of times agree.
///
/// Each record kind is a join-semilattice of its own (a set, a top-1000 set, a per-device maximum, a
/// last-writer-wins register), and the resets are a maximum whose filter only rises: `merge` joins every kind
/// and then normalizes, and normalizing after each of several joins gives what normalizing once gives.
extension SyncedState {
    /// This state and `other` together.
    public func merged(with other: SyncedState) -> SyncedState {
        var result = self
        result.merge(other)
        return result
    }

    /// Brings `other`'s records into this state.
    public mutating func merge(_ other: SyncedState) {
        reset = Self.later(reset, other.reset)
        tipsReset = Self.later(tipsReset, other.tipsReset)
        presented.merge(other.presented) { Swift.max($0, $1) }
        forgotten.merge(other.forgotten) { Swift.max($0, $1) }
        donations.merge(other.donations) { $0.union($1) }
        displays.merge(other.displays) { mine, theirs in
            mine.merging(theirs) { $0.isNewer(than: $1) ? $0 : $1 }
        }
        statuses.merge(other.statuses) { $0.wins(over: $1) ? $0 : $1 }
        parameters.merge(other.parameters) { $0.wins(over: $1) ? $0 : $1 }
        normalize()
    }

    /// Drops every record a reset or a later record supersedes: records stamped before `reset` (tip records
    /// before `tipsReset` too), the older of a version's presentation and forgetting, and all but the latest
    /// `maxDonationsPerEvent` donations of an event. Merging and decoding leave a state normalized.
    /// A display counter is kept whole when its latest display came after the reset: a device that showed a
    /// tip while (unknown to it) another device reset the state keeps its count, rather than losing displays
    /// made after the reset.
    public mutating func normalize() {
        let threshold = reset
        let tipThreshold = Self.later(reset, tipsReset)
        func survives(_ stamp: Stamp, _ limit: Stamp?) -> Bool { limit.map { stamp >= $0 } ?? true }

        for (version, forgottenAt) in forgotten {
            if let presentedAt = presented[version] {
                // The later record wins; at the very same stamp, forgetting does (any fixed choice keeps the laws).
                if presentedAt > forgottenAt { forgotten[version] = nil } else { presented[version] = nil }
            }
        }
        presented = presented.filter { survives($0.value, threshold) }
        forgotten = forgotten.filter { survives($0.value, threshold) }

        var keptDonations: [String: Set<Donation>] = [:]
        for (event, all) in donations {
            var kept = all.filter { survives($0.stamp, tipThreshold) }
            if kept.count > Self.maxDonationsPerEvent {
                kept = Set(kept.sorted { $0.stamp > $1.stamp }.prefix(Self.maxDonationsPerEvent))
            }
            if !kept.isEmpty { keptDonations[event] = kept }
        }
        donations = keptDonations

        var keptDisplays: [String: [DeviceID: DisplayCounter]] = [:]
        for (tip, counters) in displays {
            let kept = counters.filter { survives($0.value.last, tipThreshold) }
            if !kept.isEmpty { keptDisplays[tip] = kept }
        }
        displays = keptDisplays
        statuses = statuses.filter { survives($0.value.stamp, tipThreshold) }
        parameters = parameters.filter { survives($0.value.stamp, tipThreshold) }
    }

    /// The later of two optional stamps.
    package static func later(_ first: Stamp?, _ second: Stamp?) -> Stamp? {
        guard let first else { return second }
        guard let second else { return first }
        return Swift.max(first, second)
    }
}

extension DisplayCounter {
    /// Whether this counter replaces `other` for the same tip and device: the later display wins (a device
    /// only ever raises its own counter); equal stamps, which only a hand-edited file has, keep the larger count.
    func isNewer(than other: DisplayCounter) -> Bool {
        (last, count) > (other.last, other.count)
    }
}

extension Stamped where Value == TipStatusRecord {
    /// Whether this status replaces `other`: an invalidation outranks any other status whatever its stamp, so
    /// only a reset undoes it; among records of one rank the later stamp wins, then the reason's name.
    func wins(over other: Stamped<TipStatusRecord>) -> Bool {
        (value.rank, stamp, value.tieBreak) > (other.value.rank, other.stamp, other.value.tieBreak)
    }
}

extension TipStatusRecord {
    /// Invalidations outrank every other status (there is none yet; a future "eligible again" ranks below).
    var rank: Int {
        switch self {
        case .invalidated: 1
        }
    }

    var tieBreak: String {
        switch self {
        case .invalidated(let reason): reason.rawValue
        }
    }
}

extension Stamped where Value == ParameterValue {
    /// Whether this value replaces `other`: the later stamp wins; two values at the very same stamp, which
    /// only a hand-edited file has, are ordered by kind and value so every device picks the same one.
    func wins(over other: Stamped<ParameterValue>) -> Bool {
        if stamp != other.stamp { return stamp > other.stamp }
        return value.tieBreak > other.value.tieBreak
    }
}

extension ParameterValue {
    var tieBreak: TieBreak {
        switch self {
        case .bool(let flag): TieBreak(kind: 0, number: flag ? 1 : 0, text: "")
        case .number(let number): TieBreak(kind: 1, number: number, text: "")
        case .string(let text): TieBreak(kind: 2, number: 0, text: text)
        }
    }

    /// A total order on values (finite numbers only: the file format has no others).
    struct TieBreak: Comparable {
        let kind: Int
        let number: Double
        let text: String

        static func < (lhs: TieBreak, rhs: TieBreak) -> Bool {
            if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
            if lhs.number != rhs.number { return lhs.number < rhs.number }
            return Array(lhs.text.utf8).lexicographicallyPrecedes(Array(rhs.text.utf8))
        }
    }
}
