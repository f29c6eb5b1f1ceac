import WhatsNewDiagnostics

/// `missing-translation` (warning): a localized text whose fallback chain (the locale, its language,
/// `defaults.locale`, the first entry) does not reach a translation in the language of a locale other texts
/// of the manifest have, so that a reader of that locale would get this text in another language.
///
/// A text with `de` has what a `de-AT` reader needs (the chain goes from `de-AT` to `de`), so one `de-AT`
/// override elsewhere makes no German text warn. A text without `de` warns once for `de` (adding it serves
/// `de-AT` too), and says which text a reader gets instead: the `defaults.locale` one, or the first entry.
struct MissingTranslationRule: ManifestRule {
    /// How many missing locales a warning names; it counts the others.
    static let namedLocales = 10

    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        let index = LocaleIndex(manifest.locales())
        guard index.locales.count > 1 else { return }
        let defaultLocale = manifest.defaults.locale
        // Per text, each locale is marked with the text's turn: the text has it (`has`), or lacks it (`lacks`).
        var has = [Int](repeating: -1, count: index.locales.count)
        var lacks = [Int](repeating: -1, count: index.locales.count)
        var turn = 0
        manifest.forEachText(where: { $0.isLocalized }) { text, name in
            turn += 1
            for entry in text.entries {
                if let locale = entry.locale, let number = index.number(of: locale) { has[number] = turn }
            }
            // Where a reader goes without the locale and its language: defaults.locale, else the first entry.
            let fallback = defaultLocale.flatMap { locale in text.entries.first { $0.locale.map { LocalizedText.same($0, locale) } ?? false } }
                ?? text.entries.first
            guard let fallbackLocale = fallback?.locale, let reached = index.number(of: fallbackLocale) else { return }
            var missing: [Int] = []
            for number in index.locales.indices where has[number] != turn {
                let language = index.languageLocales[number]
                if language >= 0, has[language] == turn { continue }
                if index.sameLanguage(reached, number) { continue }
                missing.append(number)
                lacks[number] = turn
            }
            // A regional locale whose language is missing too is served by adding the language.
            missing.removeAll { number in
                let language = index.languageLocales[number]
                return language >= 0 && language != number && lacks[language] == turn
            }
            guard let first = missing.first else { return }
            // A text may lack thousands: the first few are named, the others counted.
            let named = missing.prefix(Self.namedLocales).map { "'\(index.locales[$0])'" }
            let more = missing.count - named.count
            let list = more > 0 ? "translation in \(missing.count) locales (\(named.joined(separator: ", ")) and \(more) more)"
                : "\(Self.orList(named)) translation"
            let readers = missing.count == 1 ? "a '\(index.locales[first])' reader gets" : "readers of those locales get"
            let which = defaultLocale.map { LocalizedText.same($0, fallbackLocale) } == true
                ? "its '\(fallbackLocale)' text (defaults.locale)" : "its first entry, '\(fallbackLocale)'"
            let additions = missing.prefix(Self.namedLocales).map { "'\(index.locales[$0]): …'" }.joined(separator: ", ")
            engine.report(Diagnostic(.warning, code: .missingTranslation,
                                     message: "\(name()) has no \(list), which other texts of the manifest have; \(readers) \(which)",
                                     at: text.location, fix: "add " + additions + (more > 0 ? " and the \(more) more" : "")))
        }
    }

    /// Whether a reader of one locale can read a text of the other: one language (`de-AT` and `de`), and the
    /// same script when both name one (`zh-Hant` cannot read `zh-Hans`).
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        guard LocalizedText.same(LocalizedText.language(of: a), LocalizedText.language(of: b)) else { return false }
        guard let first = script(of: a), let second = script(of: b) else { return true }
        return LocalizedText.same(first, second)
    }

    /// The script subtag of a locale (`Hant` of `zh-Hant-TW`), or nil.
    static func script(of locale: String) -> String? {
        locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst()
            .first { $0.count == 4 && $0.allSatisfy(\.isLetter) }.map(String.init)
    }

    /// "'a'", "'a' or 'b'", "'a', 'b' or 'c'".
    private static func orList(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}
