/// A semantic check the schema cannot express, with a stable code and its messages beside it.
protocol ManifestRule: Sendable {
    func check(_ manifest: Manifest, engine: DiagnosticEngine)
}

/// The semantic rules that run on every `compile` and `validate`, in order.
enum ManifestRules {
    static let all: [any ManifestRule] = [
        UnresolvedReferenceRule(),
        UnusedReferenceRule(),
        DuplicateVersionRule(),
        MissingTranslationRule(),
        DuplicateFeatureIDRule(),
        DuplicateFeatureRule(),
        UnreachablePatchRule(),
        MissingImageFileRule(),
        InvalidURLRule(),
        RefusedLinkRule(),
        EmptyTextRule(),
        InvalidColorRule(),
        BlockMarkdownRule(),
    ]
}

extension Manifest {
    /// Calls `body` with every reference in the manifest: the registry it names, the key, where it was written.
    func forEachReference(_ body: (_ registry: String, _ key: String, _ location: SourceLocation?) -> Void) {
        if case .key(let key, let location)? = defaults.primaryAction { body("primaryActions", key, location) }
        if case .key(let key, let location)? = defaults.secondaryAction { body("secondaryActions", key, location) }
        // Versions and features are read in place through spans: a VersionEntry or a Feature is a large value
        // holding a dozen references, and a copy (`for version in versions`) retains and releases each.
        let versions = versions.span
        for versionIndex in versions.indices {
            let features = versions[versionIndex].features.span
            for index in features.indices {
                if case .key(let key, let location)? = features[index].image { body("images", key, location) }
            }
            if case .key(let key, let location)? = versions[versionIndex].primaryAction { body("primaryActions", key, location) }
            if case .key(let key, let location)? = versions[versionIndex].secondaryAction { body("secondaryActions", key, location) }
        }
    }

    /// Whether a registry defines a key (an invalid definition counts: it was reported already).
    func registryDefines(_ name: String, _ key: String) -> Bool {
        switch name {
        case "images": return images.defines(key)
        case "primaryActions": return primaryActions.defines(key)
        default: return secondaryActions.defines(key)
        }
    }

    /// The keys and definition sites of a registry, by its name in the manifest.
    func registryKeys(_ name: String) -> [(key: String, location: SourceLocation?)] {
        switch name {
        case "images": return images.entries.map { ($0.key, $0.location) }
        case "primaryActions": return primaryActions.entries.map { ($0.key, $0.location) }
        default: return secondaryActions.entries.map { ($0.key, $0.location) }
        }
    }
}
