import TestSupport
import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewReader

/// `missing-translation` (issue 17, item 6): a text warns only where its fallback chain (locale → language →
/// defaults.locale → first entry) does not reach a translation in the language of a locale other texts have,
/// and says which locale is missing and which text a reader of it gets instead.
final class MissingTranslationRuleTests: XCTestCase {
    private func warnings(_ yaml: String) -> [String] {
        RuleTesting.diagnostics(of: MissingTranslationRule(), in: yaml).map { diagnostic in
            "\(diagnostic.range?.start.line ?? 0):\(diagnostic.range?.start.column ?? 0) \(diagnostic.message) | \(diagnostic.fix ?? "")"
        }
    }

    /// The issue's case: one `de-AT` override on one feature made every German text warn.
    func testOneRegionalOverrideDoesNotMakeEveryTextOfItsLanguageWarn() {
        XCTAssertEqual(warnings("""
            defaults: { locale: en }
            versions:
              - version: 1.0.0
                title: { en: "What's New", de: Neuigkeiten }
                features:
                  - { title: { en: Maps, de: Karten, de-AT: Landkarten }, subtitle: { en: Offline., de: Offline. } }
                  - { title: { en: Trails, de: Wege }, subtitle: { en: Hiking., de: Wandern. } }
            """), [], "every text has 'de', which a 'de-AT' reader's chain reaches")
    }

    func testATextWithoutTheLanguageSaysWhichLocaleAndWhichFallback() {
        XCTAssertEqual(warnings("""
            defaults: { locale: en }
            versions:
              - version: 1.0.0
                title: { en: "What's New", de: Neuigkeiten }
                features:
                  - { title: { en: Maps, de-AT: Landkarten }, subtitle: { en: Offline., de: Offline. } }
            """), [
                "6:18 the title of feature 'Maps' of version 1.0.0 has no 'de' translation, which other texts of the manifest have; "
                    + "a 'de' reader gets its 'en' text (defaults.locale) | add 'de: …'",
            ], "a 'de' reader's chain does not reach 'de-AT'; the 'de-AT' reader of the title is served by 'de'")
        XCTAssertEqual(warnings("""
            versions:
              - version: 1.0.0
                title: { ja: 新機能, en: "What's New", de: Neuigkeiten }
                features:
                  - { title: { en: Maps, ja: 地図 }, subtitle: Offline. }
            """), [
                "5:18 the title of feature 'Maps' of version 1.0.0 has no 'de' translation, which other texts of the manifest have; "
                    + "a 'de' reader gets its first entry, 'en' | add 'de: …'",
            ])
    }

    func testARegionalLocaleIsServedByItsLanguageAndNamedOnlyWithoutIt() {
        // 'de-AT' and 'de' both missing: adding 'de' serves both, so 'de' alone is named.
        XCTAssertEqual(warnings("""
            defaults: { locale: en }
            versions:
              - version: 1.0.0
                title: { en: "What's New", de: Neuigkeiten, de-AT: Neuigkeiten, fr: Nouveautés }
                features:
                  - { title: { en: Maps }, subtitle: Offline. }
            """), [
                "6:18 the title of feature 'Maps' of version 1.0.0 has no 'de' or 'fr' translation, which other texts of the manifest have; "
                    + "readers of those locales get its 'en' text (defaults.locale) | add 'de: …', 'fr: …'",
            ])
        // A first entry in the reader's language serves: a 'de' reader of { de-CH, en } gets 'de-CH'.
        XCTAssertEqual(warnings("""
            versions:
              - version: 1.0.0
                title: { de: Neuigkeiten, en: New }
                features:
                  - { title: { de-CH: Karten, en: Maps }, subtitle: Offline. }
            """), [])
    }

    func testAnotherScriptDoesNotServe() {
        XCTAssertEqual(warnings("""
            versions:
              - version: 1.0.0
                title: { zh-Hans: 新功能, zh-Hant: 新功能, en: New }
                features:
                  - { title: { zh-Hans: 地图, en: Maps }, subtitle: Offline. }
            """), [
                "5:18 the title of feature '地图' of version 1.0.0 has no 'zh-Hant' translation, which other texts of the manifest have; "
                    + "a 'zh-Hant' reader gets its first entry, 'zh-Hans' | add 'zh-Hant: …'",
            ])
    }

    /// Issue 26: 40,000 locales (some 400 KB) took 49 s to validate, every locale compared with every other and
    /// with every entry of every text. Found by hashing now; a text lacking thousands names the first ten.
    func testFortyThousandLocalesAreCollectedOnceAndAWarningNamesTheFirstTen() {
        let locales = LocaleCodes.first(40_000)
        let yaml = """
            versions:
              - version: 1.0.0
                title: { en: New }
                features:
                  - { title: { en: Maps, \(locales.map { "\($0): x" }.joined(separator: ", ")) } }
            """
        let file = SourceFile(name: "test.yaml", text: yaml)
        guard let root = YAMLParser.parse(file, format: YAMLInputFormat(fileName: "test.yaml")).root else { return XCTFail("no root") }
        var decoder = ManifestDecoder(engine: DiagnosticEngine())
        decoder.addInput(root, file: file)
        let manifest = decoder.finish(firstFile: file)
        XCTAssertEqual(manifest.writtenLocales, ["en"] + locales)
        let named = locales.prefix(10).map { "'\($0)'" }
        XCTAssertEqual(warnings(yaml), [
            "3:12 the title of version 1.0.0 has no translation in 40000 locales (\(named.joined(separator: ", ")) and 39990 more), "
                + "which other texts of the manifest have; readers of those locales get its first entry, 'en' | add "
                + locales.prefix(10).map { "'\($0): …'" }.joined(separator: ", ") + " and the 39990 more",
        ])
    }
}
