import WhatsNewDiagnostics
import WhatsNewText

/// The manifest's `stores.<store>.locales`, checked against the store's codes and the manifest's locales:
/// - `unknown-store-locale` (error): a code the store does not accept, with the nearest one it does.
/// - `store-locale-conflict` (error): two locales of the manifest mapped to the same code of one store,
///   whose one folder can hold the notes of one.
/// - `unused-store-locale` (warning): a locale that no text of the manifest has (nor `defaults.locale`), so the
///   entry maps nothing.
struct StoreLocaleRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        let overrides = StoreLint.allCases.map { ($0, manifest.stores.overrides(for: $0)) }
        guard overrides.contains(where: { !$0.1.isEmpty }) else { return }
        let locales = manifest.writtenLocales
        for (store, entries) in overrides {
            let key = store == .appstore ? "appStore" : "playStore"
            var claimed: [String: (locale: String, location: SourceLocation?)] = [:]
            for entry in entries {
                if !locales.contains(where: { LocalizedText.same($0, entry.locale) }) {
                    engine.report(Diagnostic(.warning, code: .unusedStoreLocale,
                                             message: "'stores.\(key).locales' maps '\(entry.locale)', which is not a locale of the manifest's texts"
                                                 + Self.suggestion(for: entry.locale, in: locales),
                                             at: entry.location,
                                             fix: "use one of the manifest's locales (\(Self.list(locales))), or remove the entry"))
                }
                for (index, code) in entry.codes.enumerated() {
                    let location = index < entry.codeLocations.count ? entry.codeLocations[index] : entry.location
                    guard let known = StoreLocaleTable.code(code, in: store) else {
                        let codes = StoreLocaleTable.codes(of: store)
                        engine.report(Diagnostic(.error, code: .unknownStoreLocale,
                                                 message: "\(store.storeName) has no locale '\(code)'"
                                                     + Self.suggestion(for: code, in: codes),
                                                 at: location,
                                                 fix: "use one of \(store.storeName)'s locale codes (the list is in docs/outputs.md, 'Store locales'), or [] to leave '\(entry.locale)' out"))
                        continue
                    }
                    if let first = claimed[known], !LocalizedText.same(first.locale, entry.locale) {
                        var diagnostic = Diagnostic(.error, code: .storeLocaleConflict,
                                                    message: "'\(entry.locale)' and '\(first.locale)' are both mapped to \(store.storeName)'s '\(known)', whose folder holds the notes of one locale",
                                                    at: location,
                                                    fix: "map one of them to another code, or to [] to leave it out of \(store.storeName)")
                        if let place = first.location { diagnostic.notes = [Diagnostic.Note("'\(first.locale)' is mapped to '\(known)' here", at: place)] }
                        engine.report(diagnostic)
                    } else {
                        claimed[known] = (entry.locale, location)
                    }
                }
            }
        }
    }

    /// "; did you mean 'x'?" for a near miss, else for the first candidate of the same language (`ja-JP` → `ja`).
    static func suggestion(for word: String, in candidates: [String]) -> String {
        let language = LocalizedText.language(of: word).lowercased()
        let nearest = Suggestion.closest(to: word, in: candidates)
            ?? candidates.first { LocalizedText.language(of: $0).lowercased() == language && !LocalizedText.same($0, word) }
        return nearest.map { "; did you mean '\($0)'?" } ?? ""
    }

    private static func list(_ locales: [String]) -> String {
        locales.isEmpty ? "it has none" : locales.map { "'\($0)'" }.joined(separator: ", ")
    }
}
