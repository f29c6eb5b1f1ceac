import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewRender
import SourceText

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

    func testIdsTitlesAndAltTextsAreKeptAsTheirPlaceToo() throws {
        let features = try notes("""
            images:
              star: { systemName: star.fill }
              boot: { emoji: "🥾", alt: Hiking boot }
            versions:
              - version: 1.0.0
                features:
                  - { id: stats-dashboard-1-0-0, image: star, title: Stats dashboard for the year, subtitle: S }
                  - { id: "quoted-id", image: boot, title: "Quoted \\u00e9 title" }
            """).versions[0].features
        XCTAssertEqual(features.map(\.id), ["stats-dashboard-1-0-0", "quoted-id"])
        XCTAssertEqual(features.map { $0.idText?.isWritten }, [true, true])
        XCTAssertEqual(features.map(\.title), ["Stats dashboard for the year", "Quoted é title"])
        XCTAssertEqual(features.map(\.titleText.isWritten), [true, false])
        XCTAssertEqual(features.map { $0.image?.alt }, ["Stats dashboard for the year", "Hiking boot"],
                       "an image without alt text takes its feature's title")
        XCTAssertEqual(features[0].image?.altText.isWritten, true)
        XCTAssertEqual(features[0].anchor, "v1.0.0-stats-dashboard-1-0-0")
        // The terminal and Markdown show no label for an alt that is the title (compared as kept, in place).
        XCTAssertEqual(features[0].image?.textLabel(before: features[0].titleText), .glyph(features[0].image?.glyph ?? ""))
    }

    func testKeptTextsCompareAndHashAsTheirStrings() {
        let source = Array("a title".utf8)
        let written = KeptText(written: WrittenText(source: source, bytes: 2..<7))
        XCTAssertTrue(written.isWritten)
        XCTAssertEqual(written, KeptText("title"))
        XCTAssertNotEqual(written, KeptText("titles"))
        XCTAssertNotEqual(written, KeptText("Title"))
        XCTAssertEqual(Set([written, KeptText("title")]).count, 1)
        XCTAssertEqual(written.utf8Count, 5)
        XCTAssertTrue(KeptText("").isEmpty)
    }

    func testTheModelKeepsItsValuesCompact() {
        // A large manifest keeps tens of thousands of features and hundreds of thousands of texts and locations.
        XCTAssertEqual(MemoryLayout<OptionalLocation>.size, MemoryLayout<SourceLocation>.size)
        XCTAssertEqual(MemoryLayout<KeptText?>.size, 16)
        XCTAssertEqual(MemoryLayout<LocalizedText.Storage>.size, 16)
        XCTAssertLessThanOrEqual(MemoryLayout<WhatsNewModel.Feature>.size, 152)
        XCTAssertLessThanOrEqual(MemoryLayout<ReleaseNotes.Feature>.stride, 112)
        let location = SourceLocation(fileID: SourceFileID.none, startOffset: 1, endOffset: 2)
        XCTAssertNil(OptionalLocation(nil).value)
        XCTAssertNil(OptionalLocation(location).value, "file number 0 is no file")
        let file = SourceFile(name: "a.yaml", text: "a: b\n")
        let real = SourceLocation(file: file, startOffset: 3, endOffset: 4)
        XCTAssertEqual(OptionalLocation(real).value, real)
    }
}
