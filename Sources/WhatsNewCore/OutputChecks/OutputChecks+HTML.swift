import WhatsNewDiagnostics
import WhatsNewRender

extension OutputChecks {
    /// `--page showcase` shows one version: more selected is a warning (the page shows the newest).
    package static func showcase(_ notes: ReleaseNotes, engine: DiagnosticEngine) {
        guard notes.versions.count > 1, let newest = notes.versions.first else { return }
        engine.report(Diagnostic(.warning, code: .showcaseOneVersion,
                                 message: "--page showcase shows one version, and \(notes.versions.count) are selected: it shows the newest, \(newest.displayVersion)",
                                 fix: "choose the version with --release (e.g. --release \(newest.version.description)), or use --page changelog for all of them"))
    }
}
