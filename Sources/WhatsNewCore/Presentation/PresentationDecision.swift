import WhatsNewModel

/// What the presentation policy decided: the versions to show, the versions to record, and why.
public struct PresentationDecision: Sendable, Hashable {
    /// The manifest versions to show, newest first (empty when there is nothing new).
    public var versionsToShow: [SemanticVersion]
    /// The versions to record as presented once they were shown: on a patch fallback the x.y.0 that was
    /// shown, never the current version.
    public var versionsToRecord: [SemanticVersion]
    /// Each step of the decision as a sentence, for `--explain`.
    public var explanation: [String]

    public init(versionsToShow: [SemanticVersion], versionsToRecord: [SemanticVersion], explanation: [String]) {
        self.versionsToShow = versionsToShow
        self.versionsToRecord = versionsToRecord
        self.explanation = explanation
    }

    /// Whether there is nothing to show.
    public var isEmpty: Bool { versionsToShow.isEmpty }
}
