import WhatsNewDiagnostics
import WhatsNewIO
import WhatsNewModel
import WhatsNewState

/// Shows a command-line app's users the notes they have not seen yet, once per version: the library form
/// of `whatsnew show` (WhatsNewKit's automatic presentation, for the terminal), for apps that embed it
/// instead of spawning a process.
///
/// ```swift
/// let engine = DiagnosticEngine()
/// if let presenter = try WhatsNewPresenter(manifestPath: "notes.yaml",
///                                          store: FileStateStore(appID: "com.example.trails"), engine: engine) {
///     try presenter.present(current: SemanticVersion(major: 1, minor: 2)) { entries, manifest in
///         for entry in entries { print(entry.version) }
///     }
/// }
/// ```
///
/// `present` decides (see `PresentationPolicy`), hands the versions to show to `render`, and records
/// them once `render` returns — unless the silence rules of `whatsnew show` say to show nothing
/// (`WHATSNEW_DISABLE`, or standard output that is not a terminal: see `SilenceRules`); `silence: .none` is
/// the explicit opt-out. `plan` and `record` are the two halves, for callers that render in between on
/// their own terms (`--dry-run` is `plan` alone); they apply no silence rule, so such a caller asks
/// `silence.reason` first, as `whatsnew show` does.
public struct WhatsNewPresenter {
    public let manifest: Manifest
    public let store: any StateStore
    public var options: PresentationOptions
    /// When `present` shows and records nothing (by default: `WHATSNEW_DISABLE`, or standard output that is
    /// not a terminal).
    public var silence: SilenceRules

    public init(manifest: Manifest, store: any StateStore, options: PresentationOptions = PresentationOptions(),
                silence: SilenceRules = SilenceRules()) {
        self.manifest = manifest
        self.store = store
        self.options = options
        self.silence = silence
    }

    /// Loads and checks a manifest (a file, a directory of fragments, or `-`) with `compiler`; nil when it
    /// has errors. Every problem, warnings included, is in `engine`. Throws when the manifest cannot be read.
    public init?(manifestPath: String, store: any StateStore, options: PresentationOptions = PresentationOptions(),
                 silence: SilenceRules = SilenceRules(), compiler: Compiler = Compiler(), engine: DiagnosticEngine) throws(IOError) {
        guard let manifest = try compiler.load([manifestPath], engine: engine), !engine.hasErrors else { return nil }
        self.init(manifest: manifest, store: store, options: options, silence: silence)
    }

    /// Decides what to show for `current` from what the store says was presented. Records nothing.
    public func plan(for current: SemanticVersion) throws(IOError) -> PresentationPlan {
        let reading = try store.read()
        let decision = PresentationPolicy.decide(available: manifest.versions.filter { !$0.unreleased }.map(\.version), current: current,
                                                 presented: reading.presented, options: options)
        let entries = decision.versionsToShow.compactMap { manifest.entry(for: $0) }
        return PresentationPlan(current: current, decision: decision, entries: entries, stateProblem: reading.problem,
                                stateWarnings: reading.warnings, mergedConflictCopies: !reading.mergedCopies.isEmpty)
    }

    /// Records the versions a plan showed. A corrupt state file is left untouched (`.skipped`).
    @discardableResult
    public func record(_ plan: PresentationPlan) throws(IOError) -> StateUpdateResult {
        if plan.decision.versionsToRecord.isEmpty { return .unchanged }
        return try store.record(plan.decision.versionsToRecord)
    }

    /// Decides, renders and records. `render` receives the entries to show, newest first, and is not
    /// called when there is nothing to show; when it throws, nothing is recorded (the user has not seen
    /// the notes) and the error is rethrown. `record: false` is `--no-record`.
    ///
    /// When `silence` gives a reason (`WHATSNEW_DISABLE`, output that is not a terminal), nothing is read,
    /// rendered or recorded: the outcome says why in `silenced`, and its plan shows nothing.
    @discardableResult
    public func present(current: SemanticVersion, record: Bool = true,
                        render: (_ entries: [VersionEntry], _ manifest: Manifest) throws -> Void) throws -> PresentationOutcome {
        if let reason = silence.reason {
            let decision = PresentationDecision(versionsToShow: [], versionsToRecord: [], explanation: ["\(reason): showing nothing"])
            return PresentationOutcome(plan: PresentationPlan(current: current, decision: decision, entries: []), recording: nil, silenced: reason)
        }
        let plan = try plan(for: current)
        guard !plan.entries.isEmpty else {
            // Nothing to show, but conflict copies a sync tool left are merged into the file and removed now.
            if record, plan.mergedConflictCopies { try store.mergeConflictCopies() }
            return PresentationOutcome(plan: plan, recording: nil)
        }
        try render(plan.entries, manifest)
        return PresentationOutcome(plan: plan, recording: record ? try self.record(plan) : nil)
    }
}
