import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewState
import WhatsNewTerminal

/// What to show for a current version, and why: the result of `WhatsNewPresenter.plan(for:)`.
public struct PresentationPlan: Sendable {
    public var current: SemanticVersion
    public var decision: PresentationDecision
    /// The notes to show, newest first.
    public var entries: [VersionEntry]
    /// Why the state read as empty (a corrupt state file), to report as a warning.
    public var stateProblem: Diagnostic?
    /// Conflict copies beside the state file that could not be merged, to report as warnings.
    public var stateWarnings: [Diagnostic]
    /// Whether conflict copies were merged into the state read, to be written and removed.
    public var mergedConflictCopies: Bool

    public init(current: SemanticVersion, decision: PresentationDecision, entries: [VersionEntry], stateProblem: Diagnostic? = nil,
                stateWarnings: [Diagnostic] = [], mergedConflictCopies: Bool = false) {
        self.current = current
        self.decision = decision
        self.entries = entries
        self.stateProblem = stateProblem
        self.stateWarnings = stateWarnings
        self.mergedConflictCopies = mergedConflictCopies
    }
}

/// What `WhatsNewPresenter.present` did.
public struct PresentationOutcome: Sendable {
    public var plan: PresentationPlan
    /// How recording went; nil when nothing was shown or recording was off.
    public var recording: StateUpdateResult?
    /// Why nothing was shown whatever the state says (see `SilenceRules`), or nil.
    public var silenced: String?
    /// How the notes were shown (`auto` and the interactive modes resolved), or nil when nothing was shown or
    /// the caller rendered them itself.
    public var mode: ShowMode?

    public init(plan: PresentationPlan, recording: StateUpdateResult?, silenced: String? = nil, mode: ShowMode? = nil) {
        self.plan = plan
        self.recording = recording
        self.silenced = silenced
        self.mode = mode
    }
}
