/// `missing-translation` (warning): a localized text that lacks a locale other texts of the manifest have.
struct MissingTranslationRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        let all = Self.locales(of: manifest)
        guard !all.isEmpty else { return }
        manifest.forEachText(where: { $0.isLocalized }) { text, name in
            let missing = all.filter { locale in
                !text.entries.contains { $0.locale.map { Self.sameIgnoringCase($0, locale) } ?? false }
            }
            guard !missing.isEmpty else { return }
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            engine.report(Diagnostic(.warning, code: "missing-translation",
                                     message: "\(name()) has no \(list) translation; other texts of the manifest have \(missing.count == 1 ? "it" : "them")",
                                     at: text.location, fix: "add " + missing.map { "'\($0): …'" }.joined(separator: ", ")))
        }
    }

    /// Every locale any text has, as first written, told apart case-insensitively. (A manifest has a few
    /// locales and many texts: a text's locales are compared with them in place, nothing is allocated.)
    static func locales(of manifest: Manifest) -> [String] {
        var all: [String] = []
        manifest.forEachText(where: { $0.isLocalized }) { text, _ in
            for entry in text.entries {
                if let locale = entry.locale, !all.contains(where: { sameIgnoringCase($0, locale) }) { all.append(locale) }
            }
        }
        return all
    }

    /// Whether two locale codes are the same but for case (`zh-Hans`, `zh-hans`). Most pairs are equal as
    /// written, which settles them without lowercasing.
    static func sameIgnoringCase(_ a: String, _ b: String) -> Bool {
        a == b || a.lowercased() == b.lowercased()
    }
}
