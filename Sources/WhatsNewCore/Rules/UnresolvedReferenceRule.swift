/// `unresolved-reference` (error): a key in `image`, `primaryAction` or `secondaryAction` that its registry
/// does not define, with the nearest defined key suggested.
struct UnresolvedReferenceRule: ManifestRule {
    private static let nouns = ["images": "image", "primaryActions": "primary action", "secondaryActions": "secondary action"]

    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        for reference in manifest.references where !manifest.registryDefines(reference.registry, reference.key) {
            let defined = manifest.registryKeys(reference.registry).map(\.key)
            let noun = Self.nouns[reference.registry] ?? "entry"
            let suggestion = Suggestion.closest(to: reference.key, in: defined)
            let fix: String
            if let suggestion {
                fix = "use '\(suggestion)', or define '\(reference.key)' under '\(reference.registry)'"
            } else if defined.isEmpty {
                fix = "define '\(reference.key)' under '\(reference.registry)' (or pass a --refs file that does)"
            } else {
                fix = "define '\(reference.key)' under '\(reference.registry)'; defined: " + defined.joined(separator: ", ")
            }
            engine.report(Diagnostic(.error, code: "unresolved-reference",
                                     message: "unknown \(noun) '\(reference.key)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                                     at: reference.location, fix: fix))
        }
    }
}
