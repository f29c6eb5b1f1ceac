import Foundation
import TestSupport
import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import JSONSchema
@testable import WhatsNewReader
@testable import WhatsNewRender

/// The schema in the binary is the schema in the repository, and every fixture gets the same verdict
/// from our evaluator as from Python's jsonschema.
final class BuiltinSchemaTests: XCTestCase {
    private static let schemaFile = Paths.repositoryRoot.appendingPathComponent("Schemas/whatsnew.schema.json")

    func testTheCompiledInSchemaIsByteIdenticalToTheFile() throws {
        let file = try Data(contentsOf: Self.schemaFile)
        XCTAssertEqual(Array(BuiltinSchema.text.utf8), Array(file),
                       "BuiltinSchema+Text.swift is out of date; run 'make schema-source'")
    }

    func testTheCompiledInMetaSchemasAreByteIdenticalToTheFiles() throws {
        let directory = Paths.repositoryRoot.appendingPathComponent("Schemas/draft2020-12")
        let files = ["schema.json"] + ["core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "content"].map { "meta/\($0).json" }
        for path in files {
            let data = try Data(contentsOf: directory.appendingPathComponent(path))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let id = try XCTUnwrap(object?["$id"] as? String, path)
            XCTAssertEqual(MetaSchemas.text(for: id).map { Array($0.utf8) }, Array(data),
                           "MetaSchemas+Text.swift is out of date for \(path); run 'make schema-source'")
        }
        XCTAssertNil(MetaSchemas.text(for: MetaSchemas.base + "meta/format-assertion"))
    }

    func testTheBuiltinIDIsTheSchemasID() throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaFile)) as? [String: Any]
        XCTAssertEqual(object?["$id"] as? String, BuiltinSchema.id)
    }

    /// `--platform` accepts exactly the platforms a feature may name.
    func testTheKnownPlatformsAreTheSchemasPlatforms() throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaFile)) as? [String: Any]
        let platform = (object?["$defs"] as? [String: Any])?["platform"] as? [String: Any]
        XCTAssertEqual(platform?["enum"] as? [String], Selection.knownPlatforms)
        XCTAssertNil(Selection.problem(withPlatform: "visionOS"))
        XCTAssertEqual(Selection.problem(withPlatform: "andriod").map { $0.contains("did you mean 'android'?") }, true)
    }

    /// The inputs the schema must accept, and the `schema-*` cases it must reject.
    private static var fixtureFiles: [URL] {
        let fixtures = Paths.fixtures
        var files = ["notes.yaml", "notes.json", "whatsnewkit/notes.json", "whatsnewkit/refs.yaml", "whatsnewkit/inline.yaml"].map { fixtures.appendingPathComponent($0) }
        for directory in Paths.cases(in: fixtures.appendingPathComponent("valid"))
            + Paths.cases(in: fixtures.appendingPathComponent("invalid")).filter({ $0.lastPathComponent.hasPrefix("schema-") }) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            files += names.filter { $0.hasPrefix("input.") }.sorted().map { directory.appendingPathComponent($0) }
        }
        return files
    }

    private func ourVerdict(_ url: URL) throws -> Bool {
        let file = SourceFile(name: url.lastPathComponent, contents: Array(try Data(contentsOf: url)))
        let document = YAMLParser.parse(file, format: YAMLInputFormat(fileName: url.lastPathComponent))
        XCTAssertEqual(document.errors.map(\.message), [], Paths.relative(url))
        guard let root = document.root else { return false }
        return SchemaValidator.builtin.isValid(root)
    }

    func testValidFixturesValidateAndSchemaCasesDoNot() throws {
        for url in Self.fixtureFiles {
            let relative = Paths.relative(url)
            let expected = relative.hasPrefix("Fixtures/invalid/") ? false : relative != "Fixtures/whatsnewkit/refs.yaml"
            XCTAssertEqual(try ourVerdict(url), expected, relative)
        }
        XCTAssertGreaterThanOrEqual(Self.fixtureFiles.filter { $0.path.contains("/invalid/schema-") }.count, 10)
    }

    func testPythonJSONSchemaAgreesOnEveryFixture() throws {
        let files = Self.fixtureFiles
        guard let verdicts = try JSONSchemaOracle.verdicts(schemaFile: Self.schemaFile, files: files) else {
            throw XCTSkip("python3 with PyYAML and jsonschema is not installed")
        }
        XCTAssertEqual(verdicts.files.count, files.count)
        for (url, theirs) in zip(files, verdicts.files) {
            XCTAssertEqual(try ourVerdict(url), theirs, "\(Paths.relative(url)): jsonschema says \(theirs ? "valid" : "invalid")")
        }
    }
}
