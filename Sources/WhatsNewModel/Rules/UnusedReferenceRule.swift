import WhatsNewDiagnostics
import WhatsNewText

/// `unused-reference` (warning): a registry entry that no version, feature, default or the app icon refers
/// to. An entry that an unresolved reference was probably meant to name (its "did you mean") counts as used,
/// so one typo is one diagnostic.
struct UnusedReferenceRule: ManifestRule {
    private struct Use: Hashable {
        let registry: String
        let key: String

        /// The key alone: the three registries seldom share a key, and it is the one string to hash.
        func hash(into hasher: inout Hasher) { hasher.combine(key) }
    }

    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        var used: Set<Use> = []
        manifest.forEachReference { registry, key, _ in
            // Each key is looked at once: a long manifest refers to its few entries tens of thousands of times.
            guard used.insert(Use(registry: registry, key: key)).inserted else { return }
            if !manifest.registryDefines(registry, key),
               let meant = Suggestion.closest(to: key, in: manifest.registryKeys(registry).map(\.key)) {
                used.insert(Use(registry: registry, key: meant))
            }
        }
        for registry in ["images", "primaryActions", "secondaryActions"] {
            for entry in manifest.registryKeys(registry) where !used.contains(Use(registry: registry, key: entry.key)) {
                engine.report(Diagnostic(.warning, code: .unusedReference,
                                         message: "'\(entry.key)' in '\(registry)' is defined but never used",
                                         at: entry.location, fix: "refer to it from a version, or remove it"))
            }
        }
    }
}
