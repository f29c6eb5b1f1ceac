/// `missing-translation` (warning): a localized text that lacks a locale other texts of the manifest have.
struct MissingTranslationRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        // Every locale any text has, as first written, told apart case-insensitively.
        var all: [String] = []
        var seen: Set<String> = []
        manifest.forEachText { text, _ in
            guard text.isLocalized else { return }
            for locale in text.locales where seen.insert(locale.lowercased()).inserted { all.append(locale) }
        }
        guard !all.isEmpty else { return }
        manifest.forEachText { text, name in
            guard text.isLocalized else { return }
            let have = Set(text.locales.map { $0.lowercased() })
            let missing = all.filter { !have.contains($0.lowercased()) }
            guard !missing.isEmpty else { return }
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            engine.report(Diagnostic(.warning, code: "missing-translation",
                                     message: "\(name()) has no \(list) translation; other texts of the manifest have \(missing.count == 1 ? "it" : "them")",
                                     at: text.location, fix: "add " + missing.map { "'\($0): …'" }.joined(separator: ", ")))
        }
    }
}
