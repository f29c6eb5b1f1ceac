import TestSupport
import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import JSONSchema
@testable import WhatsNewReader

/// The reading stage reports every problem of a manifest in one run, each once: an item with errors keeps
/// its other checks, and the schema's findings are dropped only where the model found the same problem.
final class ReadingStageTests: XCTestCase {
    /// The diagnostics of reading `text`, as "line:column code".
    private func problems(_ text: String, name: String = "input.yaml", schema: JSONSchema.SchemaValidator? = nil) throws -> [String] {
        let engine = DiagnosticEngine()
        try Compiler(lints: [], schema: schema).load(contents: Array(text.utf8), name: name, engine: engine)
        return engine.diagnostics.map { "\($0.range?.start.line ?? 0):\($0.range?.start.column ?? 0) \($0.code)" }
    }

    func testItemsWithErrorsKeepTheirReferencesResolvedAndUsed() throws {
        for name in ["partial-feature-unknown-key", "partial-title-type", "partial-version-missing", "partial-empty-subtitle",
                     "partial-invalid-url"] {
            let path = Paths.fixtures.appendingPathComponent("invalid/\(name)/input.yaml").path
            let engine = DiagnosticEngine()
            try Compiler().validate([path], engine: engine)
            let codes = engine.diagnostics.map(\.code)
            XCTAssertTrue(codes.contains("unresolved-reference"), "\(name): the typo 'stars' is reported; found \(codes)")
            XCTAssertFalse(codes.contains("unused-reference"), "\(name): 'star' is used by an item with errors; found \(codes)")
            let places = engine.diagnostics.map { "\($0.range?.start.offset ?? -1) \($0.code)" }
            XCTAssertEqual(places.count, Set(places).count, "\(name): each problem once")
        }
    }

    func testTheSameBadColorHasTheSameCodeWhetherItsVersionDecodedOrNot() throws {
        let found = try problems("""
        versions:
          - version: 1.0.0
            features:
              - title: A
                subtitle: B
                image: { systemName: star, foregroundColor: "#12" }
          - features:
              - title: A
                subtitle: B
                image: { systemName: star, foregroundColor: "#12" }

        """)
        XCTAssertEqual(found, ["6:53 invalid-color", "7:5 missing-key", "10:53 invalid-color"])
    }

    func testEachProblemIsReportedOnceByTheClearerLayer() throws {
        let found = try problems("""
        versions:
          - version: 1.2.3.4
            features:
              - subtitle: [x]
                titel: B

        """)
        // Not also schema-pattern, schema-type, schema-required and schema-additionalProperties at the same nodes.
        XCTAssertEqual(found, ["2:14 invalid-version", "4:9 missing-key", "4:19 type-mismatch", "5:9 unknown-key"])
    }

    func testSchemaFailuresTheModelDoesNotReportAreKept() throws {
        // The decoder has no rule for a feature id's pattern or for repeated platforms: the schema's stay.
        let found = try problems("""
        versions:
          - version: 1.0.0
            features:
              - id: Not An Id
                title: A
                subtitle: B
                platforms: [ios, ios]

        """)
        XCTAssertEqual(found, ["4:13 schema-pattern", "7:26 schema-uniqueItems"])
    }

    func testACustomSchemasRootRuleIsReportedBesideOtherRootProblems() throws {
        let custom = try XCTUnwrap(SchemaTesting.validator(#"{"$ref": "https://whatsnew.dev/schemas/whatsnew.schema.json", "required": ["app"]}"#))
        let found = try problems("images: {}\nverisons: []\n", schema: custom)
        XCTAssertEqual(found, ["1:1 no-versions", "1:1 schema-required", "2:1 unknown-key"])
    }

    func testACustomSchemaChecksADocumentWhateverItsRoot() throws {
        let custom = try XCTUnwrap(SchemaTesting.validator(#"{"type": "object"}"#))
        let found = try problems("- version: 1.0.0\n  features: [{title: A, subtitle: B}]\n", schema: custom)
        XCTAssertEqual(found, ["1:1 schema-type"])
    }

    /// Fixing a reported problem never reveals one that was there before: what a fixed text reports is a
    /// part of what the broken one did.
    func testFixingAProblemRevealsNoOtherProblem() throws {
        let lines = [
            "images:",
            "  star: { systemName: star.fill }",
            "secondaryActions:",
            "  site: { title: Site, openURL: \"ftp://example.com\", dismiss: true }",
            "versions:",
            "  - title: Hello",
            "    secondaryAction: sites",
            "    features:",
            "      - image: stars",
            "        title: [x]",
            "        subtitle: \"\"",
            "      - image: { systemName: bolt, foregroundColor: \"#12\" }",
            "        title: Two",
            "        subtitel: Three",
        ]
        let fixes = [
            3: "  site: { title: Site, openURL: \"https://example.com\" }",
            5: "  - version: 1.0.0",
            6: "    secondaryAction: site",
            8: "      - image: star",
            9: "        title: One",
            10: "        subtitle: Text",
            11: "      - image: { systemName: bolt, foregroundColor: \"#123\" }",
            13: "        subtitle: Three",
        ]
        let broken = try problems(lines.joined(separator: "\n") + "\n")
        XCTAssertGreaterThanOrEqual(broken.count, fixes.count)
        for (index, fixed) in fixes {
            var text = lines
            text[index] = fixed
            let remaining = try problems(text.joined(separator: "\n") + "\n")
            XCTAssertLessThan(remaining.count, broken.count, "fixing line \(index + 1) fixed something")
            for problem in remaining {
                XCTAssertTrue(broken.contains(problem), "fixing line \(index + 1) revealed \(problem); before: \(broken)")
            }
        }
        var allFixed = lines
        for (index, fixed) in fixes { allFixed[index] = fixed }
        XCTAssertEqual(try problems(allFixed.joined(separator: "\n") + "\n"), [String]())
    }

    /// An action or image that writes two kinds or sources keeps the checks of both: removing either never
    /// reveals a problem of the other.
    func testAnItemWithTwoKindsKeepsTheChecksOfEach() throws {
        let found = try problems("""
        secondaryActions:
          both:
            title: Both
            openURL: "ftp://example.com"
            present: { body: "" }
        images:
          two: { systemName: star, file: "../outside.png" }
        versions:
          - version: 1.0.0
            secondaryAction: both
            features: [{title: A, subtitle: B, image: two}]

        """)
        XCTAssertEqual(found, ["3:5 invalid-action", "4:14 invalid-url", "5:22 empty-text", "7:8 invalid-image", "7:34 image-outside-root"])
    }

    /// Versions decoded while the text is parsed (`VersionsReadAhead`) are what decoding the finished tree
    /// gives, diagnostics included; when a `<<` merge gives the tree other versions, the tree is decoded.
    func testVersionsReadAheadDecodeAsTheTreeDoes() throws {
        let texts = [
            "versions:\n  - version: 1.0.0\n    features: [{title: A, subtitle: B}]\n  - 1\n  - {features: [{title: [x]}]}\n",
            "base: &b\n  versions:\n    - version: 2.0.0\n      features: []\n<<: *b\n",
            "versions:\n  - version: 3.0.0\n    features: []\n<<: {versions: [{version: 4.0.0, features: []}]}\n",
        ]
        for text in texts {
            let file = SourceFile(name: "t.yaml", text: text)
            let readAhead = VersionsReadAhead(file: file, keeping: nil)
            let document = YAMLParser.parse(file, format: .yaml, handingOutItems: readAhead.observer)
            let root = try XCTUnwrap(document.root, "\(document.errors)")
            func decode(_ readAhead: VersionsReadAhead?) -> (versions: [String], diagnostics: [String]) {
                let engine = DiagnosticEngine(limit: nil)
                var decoder = ManifestDecoder(engine: engine)
                decoder.addInput(root, file: file, versionsReadAhead: readAhead)
                let manifest = decoder.finish(firstFile: file)
                return (manifest.versions.map(\.versionText), engine.diagnostics.map { "\($0.range?.start.line ?? 0):\($0.code)" })
            }
            let fromTree = decode(nil)
            let whileParsing = decode(readAhead)
            XCTAssertEqual(whileParsing.versions, fromTree.versions, text)
            XCTAssertEqual(whileParsing.diagnostics, fromTree.diagnostics, text)
        }
    }

    func testLayerAgreementMatchesAMissingKeyByItsName() {
        let file = SourceFile(name: "t.yaml", text: "a: 1\n")
        let root = SourceRange(start: Mark(line: 1, column: 1, offset: 0), end: Mark(line: 1, column: 5, offset: 4))
        func diagnostic(_ code: DiagnosticCode, subject: String?) -> Diagnostic {
            var diagnostic = Diagnostic(.error, code: code, message: code.rawValue, file: file, range: root)
            diagnostic.subject = subject
            return diagnostic
        }
        let model = DiagnosticEngine()
        model.report(diagnostic(.missingKey, subject: "versions"))
        let schema = DiagnosticEngine()
        for failure in [diagnostic(.schemaRequired, subject: "versions"), diagnostic(.schemaRequired, subject: "app"),
                        diagnostic(.schemaMaxProperties, subject: nil), diagnostic(.schemaType, subject: nil)] {
            schema.report(failure)
        }
        let engine = DiagnosticEngine()
        engine.report(schema.findings, except: LayerAgreement.reported(by: model.findings))
        XCTAssertEqual(engine.diagnostics.map { "\($0.code) \($0.subject ?? "")" }, ["schema-required app", "schema-maxProperties ", "schema-type "])
        XCTAssertEqual(engine.errorCount, 3)
    }
}
