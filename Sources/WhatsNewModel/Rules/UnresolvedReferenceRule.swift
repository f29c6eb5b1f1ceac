import WhatsNewDiagnostics
import WhatsNewText

/// `unresolved-reference` (error): a key in `image`, `app.icon`, `primaryAction` or `secondaryAction` that its
/// registry does not define, with the nearest defined key suggested.
struct UnresolvedReferenceRule: ManifestRule {
    private static let nouns = ["images": "image", "primaryActions": "primary action", "secondaryActions": "secondary action"]

    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        manifest.forEachReference { registry, key, location in
            guard !manifest.registryDefines(registry, key) else { return }
            let defined = manifest.registryKeys(registry).map(\.key)
            let noun = Self.nouns[registry] ?? "entry"
            let suggestion = Suggestion.closest(to: key, in: defined)
            let fix: String
            if let suggestion {
                fix = "use '\(suggestion)', or define '\(key)' under '\(registry)'"
            } else if defined.isEmpty {
                fix = "define '\(key)' under '\(registry)' (or pass a --refs file that does)"
            } else {
                fix = "define '\(key)' under '\(registry)'; defined: " + defined.joined(separator: ", ")
            }
            engine.report(Diagnostic(.error, code: .unresolvedReference,
                                     message: "unknown \(noun) '\(key)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                                     at: location, fix: fix))
        }
    }
}
