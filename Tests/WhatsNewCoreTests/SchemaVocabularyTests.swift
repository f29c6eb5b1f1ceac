import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import JSONSchema

/// `$schema` names a dialect: the draft 2020-12 meta-schema, or a meta-schema whatsnew has loaded whose
/// `$vocabulary` says which keywords are evaluated; a keyword of a vocabulary the dialect leaves out is an
/// annotation, and a required vocabulary whatsnew does not implement makes the schema an error.
final class SchemaVocabularyTests: XCTestCase {
    private static func metaSchema(_ vocabularies: String) -> JSONSchema.SchemaValidator.Document {
        let text = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/meta.json",
         "$vocabulary": {\(vocabularies)}, "$dynamicAnchor": "meta",
         "allOf": [{"$ref": "https://json-schema.org/draft/2020-12/meta/core"}]}
        """
        return .init(file: SourceFile(name: "meta.json", text: text), uri: "https://example.com/meta.json")
    }

    private static let schema = #"{"$schema": "https://example.com/meta.json", "properties": {"n": {"minimum": 10}, "no": false}}"#

    private func load(_ schema: String, meta: JSONSchema.SchemaValidator.Document, engine: DiagnosticEngine) -> JSONSchema.SchemaValidator? {
        JSONSchema.SchemaValidator.load(SourceFile(name: "schema.json", text: schema), uri: "https://example.com/schema.json",
                                          engine: engine, documents: [meta])
    }

    private func isValid(_ validator: JSONSchema.SchemaValidator, _ json: String) throws -> Bool {
        validator.isValid(try XCTUnwrap(YAMLParser.parse(SourceFile(name: "input.json", text: json), format: .json).root))
    }

    func testADialectWithoutTheValidationVocabularyOnlyAnnotatesItsKeywords() throws {
        let engine = DiagnosticEngine()
        let meta = Self.metaSchema(#""https://json-schema.org/draft/2020-12/vocab/core": true, "https://json-schema.org/draft/2020-12/vocab/applicator": true"#)
        let validator = try XCTUnwrap(load(Self.schema, meta: meta, engine: engine))
        XCTAssertTrue(try isValid(validator, #"{"n": 1}"#), "'minimum' belongs to the validation vocabulary, which is off")
        XCTAssertFalse(try isValid(validator, #"{"no": 1}"#), "'properties' belongs to the applicator vocabulary, which is on")
    }

    func testTheSameSchemaUnderTheFullDialectEvaluatesEverything() throws {
        let validator = try XCTUnwrap(SchemaTesting.validator(Self.schema.replacingOccurrences(of: "https://example.com/meta.json", with: SchemaKeywords.draft202012)))
        XCTAssertFalse(try isValid(validator, #"{"n": 1}"#))
        XCTAssertTrue(try isValid(validator, #"{"n": 10}"#))
    }

    func testAnUnknownOptionalVocabularyIsIgnored() throws {
        let engine = DiagnosticEngine()
        let meta = Self.metaSchema(#""https://json-schema.org/draft/2020-12/vocab/validation": true, "https://example.com/vocab/custom": false"#)
        let validator = try XCTUnwrap(load(#"{"$schema": "https://example.com/meta.json", "type": "number"}"#, meta: meta, engine: engine))
        XCTAssertTrue(try isValid(validator, "20"))
        XCTAssertFalse(try isValid(validator, #""20""#))
    }

    func testAnUnknownRequiredVocabularyIsAnError() {
        let engine = DiagnosticEngine()
        let meta = Self.metaSchema(#""https://example.com/vocab/custom": true"#)
        XCTAssertNil(load(Self.schema, meta: meta, engine: engine))
        XCTAssertEqual(SchemaTesting.summary(engine.diagnostics),
                       "1:13 schema-unsupported-vocabulary the meta-schema 'https://example.com/meta.json' requires the vocabulary 'https://example.com/vocab/custom', which whatsnew does not implement; expected vocabularies of draft 2020-12")
    }

    func testTheFormatAssertionVocabularyIsRefused() {
        let engine = DiagnosticEngine()
        let meta = Self.metaSchema(#""https://json-schema.org/draft/2020-12/vocab/format-assertion": true"#)
        XCTAssertNil(load(Self.schema, meta: meta, engine: engine))
        XCTAssertEqual(engine.diagnostics.map(\.code), ["schema-unsupported-vocabulary"])
    }

    func testAnUnknownDialectIsAnError() {
        let engine = DiagnosticEngine()
        XCTAssertNil(load(#"{"$schema": "https://example.com/other.json"}"#, meta: Self.metaSchema(""), engine: engine))
        XCTAssertEqual(SchemaTesting.summary(engine.diagnostics),
                       "1:13 schema-unsupported-dialect expected the draft 2020-12 meta-schema 'https://json-schema.org/draft/2020-12/schema' for '$schema', found 'https://example.com/other.json'")
    }
}
