import WhatsNewModel

/// Decides which tip to show, and what each tip's status is, from a manifest's tips and a `SyncedState`
/// value: pure functions of the state, the time (`now`, milliseconds since 1970) and the device, with no
/// I/O, so a test sets the clock instead of sleeping. `TipRecorder` changes the state the same way.
///
/// TipKit's behaviour, for a command line:
/// - a tip is invalidated once recorded so (`tip invalidate`), or once its displays on every device together
///   reach `maxDisplayCount` (`displayCountExceeded`); else pending until all its rules hold, then available;
/// - a tip never shown before waits until the display frequency has passed since any tip was last shown,
///   unless it `ignoresDisplayFrequency`; a tip shown before is not held back;
/// - in an `ordered` group, tip k is shown only once tips 0…k-1 are invalidated (also outside `--group`);
///   a `firstAvailable` group shows the first tip that may be shown;
/// - a reusable tip exists once per set of `--with` values that fill its placeholders;
/// - testing overrides show or hide tips whatever the above (see `TipOverrides`).
package struct TipEngine: Sendable {
    package let tips: [Tip]
    package let groups: [TipGroup]
    package let frequency: TipDisplayFrequency
    /// `--with name=value`: the values that fill reusable tips.
    package let values: [String: String]
    package let overrides: TipOverrides
    /// Parameters set for this run only (TipKit's transient parameters): they win over the state's.
    package let transientParameters: [String: ParameterValue]

    package init(tips: [Tip], groups: [TipGroup] = [], frequency: TipDisplayFrequency = .immediate, values: [String: String] = [:],
                 overrides: TipOverrides = TipOverrides(), transientParameters: [String: ParameterValue] = [:]) {
        self.tips = tips
        self.groups = groups
        self.frequency = frequency
        self.values = values
        self.overrides = overrides
        self.transientParameters = transientParameters
    }

    package init(manifest: Manifest, values: [String: String] = [:], overrides: TipOverrides = TipOverrides(),
                 transientParameters: [String: ParameterValue] = [:]) {
        self.init(tips: manifest.tips, groups: manifest.tipGroups, frequency: manifest.defaults.tipDisplayFrequency ?? .immediate,
                  values: values, overrides: overrides, transientParameters: transientParameters)
    }

    /// Which tips `show` may choose from.
    package typealias Scope = TipScope

    /// Every tip the values fill, in manifest order.
    package var instances: [TipInstance] {
        tips.compactMap { try? TipInstance.make($0, values: values).get() }
    }

    /// The tip to show now in `scope`, or nil. At most one.
    package func choose(in state: SyncedState, now: Int64, scope: Scope = .all) -> TipInstance? {
        let lineup = TipLineup(self, state: state)
        let candidates: [TipInstance]
        switch scope {
        case .all: candidates = lineup.instances
        case .tip(let id): candidates = lineup.instances.filter { $0.id == id || $0.template.id == id }
        case .group(let id): candidates = lineup.members(ofGroup: id) ?? []
        }
        return candidates.first { evaluate($0, in: state, now: now, lineup: lineup).wouldShow }
    }

    /// Every tip's status, displays and hold, in manifest order; a reusable tip the values do not fill is
    /// listed once, as written, held by the values it needs.
    package func evaluations(in state: SyncedState, now: Int64) -> [TipEvaluation] {
        let lineup = TipLineup(self, state: state)
        return tips.map { template in
            switch TipInstance.make(template, values: values) {
            case .success(let instance): return evaluate(instance, in: state, now: now, lineup: lineup)
            case .failure(let missing):
                return TipEvaluation(id: template.id, status: .pending, displays: 0, hold: .needsValues(missing.names), wouldShow: false)
            }
        }
    }

    /// One tip's status, whether it would be shown now, and what keeps it from being shown (a rule that does
    /// not hold, or what holds back an available tip).
    package func evaluate(_ instance: TipInstance, in state: SyncedState, now: Int64) -> TipEvaluation {
        evaluate(instance, in: state, now: now, lineup: TipLineup(self, state: state))
    }

    /// `evaluate`, with the tips and groups of this decision found once (see `TipLineup`).
    private func evaluate(_ instance: TipInstance, in state: SyncedState, now: Int64, lineup: TipLineup) -> TipEvaluation {
        let displays = state.displayCount(ofTip: instance.id)
        let status = self.status(of: instance, in: state, now: now)
        var evaluation = TipEvaluation(id: instance.id, status: status.status, displays: displays, hold: status.hold, wouldShow: false)
        if let shown = overrides.decision(for: instance.id, templateID: instance.template.id) {
            evaluation.hold = shown ? nil : .hiddenForTesting
            evaluation.wouldShow = shown
            return evaluation
        }
        guard status.status == .available else { return evaluation }
        if let earlier = lineup.earlierInOrderedGroup(instance) {
            evaluation.hold = earlier
        } else if displays == 0, !instance.tip.ignoresDisplayFrequency, frequency != .immediate,
                  let latest = lineup.latestDisplay, Self.elapsed(from: latest, to: now) < frequency.milliseconds {
            evaluation.hold = .displayFrequency(frequency)
        } else {
            evaluation.wouldShow = true
        }
        return evaluation
    }

    /// The status from the records and the rules alone, with the first rule that does not hold.
    package func status(of instance: TipInstance, in state: SyncedState, now: Int64) -> (status: TipStatus, hold: TipHold?) {
        if let reason = invalidation(of: instance, in: state) { return (.invalidated(reason), nil) }
        for rule in instance.tip.rules {
            if let hold = hold(by: rule, in: state, now: now) { return (.pending, hold) }
        }
        return (.available, nil)
    }

    private func hold(by rule: TipRule, in state: SyncedState, now: Int64) -> TipHold? {
        switch rule.condition {
        case .event(let event, let expected, let within):
            let donations = state.donations[event] ?? []
            let count = within.map { window in donations.count { Self.elapsed(from: $0.stamp.milliseconds, to: now) <= window.milliseconds } } ?? donations.count
            return expected.holds(for: count) ? nil : .eventCount(event: event, count: count, expected: expected, within: within)
        case .parameter(let name, let expected):
            guard let value = transientParameters[name] ?? state.parameters[name]?.value else { return .parameterUnset(name) }
            return expected.holds(for: value) ? nil : .parameterValue(name, value: value, expected: expected)
        }
    }

    /// Why the tip is invalidated, from the records alone: recorded so, or its displays reached `maxDisplayCount`.
    func invalidation(of instance: TipInstance, in state: SyncedState) -> InvalidationReason? {
        if case .invalidated(let reason)? = state.statuses[instance.id]?.value { return reason }
        if let maximum = instance.tip.maxDisplayCount, state.displayCount(ofTip: instance.id) >= maximum { return .displayCountExceeded }
        return nil
    }

    /// The milliseconds from `start` to `end`, saturating (a clock an app set may say anything).
    static func elapsed(from start: Int64, to end: Int64) -> Int64 {
        let (difference, overflow) = end.subtractingReportingOverflow(start)
        guard overflow else { return difference }
        return end < start ? .min : .max
    }

    /// The time of the latest display of any tip on any device.
    static func latestDisplay(in state: SyncedState) -> Int64? {
        state.displays.values.flatMap(\.values).map(\.last.milliseconds).max()
    }
}
