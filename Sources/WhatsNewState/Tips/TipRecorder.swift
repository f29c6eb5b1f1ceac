import WhatsNewModel

/// Records what happens to tips in a `SyncedState` value: a display, an invalidation, a donation, a
/// parameter, a reset. Pure (the caller reads and writes the state); `now` is milliseconds since 1970 and
/// `device` this device's id. Each record is stamped with `SyncedState.nextStamp`, later than every record
/// in the state, so last-writer-wins merging keeps it and two donations never share a stamp.
package enum TipRecorder {
    /// Counts one display of `instance` on `device`; at `maxDisplayCount` (every device together) the tip
    /// is invalidated (`displayCountExceeded`).
    package static func recordDisplay(of instance: TipInstance, in state: inout SyncedState, now: Int64, device: DeviceID) {
        state.recordDisplay(ofTip: instance.id, at: state.nextStamp(now: now, device: device))
        if let maximum = instance.tip.maxDisplayCount, state.displayCount(ofTip: instance.id) >= maximum {
            invalidate(instance.id, reason: .displayCountExceeded, in: &state, now: now, device: device)
        }
    }

    /// Invalidates the tip `id`; a tip invalidated already keeps its first reason.
    package static func invalidate(_ id: String, reason: InvalidationReason, in state: inout SyncedState, now: Int64, device: DeviceID) {
        if case .invalidated? = state.statuses[id]?.value { return }
        state.setStatus(.invalidated(reason), ofTip: id, at: state.nextStamp(now: now, device: device))
    }

    /// Adds one donation of `event` (only the latest `SyncedState.maxDonationsPerEvent` are kept).
    package static func donate(_ event: String, in state: inout SyncedState, now: Int64, device: DeviceID) {
        state.donate(event, at: state.nextStamp(now: now, device: device))
    }

    /// Sets a parameter (kept in the state, for every later run and every device).
    package static func setParameter(_ name: String, to value: ParameterValue, in state: inout SyncedState, now: Int64, device: DeviceID) {
        state.setParameter(name, to: value, at: state.nextStamp(now: now, device: device))
    }

    /// Forgets every tip record (donations, displays, statuses, parameters) on every device; the presented
    /// versions of `show` stay.
    package static func resetTips(in state: inout SyncedState, now: Int64, device: DeviceID) {
        state.resetTips(at: state.nextStamp(now: now, device: device))
    }
}
