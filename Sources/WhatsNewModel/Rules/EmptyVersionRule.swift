import WhatsNewDiagnostics

/// `empty-version` (warning): a released version lists no feature (`features: []`), so `show` would present
/// an empty sheet and the changelogs a heading with nothing under it. A version marked `unreleased: true` may
/// be empty: it is the place of the next release's notes, which `show` and the default outputs leave out.
struct EmptyVersionRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        // (By index: `for version in manifest.versions` would copy each version, a dozen references.)
        for index in manifest.versions.indices {
            guard let location = manifest.versions[index].emptyFeaturesLocation, !manifest.versions[index].unreleased else { continue }
            engine.report(Diagnostic(.warning, code: .emptyVersion,
                                     message: "\(manifest.versions[index].name) has no features; expected at least one in 'features', found an empty list",
                                     at: location,
                                     fix: "add a feature, or remove the version; mark it 'unreleased: true' if it holds the next release's notes to come"))
        }
    }
}
