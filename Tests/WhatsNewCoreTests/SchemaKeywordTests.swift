import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import JSONSchema

/// Every keyword against a valid and an invalid instance (`SchemaKeywordCase.all`), by our evaluator
/// and, as a check on the cases themselves, by Python's jsonschema.
final class SchemaKeywordTests: XCTestCase {
    func testEveryKeywordHasAValidAndAnInvalidCase() {
        let keywords = Set(SchemaKeywordCase.all.map(\.keyword))
        let assertions = ["type", "enum", "const", "properties", "patternProperties", "additionalProperties", "propertyNames",
                          "required", "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "items",
                          "prefixItems", "contains", "minContains", "maxContains", "minItems", "maxItems", "uniqueItems",
                          "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                          "multipleOf", "allOf", "anyOf", "oneOf", "not", "if", "$ref", "$anchor", "$id", "$dynamicRef",
                          "$dynamicAnchor", "unevaluatedProperties", "unevaluatedItems"]
        for keyword in assertions {
            XCTAssertTrue(SchemaKeywordCase.all.contains { $0.keyword == keyword && $0.isValid }, "\(keyword): no valid case")
            XCTAssertTrue(SchemaKeywordCase.all.contains { $0.keyword == keyword && !$0.isValid }, "\(keyword): no invalid case")
        }
        XCTAssertTrue(SchemaKeywordCase.all.contains { $0.keyword == "true" && $0.isValid })
        XCTAssertTrue(SchemaKeywordCase.all.contains { $0.keyword == "false" && !$0.isValid })
        let implemented = Set(SchemaKeywords.supported)
        for keyword in implemented where !["$schema", "$defs", "$comment", "title", "description", "default", "examples",
                                            "deprecated", "readOnly", "writeOnly", "then", "else", "format"].contains(keyword) {
            XCTAssertTrue(keywords.contains(keyword), "no case for '\(keyword)'")
        }
    }

    func testOurEvaluator() {
        for (index, testCase) in SchemaKeywordCase.all.enumerated() {
            guard let validator = SchemaTesting.validator(testCase.schema) else { continue }
            let codes = SchemaTesting.diagnostics(testCase.instance, validator).map(\.code)
            XCTAssertEqual(codes, testCase.codes, "case \(index) (\(testCase.keyword)): \(testCase.schema) with \(testCase.instance)")
        }
    }

    func testPythonJSONSchemaAgreesWithTheCases() throws {
        let cases = SchemaKeywordCase.all.map { JSONSchemaOracle.Case(schema: $0.schema, instance: $0.instance) }
        guard let verdicts = try JSONSchemaOracle.verdicts(cases: cases) else {
            throw XCTSkip("python3 with PyYAML and jsonschema is not installed")
        }
        XCTAssertEqual(verdicts.cases.count, cases.count)
        for (testCase, valid) in zip(SchemaKeywordCase.all, verdicts.cases) {
            XCTAssertEqual(valid, testCase.isValid, "jsonschema disagrees: \(testCase.schema) with \(testCase.instance)")
        }
    }
}
