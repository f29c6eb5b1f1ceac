import TestSupport
import XCTest
import YAMLTree
@testable import WhatsNewCore

/// Versions decoded while their input is parsed give exactly what decoding the finished tree gives, and
/// are used only when the finished tree's `versions` holds the items that were decoded.
final class EarlyVersionsTests: XCTestCase {
    /// The manifest and the diagnostics of decoding `text`, with or without its versions decoded early, and
    /// whether the early ones were taken.
    /// (With `checking`, the items are also checked against the schema as they are read, and the tree holds
    /// stand-ins for them.)
    private func decode(_ text: String, early: Bool, checking: Bool = false) -> (manifest: String, diagnostics: [String], tookEarly: Bool) {
        let engine = DiagnosticEngine()
        let input = InputLoader.parse(Array(text.utf8), displayName: "test.yaml", isFragment: false, options: ReadOptions(),
                                      decodingVersions: early, checkingVersions: checking, engine: engine)
        var tookEarly = false
        if let root = input.root, !input.hasReadingErrors {
            var decoder = ManifestDecoder(engine: engine)
            let probe = early ? EarlyVersions(file: input.file) : nil
            if let probe, let items = root["versions"]?.sequence {
                // Decoding the same text again through a probe tells whether the parser's items match the tree.
                _ = YAMLParser.parse(SourceFile(name: "test.yaml", text: text), handingOutItems: probe.observer)
                tookEarly = probe.take(for: items) != nil
            }
            decoder.addInput(root, file: input.file, earlyVersions: input.earlyVersions)
            // Every stored value, with each source location's range (a file shows as its type's name).
            let dumped = String(describing: decoder.finish(firstFile: input.file).versions)
            let diagnostics = engine.diagnostics.map { "\($0.range?.start.description ?? "-") \($0.code): \($0.message)" }
            return (dumped, diagnostics, tookEarly)
        }
        return ("", engine.diagnostics.map { "\($0.code): \($0.message)" }, false)
    }

    private func assertSameDecoding(_ text: String, takesEarly: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let late = decode(text, early: false)
        let early = decode(text, early: true)
        XCTAssertEqual(early.manifest, late.manifest, file: file, line: line)
        XCTAssertEqual(early.diagnostics, late.diagnostics, file: file, line: line)
        XCTAssertEqual(early.tookEarly, takesEarly, file: file, line: line)
        let checked = decode(text, early: true, checking: true)
        XCTAssertEqual(checked.manifest, late.manifest, "with the items dropped from the tree", file: file, line: line)
        XCTAssertEqual(checked.diagnostics, late.diagnostics, "with the items dropped from the tree", file: file, line: line)
    }

    func testTheExampleManifestDecodesTheSameEarly() throws {
        let text = try String(contentsOf: Paths.fixtures.appendingPathComponent("notes.yaml"), encoding: .utf8)
        assertSameDecoding(text, takesEarly: true)
        XCTAssertFalse(decode(text, early: true).manifest.isEmpty)
    }

    func testVersionsWithErrorsReportTheSameDiagnostics() {
        let text = """
        versions:
          - version: 1.2.x
            features:
              - title: A
                subtitle: B
                colour: red
          - version: 1.3.0
            features: nope
          - just a string
          - version: 1.4.0
            features:
              - title: C
                subtitle: D

        """
        assertSameDecoding(text, takesEarly: true)
        XCTAssertFalse(decode(text, early: true).diagnostics.isEmpty)
    }

    func testAliasesAndMergeKeysInsideVersions() {
        let text = """
        x-feature: &feature
          title: Shared
          subtitle: Everywhere
        versions:
          - &first
            version: 1.0.0
            features: [*feature]
          - <<: *first
            version: 1.1.0
          - *first

        """
        assertSameDecoding(text, takesEarly: true)
    }

    func testVersionsFromATopLevelMergeAreDecodedFromTheTree() {
        let text = """
        base: &base
          versions:
            - version: 2.0.0
              features: [{title: T, subtitle: S}]
        <<: *base

        """
        // `base` is an unknown key, reported the same both ways; the merged `versions` was never handed out.
        assertSameDecoding(text, takesEarly: false)
    }

    func testVersionsThatAreNotASequenceOrEmpty() {
        assertSameDecoding("versions: 3\n", takesEarly: false)
        assertSameDecoding("versions: []\n", takesEarly: true)
        assertSameDecoding("app: {name: X}\nversions:\n", takesEarly: false)
    }

    func testATreeWhoseVersionsAreNotTheItemsHandedOutIsReadAgainWhole() throws {
        // The first `versions` (handed out, then dropped) is a duplicate key: an error, so nothing is used.
        // A merge that brings in `versions` where none is written is never handed out. Either way no stand-in
        // is left for anyone to decode or check.
        let text = "base: &base\n  versions: [{version: 2.0.0, features: []}]\n<<: *base\n"
        let input = InputLoader.parse(Array(text.utf8), displayName: "test.yaml", isFragment: false, options: ReadOptions(),
                                      decodingVersions: true, checkingVersions: true, engine: DiagnosticEngine())
        let versions = try XCTUnwrap(input.root?["versions"]?.sequence)
        XCTAssertFalse(versions.contains { $0.isStandIn })
        XCTAssertEqual(input.wholeTree()?.dump(positions: true), input.root?.dump(positions: true))
    }

    func testDroppedVersionsLeaveStandInsAndTheWholeTreeCanBeReadAgain() throws {
        let text = "app: {name: X}\nversions:\n  - {version: 1.0.0, features: []}\n  - {version: 1.1.0, features: [{title: A, subtitle: B}]}\n"
        let input = InputLoader.parse(Array(text.utf8), displayName: "test.yaml", isFragment: false, options: ReadOptions(),
                                      decodingVersions: true, checkingVersions: true, engine: DiagnosticEngine())
        let versions = try XCTUnwrap(input.root?["versions"]?.sequence)
        XCTAssertEqual(versions.map(\.isStandIn), [true, true])
        XCTAssertTrue(input.hasStandIns)
        let whole = try XCTUnwrap(YAMLParser.parse(SourceFile(name: "test.yaml", text: text)).root)
        XCTAssertEqual(input.wholeTree()?.dump(positions: true), whole.dump(positions: true))
        XCTAssertEqual(versions.map(\.range), try XCTUnwrap(whole["versions"]?.sequence).map(\.range))
    }

    func testReadingErrorsLeaveNothingDecodedEarly() {
        let engine = DiagnosticEngine()
        let text = "versions:\n  - version: 1.0.0\n    features: [{title: A, subtitle: B}]\nversions: []\n"
        let input = InputLoader.parse(Array(text.utf8), displayName: "test.yaml", isFragment: false, options: ReadOptions(),
                                      decodingVersions: true, engine: engine)
        XCTAssertTrue(input.hasReadingErrors)
        XCTAssertNil(input.earlyVersions)
        XCTAssertEqual(engine.diagnostics.map(\.code), ["duplicate-key"])
    }

    func testALargeManifestParsedOnAThreadDecodesTheSameEarly() {
        var text = "versions:\n"
        for index in 0..<3_000 {
            text += "  - version: 1.\(index).0\n    date: 2024-01-0\(index % 9 + 1)\n    features:\n"
            text += "      - title: \"Feature \\u00e9 \(index)\"\n        subtitle: Text with *Markdown* \(index)\n"
            if index % 500 == 7 { text += "        colour: red\n" }
        }
        XCTAssertGreaterThan(text.utf8.count, 128 * 1024, "large enough for the parser's thread")
        assertSameDecoding(text, takesEarly: true)
    }
}
