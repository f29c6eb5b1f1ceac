import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import JSONSchema

/// A pattern that would take minutes on a long string stops at its step budget with a diagnostic at the
/// pattern, instead of hanging `validate`.
final class SchemaPatternBudgetTests: XCTestCase {
    /// Every 'a' may start a match, and ten thousand counted items follow each, so ten thousand threads
    /// stay alive on every character until the '!' ends them all: without a budget, 200 KB took 65 s.
    private static let attack = "[ab]*a([ab]{1000}){10}$"
    private static let longText = String(repeating: "a", count: 200_000) + "!"

    func testTheAttackRunsOutOfItsBudget() throws {
        let regex = try ECMARegex(Self.attack)
        XCTAssertEqual(regex.match(Self.longText), .budgetExceeded)
    }

    func testThePatternStillAnswersWithinItsBudget() throws {
        let regex = try ECMARegex(Self.attack)
        let tail = String(repeating: "b", count: 10_000)
        XCTAssertEqual(regex.match("a" + tail), .match)
        XCTAssertEqual(regex.match("b" + tail), .noMatch)
        XCTAssertEqual(regex.match("a" + tail, stepLimit: 1_000), .budgetExceeded)
    }

    func testTheAttackIsADiagnosticAtThePattern() throws {
        let schemaText = #"{"type": "string", "pattern": "\#(Self.attack)"}"#
        guard let validator = SchemaTesting.validator(schemaText) else { return }
        let instance = SourceFile(name: "input.json", text: "\"\(Self.longText)\"\n")
        let root = try XCTUnwrap(YAMLParser.parse(instance, format: .json).root)
        let engine = DiagnosticEngine()
        XCTAssertFalse(validator.validate(root: root, file: instance, engine: engine))
        XCTAssertEqual(engine.diagnostics.count, 1)
        let diagnostic = try XCTUnwrap(engine.diagnostics.first)
        XCTAssertEqual(diagnostic.code, "schema-pattern-budget-exceeded")
        XCTAssertEqual(diagnostic.file?.name, "schema.json")
        XCTAssertEqual(diagnostic.range.map { "\($0.start.line):\($0.start.column)" }, "1:31")
        XCTAssertEqual(diagnostic.message,
                       "matching the pattern '\(Self.attack)' against a string of 200001 bytes took more than 20000000 steps; expected a pattern that does not try the same text in many ways at once")
        XCTAssertNotNil(diagnostic.fix)
        XCTAssertEqual(diagnostic.notes.first?.file?.name, "input.json")
        XCTAssertEqual(diagnostic.notes.first?.range?.start.offset, 0)
        XCTAssertFalse(validator.isValid(root))
    }

    func testAKeyMatchedByAPatternPropertyHasTheSameBudget() throws {
        let schemaText = #"{"patternProperties": {"\#(Self.attack)": {"type": "integer"}}}"#
        guard let validator = SchemaTesting.validator(schemaText) else { return }
        // A long key is written as an explicit YAML key: an implicit one may have at most 1024 characters.
        let instance = SourceFile(name: "input.yaml", text: "? \(Self.longText)\n: 1\n")
        let root = try XCTUnwrap(YAMLParser.parse(instance).root)
        let engine = DiagnosticEngine()
        XCTAssertFalse(validator.validate(root: root, file: instance, engine: engine))
        XCTAssertEqual(engine.diagnostics.map(\.code), ["schema-pattern-budget-exceeded"])
        XCTAssertEqual(engine.diagnostics.first?.range.map { "\($0.start.line):\($0.start.column)" }, "1:24")
    }
}
