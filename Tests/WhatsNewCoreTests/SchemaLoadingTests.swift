import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import JSONSchema
@testable import WhatsNewReader

/// Compiling schemas: every keyword's value is checked, unknown keywords are errors at their position,
/// references resolve across loaded schemas by `$id`, and the built-in schema compiles.
final class SchemaLoadingTests: XCTestCase {
    private func problems(_ schema: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let diagnostics = SchemaTesting.loadProblems(schema) else {
            XCTFail("the schema compiled", file: file, line: line)
            return ""
        }
        return SchemaTesting.summary(diagnostics)
    }

    func testTheBuiltinSchemaCompiles() {
        let engine = DiagnosticEngine()
        let file = SourceFile(name: "whatsnew.schema.json", text: BuiltinSchema.text)
        XCTAssertNotNil(SchemaValidator.load(file, uri: BuiltinSchema.id, engine: engine))
        XCTAssertEqual(TextDiagnosticPrinter().render(engine), "")
        XCTAssertTrue(SchemaValidator.builtin.isValid(YAMLParser.parse(SourceFile(name: "x.yaml", text: "versions: [{version: 1, features: [{title: a, subtitle: b}]}]\n")).root!))
    }

    func testUnknownKeywordsAreErrorsAtTheirPosition() {
        XCTAssertEqual(problems(#"{"type": "object", "requried": ["a"]}"#),
                       "1:20 schema-unknown-keyword unknown keyword 'requried'; did you mean 'required'?")
        XCTAssertEqual(problems("{\n  \"properties\": {\"a\": {\"$recursiveRef\": \"#\"}}\n}"),
                       "2:24 schema-unknown-keyword unknown keyword '$recursiveRef'; it belongs to draft 2019-09; draft 2020-12 has '$dynamicRef'")
        XCTAssertEqual(problems(#"{"definitions": {}}"#), "1:2 schema-unknown-keyword unknown keyword 'definitions'; draft 2020-12 names it '$defs'")
        XCTAssertEqual(problems(#"{"x-vendor": 1}"#),
                       "1:2 schema-unknown-keyword unknown keyword 'x-vendor'; expected a keyword of JSON Schema draft 2020-12")
        // Names inside `properties` are not keywords, and neither is anything inside `const` or `examples`.
        XCTAssertNil(SchemaTesting.loadProblems(#"{"properties": {"requried": {}}, "const": {"x": 1}, "examples": [{"y": 2}]}"#))
    }

    func testMalformedKeywordValues() {
        XCTAssertEqual(problems(#"{"type": "text", "minLength": -1, "required": "a", "anyOf": [], "multipleOf": 0}"#), """
        1:10 schema-invalid-keyword expected one of 'null', 'boolean', 'integer', 'number', 'string', 'array' or 'object' for 'type', found 'text'
        1:31 schema-invalid-keyword expected a non-negative integer for 'minLength', found an integer
        1:47 schema-invalid-keyword expected a sequence of strings for 'required', found 'a'
        1:61 schema-invalid-keyword expected a non-empty sequence of schemas for 'anyOf', found a sequence
        1:79 schema-invalid-keyword expected a number greater than 0 for 'multipleOf', found an integer
        """)
        XCTAssertEqual(problems(#"{"items": [{}]}"#), "1:11 schema-invalid-keyword expected a schema for 'items', found a sequence")
        XCTAssertEqual(problems(#"{"properties": {"a": 5}}"#), "1:22 schema-invalid-keyword expected a schema (a mapping or a boolean), found an integer")
        XCTAssertEqual(problems(#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#),
                       "1:13 schema-unsupported-dialect expected the draft 2020-12 meta-schema 'https://json-schema.org/draft/2020-12/schema' for '$schema', found 'http://json-schema.org/draft-07/schema#'")
    }

    func testMalformedJSONIsAReadingError() {
        XCTAssertEqual(problems("{\"type\": \"string\",}"), "1:18 json-syntax trailing comma is not allowed in JSON")
    }

    func testPatternsMustBeECMA262() {
        XCTAssertEqual(problems(#"{"pattern": "(?<=a)b"}"#),
                       "1:13 schema-invalid-pattern invalid pattern '(?<=a)b': lookbehind '(?<=' is not supported (at character 1); expected an ECMA-262 regular expression")
        XCTAssertEqual(problems(#"{"patternProperties": {"a{2": {}}}"#),
                       "1:24 schema-invalid-pattern invalid pattern 'a{2': a lone '{' is not allowed; write '\\{' for the character (at character 2); expected an ECMA-262 regular expression")
    }

    func testReferencesMustResolve() {
        XCTAssertEqual(problems(##"{"$ref": "#/$defs/missing"}"##),
                       "1:10 schema-unresolved-reference cannot resolve '$ref' '#/$defs/missing': 'https://example.com/test/schema.json' has no schema at '#/$defs/missing'")
        XCTAssertEqual(problems(#"{"$ref": "https://other.example/s.json"}"#),
                       "1:10 schema-unresolved-reference cannot resolve '$ref' 'https://other.example/s.json': no loaded schema has the $id 'https://other.example/s.json'")
        XCTAssertEqual(problems(##"{"anyOf": [{"$ref": "#"}]}"##),
                       "1:21 schema-reference-cycle this schema applies itself to the same value through '$ref' without descending into it; expected a reference that ends")
        XCTAssertEqual(problems(##"{"$defs": {"a": {"$id": "https://x.dev/a"}, "b": {"$id": "https://x.dev/a"}}}"##),
                       "1:58 schema-duplicate-id the $id 'https://x.dev/a' is used by two schemas; expected each $id once")
        XCTAssertEqual(problems(#"{"$id": "https://x.dev/a#frag"}"#),
                       "1:9 schema-invalid-keyword expected a URI without a fragment for '$id', found 'https://x.dev/a#frag'")
    }

    func testACustomSchemaReferencesTheBuiltinOneByItsID() {
        let custom = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://whatsnew.dev/schemas/team.schema.json",
          "$ref": "https://whatsnew.dev/schemas/whatsnew.schema.json",
          "required": ["app"],
          "properties": {
            "app": {"required": ["id"]},
            "defaults": {"$ref": "whatsnew.schema.json#/$defs/defaults", "required": ["locale"]}
          }
        }
        """
        guard let validator = SchemaTesting.validator(custom) else { return }
        let manifest = "versions:\n  - version: 1.0.0\n    features:\n      - title: T\n        subtitle: S\n"
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics(manifest, validator)),
                       "1:1 schema-required missing required key 'app' in the document")
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics("app: {name: x}\ndefaults: {title: x}\n" + manifest, validator)), """
        1:6 schema-required missing required key 'id' in 'app'
        2:11 schema-required missing required key 'locale' in 'defaults'
        """)
        // The built-in rules still apply through the reference.
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics("app: {id: x, nmae: y}\n" + manifest, validator)),
                       "1:14 schema-additionalProperties unknown key 'nmae' in 'app'; did you mean 'name'?")
    }

    func testACustomSchemaReachesBuiltinAnchors() {
        guard let validator = SchemaTesting.validator(##"{"$ref": "https://whatsnew.dev/schemas/whatsnew.schema.json#fragment", "maxProperties": 1}"##) else { return }
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics("images: {}\n", validator)), "")
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics("images: {}\napp: {}\n", validator)),
                       "1:1 schema-maxProperties expected at most 1 key in the document, found 2")
    }

    func testACustomSchemaWithTheBuiltinIDReplacesIt() {
        guard let validator = SchemaTesting.validator(#"{"$id": "https://whatsnew.dev/schemas/whatsnew.schema.json", "type": "array"}"#) else { return }
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics("[]\n", validator)), "")
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics("{}\n", validator)),
                       "1:1 schema-type expected a sequence for the document, found a mapping")
    }

    func testYAMLSchemasAreReadToo() {
        let engine = DiagnosticEngine()
        let file = SourceFile(name: "rules.yaml", text: "type: object\nrequired: [app]\nrequried: []\n")
        XCTAssertNil(SchemaValidator.load(file, uri: "file:///rules.yaml", engine: engine))
        XCTAssertEqual(SchemaTesting.summary(engine.diagnostics), "3:1 schema-unknown-keyword unknown keyword 'requried'; did you mean 'required'?")
    }

    func testARunawaySchemaStopsAtItsBudget() throws {
        // Both alternatives recurse into the items before failing: 2^depth checks without a budget.
        let schema = ##"{"anyOf": [{"items": {"$ref": "#"}, "contains": false}, {"items": {"$ref": "#"}, "contains": false, "title": "again"}]}"##
        guard let validator = SchemaTesting.validator(schema) else { return }
        let text = String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n"
        let source = SourceFile(name: "deep.yaml", text: text)
        let root = try XCTUnwrap(YAMLParser.parse(source).root)
        let engine = DiagnosticEngine()
        XCTAssertFalse(validator.validate(root: root, file: source, engine: engine, role: .manifest, stepLimit: 10_000))
        XCTAssertEqual(SchemaTesting.summary(engine.diagnostics),
                       "1:1 schema-budget-exceeded checking the document against the schema took more than 10000 steps; expected a schema whose alternatives do not check the same values over and over")
        XCTAssertGreaterThan(SchemaValidator.stepLimit(for: root), 1_000_000)
    }

    func testURIResolution() {
        let base = URIReference("https://example.com/a/b/c.json?q#f")
        XCTAssertEqual(URIReference("d.json").resolved(against: base).text, "https://example.com/a/b/d.json")
        XCTAssertEqual(URIReference("../d.json#x").resolved(against: base).text, "https://example.com/a/d.json#x")
        XCTAssertEqual(URIReference("#/$defs/x").resolved(against: base).text, "https://example.com/a/b/c.json?q#/$defs/x")
        XCTAssertEqual(URIReference("/root.json").resolved(against: base).text, "https://example.com/root.json")
        XCTAssertEqual(URIReference("//other.dev/x").resolved(against: base).text, "https://other.dev/x")
        XCTAssertEqual(URIReference("urn:x:y").resolved(against: base).text, "urn:x:y")
        XCTAssertEqual(URIReference.percentDecoded("e%25f%2Fg"), "e%f/g")
    }
}
