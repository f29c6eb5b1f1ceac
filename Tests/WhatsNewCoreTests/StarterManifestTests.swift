import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText

/// The text `whatsnew init` writes (the CLI tests validate it against the schema and the rules).
final class StarterManifestTests: XCTestCase {
    func testStartsWithTheSchemaCommentAndEndsWithANewline() {
        XCTAssertEqual(StarterManifest.text.split(separator: "\n", maxSplits: 1).first.map(String.init),
                       "# yaml-language-server: $schema=https://whatsnew.dev/schemas/whatsnew.schema.json")
        XCTAssertTrue(StarterManifest.text.hasSuffix("\n"))
        XCTAssertFalse(StarterManifest.text.hasSuffix("\n\n"))
        XCTAssertFalse(StarterManifest.text.contains("\t"), "YAML indents with spaces")
    }

    func testReadsWithoutProblems() throws {
        let file = SourceFile(name: StarterManifest.defaultFileName, text: StarterManifest.text)
        let document = YAMLParser.parse(file, format: .yaml, limits: YAMLLimits())
        XCTAssertEqual(document.errors.map(\.message), [])
        let dump = try XCTUnwrap(document.root).dump(positions: false)
        for key in ["app", "defaults", "images", "primaryActions", "secondaryActions", "versions"] {
            XCTAssertTrue(dump.contains("\n  ? string \"\(key)\"\n"), key)
        }
    }
}
