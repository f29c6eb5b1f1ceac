/// `duplicate-feature` (warning): two features of one version with the same title and subtitle —
/// WhatsNewKit identifies features by their content and would treat them as one.
struct DuplicateFeatureRule: ManifestRule {
    /// What WhatsNewKit tells features apart by.
    private struct Content: Hashable {
        let title: LocalizedText
        let subtitle: LocalizedText

        /// The title alone: features of a version rarely share one, and it is the shorter text to hash.
        func hash(into hasher: inout Hasher) { hasher.combine(title) }
    }

    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        var seen: [Content: Int] = [:]
        for version in manifest.versions {
            seen.removeAll(keepingCapacity: true)
            let features = version.features
            for index in features.indices {
                let content = Content(title: features[index].title, subtitle: features[index].subtitle)
                guard let earlier = seen[content] else {
                    seen[content] = index
                    continue
                }
                let feature = features[index]
                engine.report(Diagnostic(.warning, code: "duplicate-feature",
                                         message: "version \(version.versionText) has two features titled '\(feature.title.text(for: manifest.defaults.locale))' with the same subtitle; WhatsNewKit treats them as one",
                                         at: feature.location,
                                         notes: [Diagnostic.Note("the first one is here", at: features[earlier].location)],
                                         fix: "remove one, or change its title or subtitle"))
            }
        }
    }
}
