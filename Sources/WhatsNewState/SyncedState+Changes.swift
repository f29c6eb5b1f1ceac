import WhatsNewModel

/// The changes `show`, `state` and the tips make, each stamped with the `Stamp` a store's update hands out.
extension SyncedState {
    /// The latest stamp of any record, the resets included.
    public var latestStamp: Stamp? {
        var latest = Self.later(reset, tipsReset)
        func see(_ stamp: Stamp) {
            if latest.map({ stamp > $0 }) ?? true { latest = stamp }
        }
        presented.values.forEach(see)
        forgotten.values.forEach(see)
        for events in donations.values { events.forEach { see($0.stamp) } }
        for counters in displays.values { counters.values.forEach { see($0.last) } }
        statuses.values.forEach { see($0.stamp) }
        parameters.values.forEach { see($0.stamp) }
        return latest
    }

    /// The stamp of a change made now by `device`: the clock's time, but later than every record in the
    /// state (a hybrid logical clock), so a change always wins over what it was made on, even when this
    /// device's clock is behind another's, and two changes never share a stamp.
    package func nextStamp(now milliseconds: Int64, device: DeviceID) -> Stamp {
        let floor = latestStamp.map { $0.milliseconds < Stamp.maxMilliseconds ? $0.milliseconds + 1 : $0.milliseconds } ?? Int64.min
        return Stamp(milliseconds: Swift.max(milliseconds, floor), device: device)
    }

    /// Records `version` (canonical) as presented; one presented already keeps its stamp.
    public mutating func recordPresented(_ version: SemanticVersion, at stamp: Stamp) {
        let version = version.canonical
        guard presented[version] == nil else { return }
        presented[version] = stamp
        forgotten[version] = nil
    }

    /// Forgets `version` (canonical) on every device: a record that wins over its older presentations.
    public mutating func forget(_ version: SemanticVersion, at stamp: Stamp) {
        let version = version.canonical
        guard presented[version] != nil else { return }
        presented[version] = nil
        forgotten[version] = stamp
    }

    /// Records one donation of `event`. Each change gets its own stamp, so donate once per change.
    public mutating func donate(_ event: String, at stamp: Stamp) {
        guard Self.later(reset, tipsReset).map({ stamp >= $0 }) ?? true else { return }
        var events = donations[event, default: []]
        events.insert(Donation(at: stamp))
        if events.count > Self.maxDonationsPerEvent, let oldest = events.min(by: { $0.stamp < $1.stamp }) {
            events.remove(oldest)
        }
        donations[event] = events
    }

    /// Counts one display of `tip` on the stamp's device; a counter at `DisplayCounter.maxCount` (or above,
    /// in a state an app built itself) stays where it is.
    public mutating func recordDisplay(ofTip tip: String, at stamp: Stamp) {
        let count = displays[tip]?[stamp.device]?.count ?? 0
        let raised = count < DisplayCounter.maxCount ? count + 1 : count
        displays[tip, default: [:]][stamp.device] = DisplayCounter(count: raised, last: stamp)
    }

    /// Sets a tip's status.
    package mutating func setStatus(_ status: TipStatusRecord, ofTip tip: String, at stamp: Stamp) {
        statuses[tip] = Stamped(status, at: stamp)
    }

    /// Sets a parameter's value.
    public mutating func setParameter(_ name: String, to value: ParameterValue, at stamp: Stamp) {
        parameters[name] = Stamped(value, at: stamp)
    }

    /// Resets everything on every device: every record before `stamp` is dropped, here and wherever this
    /// state is merged.
    public mutating func resetAll(at stamp: Stamp) {
        reset = Self.later(reset, stamp)
        normalize()
    }

    /// Resets the tips on every device (donations, displays, statuses, parameters); presented versions stay.
    public mutating func resetTips(at stamp: Stamp) {
        tipsReset = Self.later(tipsReset, stamp)
        normalize()
    }
}
