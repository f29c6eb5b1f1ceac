import WhatsNewDiagnostics

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

    /// Up to this many features, a version's first title texts are compared pair by pair (most strings of
    /// different lengths differ at once); more are hashed.
    private static let pairwiseLimit = 16

    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        var titles: [String] = []
        var hashed: Set<String> = []
        var seen: [Content: Int] = [:]
        for version in manifest.versions.indices {
            let features = manifest.versions[version].features
            // Features of a version rarely share a title, and when no two titles share their first text no
            // two features can be the same: comparing those texts settles most versions.
            titles.removeAll(keepingCapacity: true)
            // (By index: `for feature in features` would copy each feature, a dozen references.)
            for index in features.indices { titles.append(features[index].title.entries.first?.text ?? "") }
            guard Self.hasRepeat(titles, hashing: &hashed) else { continue }
            seen.removeAll(keepingCapacity: true)
            // (A feature missing its title has errors of its own; one without a subtitle is a one-line change.)
            for index in features.indices where !features[index].title.isAbsent {
                let content = Content(title: features[index].title, subtitle: features[index].subtitle)
                guard let earlier = seen[content] else {
                    seen[content] = index
                    continue
                }
                engine.report(Diagnostic(.warning, code: .duplicateFeature,
                                         message: "\(manifest.versions[version].name) has two features titled '\(features[index].title.text(for: manifest.defaults.locale))' with the same subtitle; WhatsNewKit treats them as one",
                                         at: features[index].location,
                                         notes: [Diagnostic.Note("the first one is here", at: features[earlier].location)],
                                         fix: "remove one, or change its title or subtitle"))
            }
        }
    }

    /// Whether two of `texts` are the same.
    private static func hasRepeat(_ texts: [String], hashing set: inout Set<String>) -> Bool {
        if texts.count <= pairwiseLimit {
            for index in texts.indices.dropFirst() where texts[..<index].contains(texts[index]) { return true }
            return false
        }
        set.removeAll(keepingCapacity: true)
        return texts.contains { !set.insert($0).inserted }
    }
}
