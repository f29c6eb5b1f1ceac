import Foundation
import TestSupport
import XCTest

/// `whatsnew schema` and `whatsnew validate --schema FILE`.
final class SchemaCommandTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    func testSchemaPrintsTheSchemaFileByteForByte() throws {
        let result = try CommandRunner.run(["schema"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        let file = try Data(contentsOf: Paths.repositoryRoot.appendingPathComponent("Schemas/whatsnew.schema.json"))
        XCTAssertEqual(Array(result.stdout.utf8), Array(file))
    }

    func testEveryValidFixtureValidatesCleanly() throws {
        var inputs = ["notes.yaml", "notes.json"]
        for directory in Paths.cases(in: Paths.fixtures.appendingPathComponent("valid")) {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("input.") }
            inputs += names.map { "valid/\(directory.lastPathComponent)/\($0)" }
        }
        let result = try CommandRunner.run(["validate"] + inputs, in: Paths.fixtures)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let whatsNewKit = try CommandRunner.run(["validate", "whatsnewkit/notes.json", "--refs", "whatsnewkit/refs.yaml"], in: Paths.fixtures)
        XCTAssertEqual(whatsNewKit.status, 0, whatsNewKit.stderr)
        XCTAssertEqual(whatsNewKit.stderr, "")
    }

    func testADirectoryOfFragmentsIsCheckedFragmentByFragment() throws {
        let directory = try temporaryDirectory()
        try "images:\n  star: {systemName: star.fill}\n".write(to: directory.appendingPathComponent("1-images.yaml"), atomically: true, encoding: .utf8)
        try "versions:\n  - version: 1.0.0\n    features: [{title: T, subtitle: S, image: star}]\n"
            .write(to: directory.appendingPathComponent("2-versions.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try CommandRunner.run(["validate", directory.path]).status, 0)
        try "images:\n  bolt: {systemName: bolt.fill, tint: red}\n".write(to: directory.appendingPathComponent("3-more.yaml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["validate", directory.path, "--color", "never"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("\(directory.path)/3-more.yaml:2:33: error: unknown key 'tint' in 'images.bolt'"), result.stderr)
    }

    func testACustomSchemaCanAddRulesToTheBuiltinOne() throws {
        let directory = try temporaryDirectory()
        let schema = #"{"$ref": "https://whatsnew.dev/schemas/whatsnew.schema.json", "required": ["app"]}"#
        try schema.write(to: directory.appendingPathComponent("team.json"), atomically: true, encoding: .utf8)
        let manifest = "versions:\n  - version: 1.0.0\n    features: [{title: T, subtitle: S}]\n"
        try manifest.write(to: directory.appendingPathComponent("notes.yaml"), atomically: true, encoding: .utf8)
        let builtin = try CommandRunner.run(["validate", "notes.yaml"], in: directory)
        XCTAssertEqual(builtin.status, 0, builtin.stderr)
        let custom = try CommandRunner.run(["validate", "notes.yaml", "--schema", "team.json", "--color", "never"], in: directory)
        XCTAssertEqual(custom.status, 1)
        XCTAssertEqual(custom.stderr, """
        notes.yaml:1:1: error: missing required key 'app' in the document [schema-required]
          |
        1 | versions:
          | ^~~~~~~~~
        1 error generated.

        """)
    }

    func testACustomSchemaCanUseUnevaluatedPropertiesAndTheMetaSchemaOffline() throws {
        let directory = try temporaryDirectory()
        let schema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$ref": "https://whatsnew.dev/schemas/whatsnew.schema.json",
          "properties": {"app": {"properties": {"id": true, "name": true}, "unevaluatedProperties": false}}
        }

        """
        try schema.write(to: directory.appendingPathComponent("team.json"), atomically: true, encoding: .utf8)
        let manifest = "app:\n  id: com.example.trails\n  name: Trails\n  url: https://example.com\nversions:\n  - version: 1.0.0\n    features: [{title: T, subtitle: S}]\n"
        try manifest.write(to: directory.appendingPathComponent("notes.yaml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["validate", "notes.yaml", "--schema", "team.json", "--color", "never"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
        notes.yaml:4:3: error: unknown key 'url' in 'app'; expected only keys its schema evaluates ('properties', 'patternProperties' or 'additionalProperties', there or in a subschema that applies) [schema-unevaluatedProperties]
          |
        4 |   url: https://example.com
          |   ^~~
        1 error generated.

        """)
        // The draft 2020-12 meta-schema is built in: the schema itself checks as a schema, with no network.
        try #"{"$ref": "https://json-schema.org/draft/2020-12/schema"}"#.write(to: directory.appendingPathComponent("meta.json"), atomically: true, encoding: .utf8)
        // (As a manifest the schema is wrong at every key; the schema's findings at a value show beside those.)
        let valid = try CommandRunner.run(["validate", "team.json", "--schema", "meta.json", "--color", "never"], in: directory)
        XCTAssertFalse(valid.stderr.contains("[schema-"), valid.stderr)
        try #"{"properties": {"app": {"minLength": -1}}}"#.write(to: directory.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        let broken = try CommandRunner.run(["validate", "broken.json", "--schema", "meta.json", "--color", "never"], in: directory)
        XCTAssertTrue(broken.stderr.contains("broken.json:1:38: error: expected at least 0 for 'minLength', found '-1' [schema-minimum]"), broken.stderr)
    }

    func testABrokenCustomSchemaIsReportedAtItsPosition() throws {
        let directory = try temporaryDirectory()
        try "{\n  \"type\": \"object\",\n  \"additionalProperties\": {\"tpye\": \"string\"}\n}\n"
            .write(to: directory.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        try "versions: []\n".write(to: directory.appendingPathComponent("notes.yaml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["validate", "notes.yaml", "--schema", "bad.json", "--color", "never"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("bad.json:3:28: error: unknown keyword 'tpye'; did you mean 'type'? [schema-unknown-keyword]\n"),
                      result.stderr)
        XCTAssertFalse(result.stderr.contains("notes.yaml"), "the inputs are not checked against a broken schema")
        try "{\"type\": \"object\",}".write(to: directory.appendingPathComponent("malformed.json"), atomically: true, encoding: .utf8)
        let malformed = try CommandRunner.run(["validate", "notes.yaml", "--schema", "malformed.json", "--color", "never"], in: directory)
        XCTAssertEqual(malformed.status, 1)
        XCTAssertTrue(malformed.stderr.hasPrefix("malformed.json:1:18: error: trailing comma is not allowed in JSON [json-syntax]"), malformed.stderr)
    }

    func testACustomSchemasPatternsCanUseUnicodePropertyEscapes() throws {
        let directory = try temporaryDirectory()
        let schema = #"""
        {
          "$ref": "https://whatsnew.dev/schemas/whatsnew.schema.json",
          "properties": {"versions": {"items": {"properties": {"features": {"items": {"$ref": "#/$defs/feature"}}}}}},
          "$defs": {"feature": {"properties": {"title": {"pattern": "^\\p{Lu}"}}}}
        }

        """#
        try schema.write(to: directory.appendingPathComponent("team.json"), atomically: true, encoding: .utf8)
        let manifest = "versions:\n  - version: 1.0.0\n    features:\n      - {title: Éclair, subtitle: S}\n      - {title: éclair, subtitle: S}\n"
        try manifest.write(to: directory.appendingPathComponent("notes.yaml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["validate", "notes.yaml", "--schema", "team.json", "--color", "never"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
        notes.yaml:5:17: error: expected a string matching '^\\p{Lu}' for 'title', found 'éclair' [schema-pattern]
          |
        5 |       - {title: éclair, subtitle: S}
          |                 ^~~~~~
        1 error generated.

        """)
        // A property ECMA-262 does not know is an error in the schema, at the pattern, with the nearest name.
        try schema.replacingOccurrences(of: "p{Lu}", with: "p{Uppercase_Leter}")
            .write(to: directory.appendingPathComponent("team.json"), atomically: true, encoding: .utf8)
        let misspelled = try CommandRunner.run(["validate", "notes.yaml", "--schema", "team.json", "--color", "never"], in: directory)
        XCTAssertEqual(misspelled.status, 1)
        XCTAssertEqual(misspelled.stderr, """
        team.json:4:61: error: invalid pattern '^\\p{Uppercase_Leter}': unknown Unicode property 'Uppercase_Leter'; did you mean 'Uppercase_Letter'? (at character 2); expected an ECMA-262 regular expression [schema-invalid-pattern]
          |
        4 |   "$defs": {"feature": {"properties": {"title": {"pattern": "^\\\\p{Uppercase_Leter}"}}}}
          |                                                             ^~~~~~~~~~~~~~~~~~~~~~~
        1 error generated.

        """)
    }

    func testAnUnreadableSchemaIsAnIOError() throws {
        let result = try CommandRunner.run(["validate", "notes.yaml", "--schema", "no-such-schema.json"], in: Paths.fixtures)
        XCTAssertEqual(result.status, 74)
        XCTAssertEqual(result.stderr, "whatsnew: error: cannot read 'no-such-schema.json': No such file or directory\n")
    }
}
