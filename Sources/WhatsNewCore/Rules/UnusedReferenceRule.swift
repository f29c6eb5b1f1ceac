/// `unused-reference` (warning): a registry entry that no version, feature or default refers to. An entry
/// that an unresolved reference was probably meant to name (its "did you mean") counts as used, so one typo
/// is one diagnostic.
struct UnusedReferenceRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        var used: Set<String> = []
        for reference in manifest.references {
            used.insert(reference.registry + "/" + reference.key)
            if !manifest.registryDefines(reference.registry, reference.key),
               let meant = Suggestion.closest(to: reference.key, in: manifest.registryKeys(reference.registry).map(\.key)) {
                used.insert(reference.registry + "/" + meant)
            }
        }
        for registry in ["images", "primaryActions", "secondaryActions"] {
            for entry in manifest.registryKeys(registry) where !used.contains(registry + "/" + entry.key) {
                engine.report(Diagnostic(.warning, code: "unused-reference",
                                         message: "'\(entry.key)' in '\(registry)' is defined but never used",
                                         at: entry.location, fix: "refer to it from a version, or remove it"))
            }
        }
    }
}
