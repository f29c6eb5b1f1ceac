import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewReader

/// The built-in table of store locale codes, the manifest's `stores` overrides, and `StoreLocaleRule`.
final class StoreLocaleTests: XCTestCase {
    private func code(_ locale: String, _ store: StoreLint) -> String? {
        StoreLocaleTable.defaultCode(for: locale, in: store)?.code
    }

    func testTheTablesHoldEachStoresCodesOnce() {
        XCTAssertEqual(StoreLocaleTable.appStore.count, 50, "App Store Connect's 50 localizations")
        XCTAssertEqual(Set(StoreLocaleTable.appStore.map { $0.lowercased() }).count, StoreLocaleTable.appStore.count)
        XCTAssertEqual(Set(StoreLocaleTable.playStore.map { $0.lowercased() }).count, StoreLocaleTable.playStore.count)
        // Every alias names a code of its store.
        for (alias, target) in StoreLocaleTable.appStoreAliases { XCTAssertNotNil(StoreLocaleTable.code(target, in: .appstore), alias) }
        for (alias, target) in StoreLocaleTable.playStoreAliases { XCTAssertNotNil(StoreLocaleTable.code(target, in: .playstore), alias) }
    }

    func testBuiltInCodes() {
        let cases: [(String, String?, String?)] = [
            // manifest locale, App Store, Google Play
            ("en", "en-US", "en-US"),
            ("en-GB", "en-GB", "en-GB"),
            ("en_gb", "en-GB", "en-GB"),
            ("de", "de-DE", "de-DE"),
            ("ja", "ja", "ja-JP"),
            ("ja-JP", "ja", "ja-JP"),
            ("zh-Hans", "zh-Hans", "zh-CN"),
            ("zh-Hant", "zh-Hant", "zh-TW"),
            ("zh-CN", "zh-Hans", "zh-CN"),
            ("pt", "pt-BR", "pt-BR"),
            ("pt-PT", "pt-PT", "pt-PT"),
            ("he", "he", "iw-IL"),
            ("nb", "no", "no-NO"),
            ("es-419", "es-MX", "es-419"),
            ("ar", "ar-SA", "ar"),
            ("ur", "ur-PK", "ur"),
            ("sw", nil, "sw"),
            ("eo", nil, nil),
            ("de-AT", nil, nil),
        ]
        for (locale, appStore, playStore) in cases {
            XCTAssertEqual(code(locale, .appstore), appStore, "\(locale) on the App Store")
            XCTAssertEqual(code(locale, .playstore), playStore, "\(locale) on Google Play")
        }
    }

    func testAnExactLocaleWinsOverOneThatMapsToTheSameCode() {
        let map = StoreLocaleMap(store: .appstore, locales: ["en", "en-US", "de"], overrides: [])
        XCTAssertEqual(map.entries.map { "\($0.code)=\($0.locale)" }, ["de-DE=de", "en-US=en-US"])
        XCTAssertEqual(map.unwritten, [StoreLocaleMap.Unwritten(locale: "en", code: "en-US", by: "en-US")])
    }

    func testOverridesAddReplaceAndLeaveOut() {
        let overrides = [
            StoreSettings.Override(locale: "en", codes: ["en-US", "en-gb", "en-AU"]),
            StoreSettings.Override(locale: "de-AT", codes: ["de-DE"]),
            StoreSettings.Override(locale: "fr", codes: []),
        ]
        let map = StoreLocaleMap(store: .appstore, locales: ["en", "de", "de-AT", "fr", "eo"], overrides: overrides)
        XCTAssertEqual(map.entries.map { "\($0.code)=\($0.locale)" }, ["de-DE=de-AT", "en-AU=en", "en-GB=en", "en-US=en"])
        XCTAssertEqual(map.unwritten, [
            StoreLocaleMap.Unwritten(locale: "de", code: "de-DE", by: "de-AT"),
            StoreLocaleMap.Unwritten(locale: "eo", code: nil, by: nil),
        ], "'fr: []' leaves French out without a word")
    }

    func testTheManifestsLocalesAreItsDefaultThenItsTexts() throws {
        let manifest = try XCTUnwrap(Self.manifest("""
            defaults: { locale: fr }
            versions:
              - version: 1.0.0
                features:
                  - { title: { en: Maps, de: Karten }, subtitle: { en: Offline., ja: オフライン } }
            """))
        XCTAssertEqual(manifest.writtenLocales, ["fr", "en", "de", "ja"], "the locales every store's map is made of")
    }

    private func findings(_ yaml: String) -> [String] {
        RuleTesting.diagnostics(of: StoreLocaleRule(), in: yaml).map { diagnostic in
            "\(diagnostic.range?.start.line ?? 0):\(diagnostic.range?.start.column ?? 0) \(diagnostic.severity) \(diagnostic.code): \(diagnostic.message)"
        }
    }

    func testAnUnknownCodeIsAnErrorAtItWithTheNearestCode() {
        XCTAssertEqual(findings("""
            stores:
              appStore: { locales: { de: de-de, ja: ja-JP } }
              playStore:
                locales:
                  ja: [ja-JP, jp-JP]
            versions:
              - version: 1.0.0
                features: [{ title: { de: Karten, ja: 地図 }, subtitle: { de: Offline., ja: オフライン } }]
            """), [
                "2:41 error unknown-store-locale: the App Store has no locale 'ja-JP'; did you mean 'ja'?",
                "5:19 error unknown-store-locale: Google Play has no locale 'jp-JP'; did you mean 'ja-JP'?",
            ], "'de-de' is 'de-DE' in another case")
    }

    func testTwoLocalesMappedToOneCodeConflict() {
        XCTAssertEqual(findings("""
            stores:
              playStore: { locales: { en: en-US, en-GB: [en-GB, en-US] } }
            versions:
              - version: 1.0.0
                features: [{ title: { en: Maps, en-GB: Maps }, subtitle: { en: Offline., en-GB: Offline. } }]
            """), [
                "2:53 error store-locale-conflict: 'en-GB' and 'en' are both mapped to Google Play's 'en-US', whose folder holds the notes of one locale",
            ])
    }

    func testAnEntryForALocaleTheManifestDoesNotHaveIsAWarning() {
        XCTAssertEqual(findings("""
            stores:
              appStore: { locales: { de-CH: de-DE } }
            versions:
              - version: 1.0.0
                features: [{ title: { en: Maps, de-DE: Karten }, subtitle: Offline. }]
            """), [
                "2:26 warning unused-store-locale: 'stores.appStore.locales' maps 'de-CH', which is not a locale of the manifest's texts; did you mean 'de-DE'?",
            ])
    }

    func testValidOverridesAreQuiet() {
        XCTAssertEqual(findings("""
            stores:
              appStore: { locales: { en: [en-US, en-GB], zh-Hans: zh-Hans } }
              playStore: { locales: { zh-Hans: zh-CN, en: [] } }
            versions:
              - version: 1.0.0
                features: [{ title: { en: Maps, zh-Hans: 地图 }, subtitle: { en: Offline., zh-Hans: 离线 } }]
            """), [])
    }

    func testStoreTextIsPlainAndCountedInUTF16Units() {
        let text = StoreText.notes([("Offline **maps**", "Go [offline](https://example.com).\\\nAnywhere."), ("Trails 🥾", "")])
        XCTAssertEqual(text, "• Offline maps — Go offline.\n  Anywhere.\n• Trails 🥾\n")
        XCTAssertEqual(StoreText.length("🥾"), 2, "outside the Basic Multilingual Plane: two UTF-16 units")
        XCTAssertEqual(StoreText.length("e\u{301}"), 2, "a letter and a combining accent")
        XCTAssertEqual(StoreLint.appstore.countedLength(of: "ab\n"), 2, "deliver strips the final line break")
        XCTAssertEqual(StoreLint.playstore.countedLength(of: "ab\n"), 3, "supply sends the file as it is")
        XCTAssertEqual(StoreText.notes([("Evil\u{202E}txt", "bell\u{7}")]), "• Evil\\u{202E}txt — bell\\u{7}\n")
    }

    private static func manifest(_ yaml: String) -> Manifest? {
        let engine = DiagnosticEngine()
        let file = SourceFile(name: "test.yaml", text: yaml)
        guard let root = YAMLParser.parse(file, format: YAMLInputFormat(fileName: "test.yaml")).root else { return nil }
        var decoder = ManifestDecoder(engine: engine)
        decoder.addInput(root, file: file)
        return decoder.finish(firstFile: file)
    }
}
