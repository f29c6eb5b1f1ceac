import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewRender

/// `emoji` beside `systemName` or `file`: the glyph the text outputs show for the image.
final class ImageEmojiOverrideTests: XCTestCase {
    private func load(_ image: String) throws -> (Manifest?, [String]) {
        let text = "images:\n  pic: \(image)\nversions: [{ version: 1.0.0, features: [{ image: pic, title: T, subtitle: S }] }]\n"
        let directory = try TemporaryDirectory("emoji")
        try directory.write("logo.svg", #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>"#)
        let engine = DiagnosticEngine()
        let manifest = try Compiler().load(contents: Array(text.utf8), name: directory.path("notes.yaml"), engine: engine)
        return (manifest, engine.diagnostics.filter { $0.severity == .error }.map(\.code))
    }

    func testAnEmojiMayStandBesideASymbolOrAFile() throws {
        let (symbol, symbolErrors) = try load(#"{ systemName: map.fill, emoji: "🧭" }"#)
        XCTAssertEqual(symbolErrors, [])
        XCTAssertEqual(symbol?.images["pic"]?.source, .systemName("map.fill"))
        XCTAssertEqual(symbol?.images["pic"]?.emoji, "🧭")
        let (file, fileErrors) = try load(#"{ file: logo.svg, emoji: "🥾", alt: Trails logo }"#)
        XCTAssertEqual(fileErrors, [])
        XCTAssertEqual(file?.images["pic"]?.source, .file("logo.svg"))
        XCTAssertEqual(file?.images["pic"]?.emoji, "🥾")
        let (alone, aloneErrors) = try load(#"{ emoji: "🥾" }"#)
        XCTAssertEqual(aloneErrors, [])
        XCTAssertEqual(alone?.images["pic"]?.source, .emoji("🥾"))
        XCTAssertNil(alone?.images["pic"]?.emoji)
        // A symbol and a file are still one too many; no source at all, none; the schema's emoji rules hold beside them.
        XCTAssertEqual(try load(#"{ systemName: map, file: logo.svg, emoji: "🥾" }"#).1, ["invalid-image"])
        XCTAssertEqual(try load("{ foregroundColor: red }").1, ["invalid-image"])
        XCTAssertEqual(try load(#"{ systemName: map, emoji: "" }"#).1, ["schema-minLength"])
    }

    /// The built-in schema says the same (for editors that check a manifest as it is typed).
    func testTheSchemaAllowsTheOverride() throws {
        let schema = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent("Schemas/whatsnew.schema.json"), encoding: .utf8)
        XCTAssertTrue(schema.contains(#"{"required": ["emoji"], "not": {"anyOf": [{"required": ["systemName"]}, {"required": ["file"]}]}}"#))
    }

    /// The glyph of every output but the HTML page's file: a symbol's emoji replaces the table's everywhere
    /// (SPEC: "a glyph to show everywhere"), a file's is shown for it in text.
    func testTheOverrideIsTheGlyph() throws {
        let (symbol, _) = try load(#"{ systemName: map.fill, emoji: "🧭" }"#)
        let symbolNotes = ReleaseNotes(try XCTUnwrap(symbol))
        XCTAssertEqual(symbolNotes.versions[0].features[0].image?.glyph, "🧭")
        XCTAssertEqual(symbolNotes.versions[0].features[0].imageLabel, .glyph("🧭"))
        let (file, _) = try load(#"{ file: logo.svg, emoji: "🥾" }"#)
        let fileNotes = ReleaseNotes(try XCTUnwrap(file))
        let image = try XCTUnwrap(fileNotes.versions[0].features[0].image)
        XCTAssertEqual(fileNotes.versions[0].features[0].imageLabel, .glyph("🥾"))
        guard case .file = image.kind else { return XCTFail("the page still shows the file") }
        let (plainFile, _) = try load("{ file: logo.svg }")
        XCTAssertEqual(ReleaseNotes(try XCTUnwrap(plainFile)).versions[0].features[0].imageLabel, ReleaseNotes.Image.TextLabel.none,
                       "its alt would repeat the title")
    }
}
