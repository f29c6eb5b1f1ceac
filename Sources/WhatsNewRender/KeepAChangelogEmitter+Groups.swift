import WhatsNewModel

extension KeepAChangelogEmitter {
    /// A version's features in the groups the style writes, each with its heading's inline Markdown (nil for
    /// the first group, which has none): the features without a `kind` or `section`; those without a `kind`,
    /// one group per `section`; then for each kind in Keep a Changelog's order, one group per `section` of
    /// its features (the kind's heading for those without one). Sections in the order they first appear.
    static func groups(_ features: [ReleaseNotes.Feature]) -> [(heading: String?, features: [ReleaseNotes.Feature])] {
        var groups: [(heading: String?, features: [ReleaseNotes.Feature])] = [(nil, [])]
        var sections: [String: Int] = [:]
        func add(_ feature: ReleaseNotes.Feature, under heading: String) {
            if let index = sections[heading] {
                groups[index].features.append(feature)
            } else {
                sections[heading] = groups.count
                groups.append((heading, [feature]))
            }
        }
        for feature in features where feature.kind == nil {
            if let section = feature.section { add(feature, under: section) } else { groups[0].features.append(feature) }
        }
        for kind in FeatureKind.allCases {
            // A kind's sections apart from the sections without a kind: the same words may name both.
            sections = sections.filter { groups[$0.value].features.first?.kind == nil }
            for feature in features where feature.kind == kind {
                add(feature, under: feature.section ?? kind.heading)
            }
        }
        return groups.filter { !$0.features.isEmpty }
    }
}
