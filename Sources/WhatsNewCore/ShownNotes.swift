import WhatsNewModel

/// What `WhatsNew.show` did.
public struct ShownNotes: Sendable, Hashable {
    /// The versions whose notes were shown, newest first; empty when there was nothing new, or nothing may be shown.
    public var versions: [SemanticVersion]
    /// Why nothing was shown whatever the state says: standard output is not a terminal, or `WHATSNEW_DISABLE`
    /// is set; nil otherwise.
    public var silenced: String?
    /// The manifest's warnings and the state file's problems (it is corrupt, a sync tool's copy beside it could not
    /// be read), as `whatsnew show` prints them to standard error but for the final line break; empty when there are none.
    public var warnings: String

    public init(versions: [SemanticVersion], silenced: String?, warnings: String) {
        self.versions = versions
        self.silenced = silenced
        self.warnings = warnings
    }
}
