import WhatsNewDiagnostics

/// `multiple-unreleased` (warning): more than one version is marked `unreleased: true`. Keep a Changelog has
/// one `[Unreleased]` section, so `--markdown-style keepachangelog` would write two headings (and two link
/// definitions) of the same label.
struct MultipleUnreleasedRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        let unreleased = manifest.versions.filter(\.unreleased)
        guard let first = unreleased.first, unreleased.count > 1 else { return }
        for entry in unreleased.dropFirst() {
            engine.report(Diagnostic(.warning, code: .multipleUnreleased,
                                     message: "version '\(entry.versionText)' is marked unreleased, and so is '\(first.versionText)'; expected one unreleased version (Keep a Changelog's one [Unreleased] section), found \(unreleased.count)",
                                     at: entry.versionLocation,
                                     notes: [Diagnostic.Note("'\(first.versionText)' was marked unreleased first", at: first.versionLocation)],
                                     fix: "mark only the next version unreleased: give the others a date instead, or merge their features into it"))
        }
    }
}
