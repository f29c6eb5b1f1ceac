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
        var titles: Set<String> = []
        var seen: [Content: Int] = [:]
        for version in manifest.versions.indices {
            let features = manifest.versions[version].features
            // Features of a version rarely share a title, and when no two titles share their first text no
            // two features can be the same: one short string hashed per feature settles most versions.
            titles.removeAll(keepingCapacity: true)
            guard features.indices.contains(where: { !titles.insert(features[$0].title.entries.first?.text ?? "").inserted }) else {
                continue
            }
            seen.removeAll(keepingCapacity: true)
            for index in features.indices {
                let content = Content(title: features[index].title, subtitle: features[index].subtitle)
                guard let earlier = seen[content] else {
                    seen[content] = index
                    continue
                }
                engine.report(Diagnostic(.warning, code: "duplicate-feature",
                                         message: "version \(manifest.versions[version].versionText) has two features titled '\(features[index].title.text(for: manifest.defaults.locale))' with the same subtitle; WhatsNewKit treats them as one",
                                         at: features[index].location,
                                         notes: [Diagnostic.Note("the first one is here", at: features[earlier].location)],
                                         fix: "remove one, or change its title or subtitle"))
            }
        }
    }
}
