import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewRender

extension OutputChecks {
    /// `--format fastlane`: one selected version (`entries`), a language to write, a whole-number versionCode
    /// for Google Play, and each store's limit on each locale's notes; a locale a store gets no notes for is a
    /// warning, a store without a feature for its platforms a note. The plan, or nil when that is an error (a file
    /// over its store's limit names the version, the locale, the file and its length; the run then writes no file).
    package static func fastlane(_ manifest: Manifest, entries: [VersionEntry], engine: DiagnosticEngine) -> FastlanePlan? {
        guard entries.count == 1, let entry = entries.first else {
            let count = entries.isEmpty ? "no version is selected" : "\(entries.count) versions are selected"
            engine.report(Diagnostic(.error, code: .fastlaneOneVersion,
                                     message: "--format fastlane writes the store notes of one version, and \(count)",
                                     fix: "choose it with --release V, --release latest (the newest that is not a pre-release) or --release latest-prerelease"))
            return nil
        }
        let locales = manifest.writtenLocales
        guard !locales.isEmpty else {
            engine.report(Diagnostic(.error, code: .missingLocale,
                                     message: "--format fastlane writes each language's notes into the store's folder for it, and the manifest names no language: no text is localized and there is no 'defaults.locale'",
                                     at: entry.versionLocation ?? entry.location,
                                     fix: "add 'defaults: { locale: en }' with the language the texts are written in"))
            return nil
        }
        let errors = engine.errorCount
        var stores: [FastlanePlan.Store] = []
        for store in StoreLint.allCases {
            let map = StoreLocaleMap(store: store, locales: locales, overrides: manifest.stores.overrides(for: store))
            reportUnwritten(map, in: manifest, engine: engine)
            guard let changelog = changelogName(of: entry, for: store, engine: engine) else { continue }
            var notes = entry
            notes.features = entry.features.filter { $0.platforms.isEmpty || $0.platforms.contains { store.platforms.contains($0.lowercased()) } }
            guard !notes.features.isEmpty else {
                engine.report(Diagnostic(.note, code: .emptyAfterPlatformFilter,
                                         message: "\(entry.name) has no feature for \(store.storeName)'s platforms (\(store.platforms.joined(separator: ", "))), so no notes are written for it",
                                         at: entry.versionLocation ?? entry.location,
                                         fix: "add a feature without 'platforms', or with one of these"))
                continue
            }
            var texts: [FastlanePlan.Store.Text] = []
            for mapped in map.entries {
                let text = StoreLimitRule.plainText(of: notes, in: manifest, locale: mapped.locale)
                let length = store.countedLength(of: text)
                if length > store.limit {
                    let path = FastlaneEmitter.path(of: store, code: mapped.code, changelog: changelog)
                    engine.report(Diagnostic(.error, code: .storeLimit,
                                             message: "the notes of \(entry.name) in '\(mapped.locale)' are \(length) characters for \(store.storeName) ('\(path)'); it allows \(store.limit)",
                                             at: entry.versionLocation ?? entry.location,
                                             fix: "shorten them by \(length - store.limit) characters, or move details to a 'present' page"))
                }
                texts.append(FastlanePlan.Store.Text(code: mapped.code, locale: mapped.locale, text: text))
            }
            stores.append(FastlanePlan.Store(store: store, changelog: changelog, texts: texts))
        }
        return engine.errorCount > errors ? nil : FastlanePlan(entry: entry, stores: stores)
    }

    /// The name of the version's Google Play changelog: its versionCode, a whole number (`build`), or
    /// `default` without one; empty for the App Store. Nil (an error) when `build` is not a whole number.
    private static func changelogName(of entry: VersionEntry, for store: StoreLint, engine: DiagnosticEngine) -> String? {
        guard store == .playstore else { return "" }
        guard let build = entry.build else { return "default" }
        guard let code = UInt64(build) else {
            engine.report(Diagnostic(.error, code: .invalidVersionCode,
                                     message: "\(entry.name) has build '\(build)', and Google Play's changelog is named by its versionCode, a whole number",
                                     at: entry.versionLocation ?? entry.location,
                                     fix: "write the versionCode as 'build' (e.g. 'build: 1234'), or leave 'build' out to write 'default.txt'"))
            return nil
        }
        return String(code)
    }

    /// A locale the store gets no notes for is a warning: it has no code for it, or another locale writes it.
    private static func reportUnwritten(_ map: StoreLocaleMap, in manifest: Manifest, engine: DiagnosticEngine) {
        let key = map.store == .appstore ? "appStore" : "playStore"
        for unwritten in map.unwritten {
            let why: String
            if let code = unwritten.code, let other = unwritten.by {
                why = "its code '\(code)' is written with the notes of '\(other)'"
            } else {
                why = "\(map.store.storeName) has no locale for it"
            }
            let language = LocalizedText.language(of: unwritten.locale).lowercased()
            let sameLanguage = StoreLocaleTable.codes(of: map.store).filter { LocalizedText.language(of: $0).lowercased() == language }
            let example = sameLanguage.first.map { " (e.g. '\(unwritten.locale): \($0)')" } ?? ""
            engine.report(Diagnostic(.warning, code: .storeLocaleUnmapped,
                                     message: "the notes in '\(unwritten.locale)' are not written for \(map.store.storeName): \(why)",
                                     at: StoreLocaleMap.location(of: unwritten.locale, in: manifest),
                                     fix: "map it to a code of \(map.store.storeName) in 'stores.\(key).locales'\(example), or to [] to leave it out"))
        }
    }
}
