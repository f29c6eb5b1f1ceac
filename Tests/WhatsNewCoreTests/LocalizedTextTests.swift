import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewReader

/// The entries of a text: the one entry of a plain string (stored without an array), and a locale map's.
final class LocalizedTextTests: XCTestCase {
    private let file = SourceFile(name: "test.yaml", text: "title: Hello\n")

    private func location(_ startColumn: Int, _ endColumn: Int) -> SourceLocation {
        SourceLocation(file: file, range: SourceRange(start: Mark(line: 1, column: startColumn, offset: startColumn - 1),
                                                      end: Mark(line: 1, column: endColumn, offset: endColumn - 1)))
    }

    func testPlainTextHasOneEntryWithoutLocaleAtTheTextsLocation() {
        let text = LocalizedText("Hello", location: location(8, 13))
        XCTAssertEqual(text.entries.count, 1)
        XCTAssertEqual(text.entries.map(\.text), ["Hello"])
        XCTAssertEqual(text.entries.first?.locale, nil)
        XCTAssertEqual(text.entries.first?.location, location(8, 13))
        XCTAssertFalse(text.isLocalized)
        XCTAssertEqual(text.locales, [])
    }

    func testLocaleMapKeepsItsEntriesInOrderWithTheirLocations() {
        let entries = [LocalizedText.Entry(locale: "en", text: "Hello", location: location(2, 3)),
                       LocalizedText.Entry(locale: "de", text: "Hallo", location: location(4, 5))]
        let text = LocalizedText(entries: entries, location: location(1, 6))
        XCTAssertEqual(Array(text.entries), entries)
        XCTAssertEqual(text.entries.map(\.location), [location(2, 3), location(4, 5)])
        XCTAssertEqual(text.entries.indices, 0..<2)
        XCTAssertEqual(text.entries.last?.text, "Hallo")
        XCTAssertTrue(text.isLocalized)
        XCTAssertEqual(text.locales, ["en", "de"])
    }

    func testOneEntryWrittenElsewhereThanItsTextKeepsItsOwnLocation() {
        let entry = LocalizedText.Entry(locale: nil, text: "Hello", location: location(8, 13))
        let text = LocalizedText(entries: [entry], location: location(1, 13))
        XCTAssertEqual(text.entries.first?.location, location(8, 13))
        XCTAssertEqual(text.location, location(1, 13))
    }

    func testEqualityAndHashIgnoreHowTheEntriesAreStored() {
        let plain = LocalizedText("Hello", location: location(8, 13))
        let listed = LocalizedText(entries: [LocalizedText.Entry(locale: nil, text: "Hello")], location: location(1, 2))
        XCTAssertEqual(plain, listed)
        XCTAssertEqual(plain.hashValue, listed.hashValue)
        XCTAssertNotEqual(plain, LocalizedText(entries: [LocalizedText.Entry(locale: "en", text: "Hello"),
                                                         LocalizedText.Entry(locale: "de", text: "Hello")]))
    }

    func testDecodedPlainTextHasItsEntryAtItsScalar() throws {
        let engine = DiagnosticEngine()
        let document = YAMLParser.parse(file, format: .yaml)
        let node = try XCTUnwrap(document.root?["title"])
        let text = try XCTUnwrap(ManifestDecoder(engine: engine).decodeText(node, for: "title",
                                                                             context: DecodingContext(file: file, engine: engine)))
        XCTAssertEqual(text.entries.first?.location?.range?.description, "1:8#7-1:13#12")
        XCTAssertEqual(text.entries.first?.location, text.location)
    }
}
