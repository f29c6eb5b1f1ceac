/// Which locale of a manifest is written under which code of one store: the built-in table
/// (`StoreLocaleTable`), overridden by the manifest's `stores.<store>.locales`.
///
/// Every code is written by one locale. When several find the same code, the strongest match writes it (the
/// manifest's own entry, then a locale that is the code, then one that maps to it by the table); between
/// equals, the first of the manifest's `writtenLocales`. The others are left out of that code, as is a locale
/// the store has no code for: `unwritten` says which, and why.
package struct StoreLocaleMap: Sendable {
    /// A store code and the manifest locale whose notes are written under it, in the store's order of codes.
    package struct Entry: Sendable, Hashable {
        package let code: String
        package let locale: String
    }

    /// A manifest locale written under no code of the store, and why: no code for it (`by` nil), or its code
    /// is written by another locale (`by`).
    package struct Unwritten: Sendable, Hashable {
        package let locale: String
        package let code: String?
        package let by: String?
    }

    package let store: StoreLint
    package private(set) var entries: [Entry] = []
    package private(set) var unwritten: [Unwritten] = []

    /// The map for `locales` (the manifest's `writtenLocales`) and the manifest's overrides.
    package init(store: StoreLint, locales: [String], overrides: [StoreSettings.Override]) {
        self.store = store
        var chosen: [String: (locale: String, match: StoreLocaleTable.Match, order: Int)] = [:]
        var displaced: [(locale: String, code: String, order: Int)] = []
        var none: [String] = []
        func offer(_ code: String, _ locale: String, _ match: StoreLocaleTable.Match, _ order: Int) {
            if let current = chosen[code] {
                guard (match, order) < (current.match, current.order) else {
                    displaced.append((locale, code, order))
                    return
                }
                displaced.append((current.locale, code, current.order))
            }
            chosen[code] = (locale, match, order)
        }
        for (order, locale) in locales.enumerated() {
            if let override = overrides.first(where: { LocalizedText.same($0.locale, locale) }) {
                // A code the store does not know is `unknown-store-locale` (an error): nothing is written under it.
                for code in override.codes { if let known = StoreLocaleTable.code(code, in: store) { offer(known, locale, .manifest, order) } }
            } else if let found = StoreLocaleTable.defaultCode(for: locale, in: store) {
                offer(found.code, locale, found.match, order)
            } else {
                none.append(locale)
            }
        }
        let codes = StoreLocaleTable.codes(of: store)
        entries = codes.compactMap { code in chosen[code].map { Entry(code: code, locale: $0.locale) } }
        let written = Set(entries.map(\.locale))
        for locale in locales where !written.contains(locale) {
            if none.contains(locale) {
                unwritten.append(Unwritten(locale: locale, code: nil, by: nil))
            } else if let lost = displaced.first(where: { $0.locale == locale }) {
                unwritten.append(Unwritten(locale: locale, code: lost.code, by: chosen[lost.code]?.locale))
            }
        }
    }

    /// Where a locale is first written: its first entry in a text, else `defaults.locale`'s value.
    package static func location(of locale: String, in manifest: Manifest) -> SourceLocation? {
        var found: SourceLocation?
        manifest.forEachText(where: { found == nil && $0.isLocalized }) { text, _ in
            guard found == nil else { return }
            found = text.entries.first { $0.locale.map { LocalizedText.same($0, locale) } ?? false }?.location
        }
        return found
    }
}
