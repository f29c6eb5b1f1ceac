/// Records what happens to tips in a `SyncedState` value: a display, an invalidation, a donation, a
/// parameter. Pure (the caller reads and writes the state); `now` is milliseconds since 1970 and `device`
/// the id of this device. Every record gets a stamp newer than the one it replaces, so last-writer-wins
/// merging keeps it even when this device's clock went back.
public enum TipRecorder {
    /// Counts one display of `instance` on `device`; at `maxDisplayCount` (every device together) the tip
    /// is invalidated (`displayCountExceeded`).
    public static func recordDisplay(of instance: TipInstance, in state: inout SyncedState, now: Int64, device: DeviceID) {
        let previous = state.displays[instance.id]?[device]
        let stamp = Stamp(milliseconds: max(now, (previous?.last.milliseconds ?? .min) + 1), device: device)
        state.displays[instance.id, default: [:]][device] = DisplayCounter(count: (previous?.count ?? 0) + 1, last: stamp)
        if let maximum = instance.tip.maxDisplayCount, state.displayCount(ofTip: instance.id) >= maximum {
            invalidate(instance.id, reason: .displayCountExceeded, in: &state, now: now, device: device)
        }
    }

    /// Invalidates the tip `id`; a tip invalidated already keeps its first reason.
    public static func invalidate(_ id: String, reason: InvalidationReason, in state: inout SyncedState, now: Int64, device: DeviceID) {
        if case .invalidated? = state.statuses[id]?.value { return }
        state.statuses[id] = Stamped(.invalidated(reason), at: newerStamp(than: state.statuses[id]?.stamp, now: now, device: device))
    }

    /// Adds one donation of `event`; each donation has a stamp of its own (two in the same millisecond on
    /// one device are one apart), and only the latest `SyncedState.maxDonationsPerEvent` are kept.
    public static func donate(_ event: String, in state: inout SyncedState, now: Int64, device: DeviceID) {
        var donations = state.donations[event] ?? []
        var stamp = Stamp(milliseconds: now, device: device)
        while donations.contains(Donation(at: stamp)) { stamp.milliseconds += 1 }
        donations.insert(Donation(at: stamp))
        if donations.count > SyncedState.maxDonationsPerEvent {
            donations = Set(donations.sorted { $0.stamp > $1.stamp }.prefix(SyncedState.maxDonationsPerEvent))
        }
        state.donations[event] = donations
    }

    /// Sets a parameter (kept in the state, for every later run and every device).
    public static func setParameter(_ name: String, to value: ParameterValue, in state: inout SyncedState, now: Int64, device: DeviceID) {
        state.parameters[name] = Stamped(value, at: newerStamp(than: state.parameters[name]?.stamp, now: now, device: device))
    }

    /// Forgets every tip record (donations, displays, statuses, parameters) on every device: a reset record
    /// newer than everything, with the presented versions of `show` stamped again just after it so they stay (versions
    /// presented only in copies not merged yet are reset with the tips).
    public static func resetTips(in state: inout SyncedState, now: Int64, device: DeviceID) {
        let newest = ([state.reset] + state.presented.values.map(Optional.some) + state.statuses.values.map { Optional.some($0.stamp) }
            + state.parameters.values.map { Optional.some($0.stamp) }).compactMap { $0 }.max()
        let stamp = newerStamp(than: newest, now: now, device: device)
        state.reset = stamp
        let after = Stamp(milliseconds: stamp.milliseconds + 1, device: device)
        for version in state.presented.keys { state.presented[version] = after }
        state.donations = [:]
        state.displays = [:]
        state.statuses = [:]
        state.parameters = [:]
    }

    private static func newerStamp(than stamp: Stamp?, now: Int64, device: DeviceID) -> Stamp {
        Stamp(milliseconds: max(now, (stamp?.milliseconds ?? .min) + 1), device: device)
    }
}
