import XCTest
import YAMLTree
@testable import WhatsNewCore

/// A long top-level sequence checked by two threads (the later half of its items by a second evaluator,
/// with a separately compiled copy of the schema) gives exactly the diagnostics one evaluator gives.
final class SchemaSplitTests: XCTestCase {
    private struct Result: Equatable {
        let valid: Bool
        let diagnostics: [String]
    }

    private func check(_ instance: String, _ validator: SchemaValidator, helper: SchemaValidator?) throws -> Result {
        let source = SourceFile(name: "input.yaml", text: instance)
        let root = try XCTUnwrap(YAMLParser.parse(source).root)
        let engine = DiagnosticEngine()
        let valid = validator.validate(root: root, file: source, engine: engine, role: .manifest,
                                       stepLimit: SchemaValidator.stepLimit(for: root), helper: helper)
        return Result(valid: valid, diagnostics: engine.diagnostics.map {
            "\($0.range?.start.description ?? "-") \($0.path ?? "-") \($0.code): \($0.message) \($0.notes.map(\.message))"
        })
    }

    /// A manifest of `count` versions, with problems only the schema finds sprinkled through all of them.
    private func manifest(versions count: Int, withProblems: Bool) -> String {
        var text = "versions:\n"
        for index in 0..<count {
            let broken = withProblems && index % 37 == 5
            text += "  - version: 1.\(index).0\n"
            text += "    date: \(broken ? "2024-13-45" : "2024-01-02")\n"
            if withProblems, index % 41 == 9 { text += "    colour: red\n" }
            text += "    features:\n      - title: Feature \(index)\n        subtitle: Text \(index)\n"
            if withProblems, index % 43 == 11 { text += "        platforms: [ios, ios]\n" }
            if withProblems, index % 47 == 13 { text += "        image: {}\n" }
        }
        return text
    }

    func testTheBuiltInSchemaReportsTheSameFromTwoThreads() throws {
        let text = manifest(versions: 600, withProblems: true)
        let alone = try check(text, .builtin, helper: nil)
        let split = try check(text, .builtin, helper: .builtinForSecondThread)
        XCTAssertEqual(split, alone)
        XCTAssertFalse(alone.valid)
        // Problems in both halves: items past the middle (version 1.300.0 starts near line 1,800) are reported.
        let lines = alone.diagnostics.compactMap { Int($0.prefix { $0 != ":" }) }
        XCTAssertTrue(lines.contains { $0 < 1_000 } && lines.contains { $0 > 2_500 }, "\(lines)")
    }

    func testAValidManifestIsValidFromTwoThreads() throws {
        let text = manifest(versions: 400, withProblems: false)
        XCTAssertEqual(try check(text, .builtin, helper: .builtinForSecondThread), Result(valid: true, diagnostics: []))
    }

    func testShortSequencesAndAlternativesStayWithOneEvaluator() throws {
        let schema = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "properties": {
           "numbers": {"anyOf": [{"type": "array", "items": {"type": "integer"}}, {"type": "string"}]},
           "unique": {"type": "array", "items": {"type": "integer"}, "uniqueItems": true,
                      "contains": {"const": 7}, "maxContains": 1}}}
        """
        let first = try XCTUnwrap(SchemaTesting.validator(schema))
        let second = try XCTUnwrap(SchemaTesting.validator(schema))
        var numbers = (0..<500).map { String($0) }
        numbers[420] = "x"
        var unique = (0..<300).map { String($0) }
        unique[290] = "3"
        unique[10] = "7"
        unique[299] = "y"
        for instance in ["numbers: [\(numbers.joined(separator: ", "))]\n", "unique: [\(unique.joined(separator: ", "))]\n",
                         "numbers: [\(numbers.joined(separator: ", "))]\nunique: [\(unique.joined(separator: ", "))]\n"] {
            let alone = try check(instance, first, helper: nil)
            XCTAssertFalse(alone.valid)
            XCTAssertEqual(try check(instance, first, helper: second), alone)
        }
    }
}

/// The hand-off between the two evaluators: jobs in order, waiting for them, closing and cancelling.
final class SchemaItemHandOffTests: XCTestCase {
    func testJobsArriveInOrderUntilClosed() {
        let handOff = SchemaItemHandOff()
        let receiver = BackgroundWork { () -> [Int] in
            var schemas: [Int] = []
            while let job = handOff.next() { schemas.append(job.schema) }
            return schemas
        }
        for schema in [3, 1, 2] { handOff.send(SchemaItemHandOff.Job(schema: schema, collect: false, path: [])) }
        handOff.close()
        XCTAssertEqual(receiver.result, [3, 1, 2])
        XCTAssertNil(handOff.next())
    }

    func testCancellingIsSeenByTheOtherSide() {
        let handOff = SchemaItemHandOff()
        XCTAssertFalse(handOff.isCancelled)
        handOff.cancel()
        XCTAssertTrue(BackgroundWork { handOff.isCancelled }.result)
    }
}
