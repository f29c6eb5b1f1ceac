import WhatsNewIO
import WhatsNewModel
import WhatsNewRender
import WhatsNewState

/// Tips for a Swift command-line app, on a state store: the library form of `whatsnew tip` (TipKit, for the
/// terminal). The decisions are `TipEngine`'s and the records `TipRecorder`'s; this type reads and writes
/// the store around them, each change in one locked step (see `StateStore.update`), so concurrent runs
/// lose no donation or display.
///
/// ```swift
/// let tips = TipPresenter(manifest: manifest, store: FileStateStore(path: path))
/// try tips.donate("sync.finished")
/// if let card = try tips.show().card {
///     print(card.title)
/// }
/// ```
public struct TipPresenter {
    public let manifest: Manifest
    public let store: any StateStore
    package let engine: TipEngine
    /// The time of decisions that write nothing (`status`, and `show` under overrides); a change takes the
    /// time of its stamp, which the store hands out.
    package let clock: StateClock

    /// The tips of `manifest`, with their `{{name}}` placeholders filled from `values`, on `store`.
    public init(manifest: Manifest, store: any StateStore, values: [String: String] = [:]) {
        self.init(manifest: manifest, store: store, values: values, overrides: TipOverrides(), transientParameters: [:], clock: .system)
    }

    package init(manifest: Manifest, store: any StateStore, values: [String: String] = [:], overrides: TipOverrides,
                 transientParameters: [String: ParameterValue] = [:], clock: StateClock = .system) {
        self.manifest = manifest
        self.store = store
        self.clock = clock
        engine = TipEngine(manifest: manifest, values: values, overrides: overrides, transientParameters: transientParameters)
    }

    /// The tip to show now in `scope`, its display recorded (one locked step: two runs at once never both
    /// take the last display of a tip). Under testing overrides, or with `record: false`, nothing is written.
    /// `recording` says what the store did (`.skipped` for a corrupt state file, left untouched).
    public func show(scope: TipScope = .all, locale: String? = nil, record: Bool = true) throws(IOError)
        -> (card: TipCard?, recording: StateUpdateResult) {
        guard record, !engine.overrides.isActive else {
            let chosen = engine.choose(in: try store.read().state, now: clock.now(), scope: scope)
            return (chosen.map { TipCard($0, manifest: manifest, locale: locale) }, .unchanged)
        }
        var chosen: TipInstance?
        let result = try store.update { state, stamp in
            chosen = engine.choose(in: state, now: stamp.milliseconds, scope: scope)
            if let chosen { TipRecorder.recordDisplay(of: chosen, in: &state, now: stamp.milliseconds, device: stamp.device) }
        }
        return (chosen.map { TipCard($0, manifest: manifest, locale: locale) }, result)
    }

    /// Every tip's status, displays (all devices) and what holds it back, and the state read.
    package func status() throws(IOError) -> (evaluations: [TipEvaluation], reading: StateReading) {
        let reading = try store.read()
        return (engine.evaluations(in: reading.state, now: clock.now()), reading)
    }
}

extension StateStore {
    /// Records one donation of `event` (`whatsnew tip donate`).
    @discardableResult
    public func donate(_ event: String) throws(IOError) -> StateUpdateResult {
        try update { state, stamp in TipRecorder.donate(event, in: &state, now: stamp.milliseconds, device: stamp.device) }
    }

    /// Sets a parameter for every later run (`whatsnew tip param`).
    @discardableResult
    public func setParameter(_ name: String, to value: ParameterValue) throws(IOError) -> StateUpdateResult {
        try update { state, stamp in TipRecorder.setParameter(name, to: value, in: &state, now: stamp.milliseconds, device: stamp.device) }
    }

    /// Invalidates a tip on every device (`whatsnew tip invalidate`).
    @discardableResult
    public func invalidateTip(_ id: String, reason: InvalidationReason) throws(IOError) -> StateUpdateResult {
        try update { state, stamp in TipRecorder.invalidate(id, reason: reason, in: &state, now: stamp.milliseconds, device: stamp.device) }
    }

    /// Forgets every tip record on every device, keeping the presented versions (`whatsnew tip reset`).
    @discardableResult
    public func resetTips() throws(IOError) -> StateUpdateResult {
        try update { state, stamp in TipRecorder.resetTips(in: &state, now: stamp.milliseconds, device: stamp.device) }
    }
}
