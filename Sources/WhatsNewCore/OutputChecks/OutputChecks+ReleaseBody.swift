import WhatsNewDiagnostics
import WhatsNewRender

extension OutputChecks {
    /// `--format release-body`: the notes of one version; false (an error reported) when `notes` hold another number.
    @discardableResult
    package static func releaseBody(_ notes: ReleaseNotes, engine: DiagnosticEngine) -> Bool {
        guard notes.versions.count != 1 else { return true }
        let count = notes.versions.isEmpty ? "no version is selected" : "\(notes.versions.count) versions are selected"
        engine.report(Diagnostic(.error, code: .releaseBodyOneVersion,
                                 message: "--format release-body writes the notes of one version, and \(count)",
                                 fix: "choose it with --release V, --release latest (the newest that is not a pre-release) or --release latest-prerelease"))
        return false
    }
}
