import XCTest
import YAMLTree
@testable import WhatsNewCore

/// Versions checked against the built-in schema as they are read, their nodes then dropped from the tree,
/// give exactly the diagnostics that checking the whole tree gives; a check that reaches a stand-in some
/// other way is redone on the whole tree.
final class SchemaItemCheckTests: XCTestCase {
    private struct Result: Equatable {
        let valid: Bool
        let diagnostics: [String]
    }

    /// Checks `text` against `validator` from the tree with stand-ins when `checkingItems` (as `validate`
    /// does), else from the whole tree; `readAgain` counts how often the whole tree had to be read again.
    private func check(_ text: String, _ validator: SchemaValidator = .builtin, checkingItems: Bool,
                       readAgain: inout Int) throws -> Result {
        let input = InputLoader.parse(Array(text.utf8), displayName: "input.yaml", isFragment: false, options: ReadOptions(),
                                      decodingVersions: true, checkingVersions: checkingItems, engine: DiagnosticEngine())
        let root = try XCTUnwrap(input.root)
        XCTAssertEqual(input.hasStandIns, checkingItems && root["versions"]?.sequence?.isEmpty == false)
        let engine = DiagnosticEngine()
        var reads = 0
        let valid = validator.validate(root: root, file: input.file, engine: engine, role: .manifest,
                                       stepLimit: SchemaValidator.stepLimit(for: root), checkedItems: input.checkedItems,
                                       wholeTree: { reads += 1; return input.wholeTree() })
        readAgain += reads
        return Result(valid: valid, diagnostics: engine.diagnostics.map {
            "\($0.range?.start.description ?? "-") \($0.path ?? "-") \($0.code): \($0.message) \($0.notes.map(\.message))"
        })
    }

    private func assertSameBothWays(_ text: String, _ validator: SchemaValidator = .builtin, readsAgain: Bool,
                                    file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        var reads = 0
        let whole = try check(text, validator, checkingItems: false, readAgain: &reads)
        XCTAssertEqual(reads, 0, file: file, line: line)
        let dropped = try check(text, validator, checkingItems: true, readAgain: &reads)
        XCTAssertEqual(dropped, whole, file: file, line: line)
        XCTAssertEqual(reads > 0, readsAgain, "whether the whole tree was read again", file: file, line: line)
        return whole
    }

    /// A manifest of `count` versions, with problems only the schema finds sprinkled through all of them.
    private func manifest(versions count: Int, withProblems: Bool) -> String {
        var text = "app: {name: Trails}\nversions:\n"
        for index in 0..<count {
            let broken = withProblems && index % 37 == 5
            text += "  - version: 1.\(index).0\n"
            text += "    date: \(broken ? "2024-13-45" : "2024-01-02")\n"
            if withProblems, index % 41 == 9 { text += "    colour: red\n" }
            text += "    features:\n      - title: Feature \(index)\n        subtitle: Text \(index)\n"
            if withProblems, index % 43 == 11 { text += "        platforms: [ios, ios]\n" }
            if withProblems, index % 47 == 13 { text += "        image: {}\n" }
        }
        if withProblems { text += "  - 3\n  - [a]\n" }
        return text
    }

    func testTheBuiltInSchemaReportsTheSameFromItemsCheckedAsTheyAreRead() throws {
        let result = try assertSameBothWays(manifest(versions: 600, withProblems: true), readsAgain: false)
        XCTAssertFalse(result.valid)
        // Problems all through the versions are reported, with their pointers.
        let lines = result.diagnostics.compactMap { Int($0.prefix { $0 != ":" }) }
        XCTAssertTrue(lines.contains { $0 < 100 } && lines.contains { $0 > 3_000 }, "\(lines)")
        XCTAssertTrue(result.diagnostics.contains { $0.contains(" /versions/600 schema-type: ") }, "\(result.diagnostics)")
        XCTAssertTrue(result.diagnostics.contains { $0.contains(" /versions/5/date schema-") }, "\(result.diagnostics)")
    }

    func testAValidManifestIsValidFromItemsCheckedAsTheyAreRead() throws {
        let result = try assertSameBothWays(manifest(versions: 300, withProblems: false), readsAgain: false)
        XCTAssertEqual(result, Result(valid: true, diagnostics: []))
    }

    func testAProblemOutsideTheVersionsIsStillFound() throws {
        let text = "app: {name: 3, colour: red}\n" + manifest(versions: 20, withProblems: false).dropFirst("app: {name: Trails}\n".count)
        let result = try assertSameBothWays(text, readsAgain: false)
        XCTAssertEqual(result.diagnostics.count, 2, "\(result.diagnostics)")
    }

    /// `text` read as `validate` reads it: its versions checked as they are read, and dropped.
    private func readDroppingVersions(_ text: String) -> LoadedInput {
        InputLoader.parse(Array(text.utf8), displayName: "input.yaml", isFragment: false, options: ReadOptions(),
                          decodingVersions: true, checkingVersions: true, engine: DiagnosticEngine())
    }

    /// Checks `input` against the built-in schema, `checkedItems` standing for what its dropped versions'
    /// checks found; returns whether it is valid, the diagnostics' codes, and how often it was read again.
    private func validate(_ input: LoadedInput, with checkedItems: SchemaCheckedItems) throws -> (valid: Bool, codes: [String], reads: Int) {
        let root = try XCTUnwrap(input.root)
        let engine = DiagnosticEngine()
        var reads = 0
        let valid = SchemaValidator.builtin.validate(
            root: root, file: input.file, engine: engine, role: .manifest, stepLimit: SchemaValidator.stepLimit(for: root),
            checkedItems: checkedItems, wholeTree: { reads += 1; return input.wholeTree() })
        return (valid, engine.diagnostics.map(\.code), reads)
    }

    func testItemsCheckedAgainstAnotherSchemaAreCheckedOnTheWholeTree() throws {
        // Outcomes found against a schema other than the validator's own for the versions answer nothing.
        let text = manifest(versions: 40, withProblems: true)
        var reads = 0
        let whole = try check(text, checkingItems: false, readAgain: &reads)
        let input = readDroppingVersions(text)
        let checked = try XCTUnwrap(input.checkedItems)
        let result = try validate(input, with: SchemaCheckedItems(schema: checked.schema + 1, failures: checked.failures, isExhausted: false))
        XCTAssertEqual(result.reads, 1)
        XCTAssertEqual(result.valid, whole.valid)
        XCTAssertEqual(result.codes.count, whole.diagnostics.count)
    }

    /// Whether evaluating `text`'s tree with stand-ins against `schema` reaches a stand-in it cannot answer for.
    private func reachesStandIn(_ text: String, schema: String) throws -> Bool {
        let validator = try XCTUnwrap(SchemaTesting.validator(schema))
        let input = readDroppingVersions(text)
        let root = try XCTUnwrap(input.root)
        XCTAssertTrue(input.hasStandIns)
        // Outcomes said to be found against no schema of this validator: only a stand-in reached can tell.
        var evaluator = SchemaEvaluator(nodes: validator.nodes, stepLimit: 1_000_000,
                                        checkedItems: SchemaCheckedItems(schema: -1, failures: [:], isExhausted: false))
        _ = evaluator.evaluate(root, try XCTUnwrap(validator.entry(for: .manifest)), collect: false)
        return evaluator.reachedStandIn
    }

    func testAStandInCheckedAgainstAnotherSchemaIsNoAnswer() throws {
        let text = "versions:\n  - {version: 1.0.0, features: []}\n"
        let header = #""$schema": "https://json-schema.org/draft/2020-12/schema""#
        XCTAssertTrue(try reachesStandIn(text, schema: #"{\#(header), "properties": {"versions": {"items": {"type": "object"}}}}"#))
        XCTAssertTrue(try reachesStandIn(text, schema: #"{\#(header), "properties": {"versions": {"contains": {"type": "object"}}}}"#))
        // Keywords that compare a whole value would compare a stand-in's emptiness.
        for keywords in [#""uniqueItems": true"#, #""const": []"#, #""enum": [[], 3]"#] {
            XCTAssertTrue(try reachesStandIn(text, schema: #"{\#(header), "properties": {"versions": {\#(keywords)}}}"#), keywords)
        }
        XCTAssertTrue(try reachesStandIn(text, schema: #"{\#(header), "const": {"versions": []}}"#))
        // Keywords that look at the sequence alone, or at other keys, never reach one.
        XCTAssertFalse(try reachesStandIn(text, schema: #"{\#(header), "properties": {"versions": {"type": "array", "minItems": 1}}}"#))
        XCTAssertFalse(try reachesStandIn(text, schema: #"{\#(header), "properties": {"app": {"const": {}}}, "required": ["versions"]}"#))
    }

    func testChecksThatRanOutOfStepsWhileReadingReportIt() throws {
        let input = readDroppingVersions(manifest(versions: 3, withProblems: false))
        let checked = try XCTUnwrap(input.checkedItems)
        let result = try validate(input, with: SchemaCheckedItems(schema: checked.schema, failures: [:], isExhausted: true))
        XCTAssertFalse(result.valid)
        XCTAssertEqual(result.codes, ["schema-budget-exceeded"])
        XCTAssertEqual(result.reads, 0)
    }

    func testLoadingReportsTheSameWithTheVersionsDroppedAsWithTheWholeTree() throws {
        // `schema: .builtin` given explicitly keeps the whole tree; the default drops the versions as they are
        // read. Diagnostics of every layer (schema, decoder, rules) and their pointers come out the same.
        var text = manifest(versions: 200, withProblems: true)
        text += "  - version: 1.5.0\n    features: [{id: twice, title: A, subtitle: B}, {id: twice, title: C, subtitle: \"\"}]\n"
        let rendered = { (compiler: Compiler) -> [String] in
            let engine = DiagnosticEngine()
            _ = try? compiler.load(contents: Array(text.utf8), name: "input.yaml", engine: engine)
            return engine.diagnostics.map { "\($0.range?.start.description ?? "-") \($0.path ?? "-") \($0.code): \($0.message)" }
        }
        let whole = rendered(Compiler(schema: .builtin))
        XCTAssertEqual(rendered(Compiler()), whole)
        let codes = Set(whole.map { $0.split(separator: " ")[2] })
        XCTAssertTrue(codes.isSuperset(of: ["schema-uniqueItems:", "unknown-key:", "duplicate-feature-id:", "empty-text:"]), "\(codes)")
        XCTAssertTrue(whole.contains { $0.contains(" /versions/202/features/1/id ") }, "\(whole)")
    }

    func testTheBuiltInSchemaHasASchemaForTheVersionsItems() throws {
        let schema = try XCTUnwrap(SchemaValidator.builtin.versionItemSchema)
        XCTAssertTrue(SchemaValidator.builtin.nodes.indices.contains(schema))
        // A custom schema has none: its versions are never checked while they are read.
        XCTAssertNil(try XCTUnwrap(SchemaTesting.validator(#"{"type": "object"}"#)).versionItemSchema)
    }
}
