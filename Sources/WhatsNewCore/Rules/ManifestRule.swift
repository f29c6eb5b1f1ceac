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
        EmptyTextRule(),
        InvalidColorRule(),
        BlockMarkdownRule(),
    ]
}

extension Manifest {
    /// Every reference in the manifest with what it refers to: (registry name, key, where it was written).
    var references: [(registry: String, key: String, location: SourceLocation?)] {
        var found: [(String, String, SourceLocation?)] = []
        func add<Value>(_ registry: String, _ reference: Reference<Value>?) {
            if case .key(let key, let location)? = reference { found.append((registry, key, location)) }
        }
        add("primaryActions", defaults.primaryAction)
        add("secondaryActions", defaults.secondaryAction)
        for version in versions {
            for feature in version.features { add("images", feature.image) }
            add("primaryActions", version.primaryAction)
            add("secondaryActions", version.secondaryAction)
        }
        return found
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
