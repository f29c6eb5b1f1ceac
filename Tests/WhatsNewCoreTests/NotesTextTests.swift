import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewRender

/// The notes keep a subtitle the input writes as it is as the place it is written, and make it into a string
/// when an output reads it: the same text as a string made at once, without a second copy of it held beside
/// the manifest while the notes are resolved.
final class NotesTextTests: XCTestCase {
    private func notes(_ text: String, locale: String? = nil) throws -> ReleaseNotes {
        let engine = DiagnosticEngine()
        let manifest = try XCTUnwrap(try Compiler().load(contents: Array(text.utf8), name: "notes.yaml", engine: engine))
        XCTAssertEqual(engine.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        var selection = Selection()
        selection.locale = locale
        return ReleaseNotes(manifest, selection: selection)
    }

    func testSubtitlesWrittenAsTheyAreAreKeptAsTheirPlace() throws {
        let features = try notes("""
            versions:
              - version: 1.0.0
                features:
                  - { title: Plain, subtitle: Download a **region**. }
                  - { title: Quoted, subtitle: "Maps in \\"3D\\"" }
                  - title: Folded
                    subtitle: >-
                      two
                      lines
                  - { title: None }
            """).versions[0].features
        XCTAssertEqual(features.map(\.subtitle), ["Download a **region**.", "Maps in \"3D\"", "two lines", ""])
        XCTAssertEqual(features.map(\.subtitleText.isWritten), [true, false, false, false],
                       "a text with escapes or folding is the string it reads as")
        XCTAssertEqual(features.map(\.hasSubtitle), [true, true, true, false])
        XCTAssertEqual(features.map(\.subtitleByteCount), features.map(\.subtitle.utf8.count))
    }

    func testALocalizedSubtitleIsTheStringOfItsLocaleWithItsLanguage() throws {
        let version = try notes("""
            defaults: { locale: en }
            versions:
              - version: 1.0.0
                features:
                  - title: { en: Maps, de: Karten }
                    subtitle: { en: Offline maps }
            """, locale: "de").versions[0]
        XCTAssertEqual(version.features[0].subtitle, "Offline maps")
        XCTAssertFalse(version.features[0].subtitleText.isWritten)
        XCTAssertEqual(version.languages.language(of: .featureSubtitle(0)), "en", "the fallback's language is noted")
    }

    func testAWrittenTextEqualsTheSameString() throws {
        let features = try notes("""
            versions:
              - version: 1.0.0
                features:
                  - { title: A, subtitle: Same text }
            """).versions[0].features
        var copy = features[0]
        copy.subtitle = "Same text"
        XCTAssertFalse(copy.subtitleText.isWritten)
        XCTAssertEqual(copy, features[0])
        XCTAssertEqual(Set([copy, features[0]]).count, 1)
        copy.subtitle = "Other text"
        XCTAssertNotEqual(copy, features[0])
    }
}
