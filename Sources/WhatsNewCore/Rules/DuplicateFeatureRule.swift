/// `duplicate-feature` (warning): two features of one version with the same title and subtitle —
/// WhatsNewKit identifies features by their content and would treat them as one.
struct DuplicateFeatureRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        for version in manifest.versions {
            var seen: [LocalizedText: Feature] = [:]
            for feature in version.features {
                let key = LocalizedText(entries: feature.title.entries + [LocalizedText.Entry(locale: "\u{0}", text: "")] + feature.subtitle.entries)
                guard let earlier = seen[key] else {
                    seen[key] = feature
                    continue
                }
                engine.report(Diagnostic(.warning, code: "duplicate-feature",
                                         message: "version \(version.versionText) has two features titled '\(feature.title.text(for: manifest.defaults.locale))' with the same subtitle; WhatsNewKit treats them as one",
                                         at: feature.location,
                                         notes: [Diagnostic.Note("the first one is here", at: earlier.location)],
                                         fix: "remove one, or change its title or subtitle"))
            }
        }
    }
}
