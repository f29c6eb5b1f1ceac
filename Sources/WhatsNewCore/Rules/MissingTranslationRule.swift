/// `missing-translation` (warning): a localized text whose fallback chain (SPEC §1: the locale, its language,
/// `defaults.locale`, the first entry) does not reach a translation in the language of a locale other texts
/// of the manifest have, so that a reader of that locale would get this text in another language.
///
/// A text with `de` has what a `de-AT` reader needs (the chain goes from `de-AT` to `de`), so one `de-AT`
/// override elsewhere makes no German text warn. A text without `de` warns once for `de` (adding it serves
/// `de-AT` too), and says which text a reader gets instead: the `defaults.locale` one, or the first entry.
struct MissingTranslationRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        let all = Self.locales(of: manifest)
        guard all.count > 1 else { return }
        let defaultLocale = manifest.defaults.locale
        manifest.forEachText(where: { $0.isLocalized }) { text, name in
            var missing: [String] = []
            var fallback: LocalizedText.Entry?
            for locale in all where !text.entries.contains(where: { $0.locale.map { LocalizedText.same($0, locale) } ?? false }) {
                guard let reached = text.entry(for: locale, defaultLocale: defaultLocale), let reachedLocale = reached.locale,
                      !Self.sameLanguage(reachedLocale, locale) else { continue }
                missing.append(locale)
                fallback = reached
            }
            // A regional locale whose language is missing too is served by adding the language.
            let found = missing
            missing.removeAll { locale in
                let language = LocalizedText.language(of: locale)
                return !LocalizedText.same(language, locale) && found.contains { LocalizedText.same($0, language) }
            }
            guard !missing.isEmpty, let fallback, let fallbackLocale = fallback.locale else { return }
            let list = Self.orList(missing.map { "'\($0)'" })
            let readers = missing.count == 1 ? "a '\(missing[0])' reader gets" : "readers of those locales get"
            let which = defaultLocale.map { LocalizedText.same($0, fallbackLocale) } == true
                ? "its '\(fallbackLocale)' text (defaults.locale)" : "its first entry, '\(fallbackLocale)'"
            engine.report(Diagnostic(.warning, code: "missing-translation",
                                     message: "\(name()) has no \(list) translation, which other texts of the manifest have; \(readers) \(which)",
                                     at: text.location, fix: "add " + missing.map { "'\($0): …'" }.joined(separator: ", ")))
        }
    }

    /// Every locale any text has, as first written, told apart as `LocalizedText.same` tells them (case, and
    /// `_` for `-`). (A manifest has a few locales and many texts: a text's locales are compared with them in
    /// place, nothing is allocated.)
    static func locales(of manifest: Manifest) -> [String] {
        var all: [String] = []
        manifest.forEachText(where: { $0.isLocalized }) { text, _ in
            for entry in text.entries {
                if let locale = entry.locale, !all.contains(where: { LocalizedText.same($0, locale) }) { all.append(locale) }
            }
        }
        return all
    }

    /// Whether a reader of one locale can read a text of the other: one language (`de-AT` and `de`), and the
    /// same script when both name one (`zh-Hant` cannot read `zh-Hans`).
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        guard LocalizedText.same(LocalizedText.language(of: a), LocalizedText.language(of: b)) else { return false }
        guard let first = script(of: a), let second = script(of: b) else { return true }
        return LocalizedText.same(first, second)
    }

    /// The script subtag of a locale (`Hant` of `zh-Hant-TW`), or nil.
    private static func script(of locale: String) -> String? {
        locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst()
            .first { $0.count == 4 && $0.allSatisfy(\.isLetter) }.map(String.init)
    }

    /// "'a'", "'a' or 'b'", "'a', 'b' or 'c'".
    private static func orList(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}
