/// `missing-translation` (warning): a localized text that lacks a locale other texts of the manifest have.
struct MissingTranslationRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        let texts = manifest.localizedTexts.filter(\.text.isLocalized)
        var all: [String] = []
        var seen: Set<String> = []
        for (_, text) in texts {
            for locale in text.locales where seen.insert(locale.lowercased()).inserted { all.append(locale) }
        }
        for (name, text) in texts {
            let have = Set(text.locales.map { $0.lowercased() })
            let missing = all.filter { !have.contains($0.lowercased()) }
            guard !missing.isEmpty else { continue }
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            engine.report(Diagnostic(.warning, code: "missing-translation",
                                     message: "\(name) has no \(list) translation; other texts of the manifest have \(missing.count == 1 ? "it" : "them")",
                                     at: text.location, fix: "add " + missing.map { "'\($0): …'" }.joined(separator: ", ")))
        }
    }
}

extension Manifest {
    /// Every text of the manifest with a phrase that names it in messages ("the title of version 1.2.0").
    var localizedTexts: [(name: String, text: LocalizedText)] {
        var texts: [(String, LocalizedText)] = []
        func add(_ name: String, _ text: LocalizedText?) { if let text { texts.append((name, text)) } }
        func add(_ owner: String, _ action: PrimaryAction) { add("the title of \(owner)", action.title) }
        func add(_ owner: String, _ action: SecondaryAction) {
            add("the title of \(owner)", action.title)
            if case .present(let title, let body) = action.kind {
                add("the page title of \(owner)", title)
                add("the page body of \(owner)", body)
            }
        }
        add("the default title", defaults.title?.text)
        if case .inline(let action)? = defaults.primaryAction { add("the default primary action", action) }
        if case .inline(let action)? = defaults.secondaryAction { add("the default secondary action", action) }
        for entry in images.entries { add("the alt text of image '\(entry.key)'", entry.value.alt) }
        for entry in primaryActions.entries { add("primary action '\(entry.key)'", entry.value) }
        for entry in secondaryActions.entries { add("secondary action '\(entry.key)'", entry.value) }
        for version in versions {
            let name = "version \(version.versionText)"
            add("the title of \(name)", version.title?.text)
            for feature in version.features {
                let featureName = "feature '\(feature.id ?? feature.title.text(for: defaults.locale))' of \(name)"
                add("the title of \(featureName)", feature.title)
                add("the subtitle of \(featureName)", feature.subtitle)
                if case .inline(let image)? = feature.image { add("the alt text of the image of \(featureName)", image.alt) }
            }
            if case .inline(let action)? = version.primaryAction { add("the primary action of \(name)", action) }
            if case .inline(let action)? = version.secondaryAction { add("the secondary action of \(name)", action) }
        }
        return texts
    }
}
