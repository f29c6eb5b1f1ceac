import XCTest
import YAMLTree
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import JSONSchema
@testable import WhatsNewReader

/// Issue 28: diagnostics past `--max-diagnostics` are counted, not built. Each test counts the messages that
/// were made (never the time), and checks that the counts, the kept diagnostics and the agreement of the two
/// layers stay what building every diagnostic gave.
final class DeferredDiagnosticsTests: XCTestCase {
    /// `versions` holding `count` one-character items, each an error.
    private func erroneousItems(_ count: Int) throws -> (file: SourceFile, items: YAMLSequence) {
        let file = SourceFile(name: "many.yaml", text: "versions:\n" + String(repeating: "- a\n", count: count))
        let items = try XCTUnwrap(YAMLParser.parse(file).root?["versions"]?.sequence)
        return (file, items)
    }

    func testTheDecoderMakesTheMessagesOfTheKeptErrorsOnly() throws {
        let (file, items) = try erroneousItems(1000)
        let engine = DiagnosticEngine(limit: 5)
        let context = DecodingContext(file: file, engine: engine)
        var made = 0
        func message(_ index: Int) -> String {
            made += 1
            return "item \(index)"
        }
        for index in 0..<items.count { context.error(.typeMismatch, message(index), at: items[index]) }
        // Twice the limit are kept until they are cut to the first five; from then on an error after them is counted.
        XCTAssertEqual(made, 10)
        XCTAssertEqual(engine.errorCount, 1000)
        XCTAssertEqual(engine.diagnostics.map(\.message), (0..<5).map { "item \($0)" })
        XCTAssertEqual(engine.diagnostics.map { $0.range?.start.line }, [2, 3, 4, 5, 6])
        XCTAssertEqual(engine.omitted, OmittedDiagnostics(errors: 995, limit: 5))
        // Every place is remembered, built or not: the schema's finding of the same problems is dropped.
        XCTAssertEqual(engine.findings.places.count, 1000)
    }

    func testAnEngineBuildsADiagnosticOnlyWhenItKeepsIt() {
        let file = SourceFile(name: "a.yaml", text: String(repeating: "x\n", count: 100))
        let engine = DiagnosticEngine(limit: 3)
        var built = 0
        func report(line: Int) {
            let start = file.mark(atOffset: 2 * (line - 1))
            engine.report(.warning, code: .emptyText, file: file, at: start) {
                built += 1
                return Diagnostic(.warning, code: .emptyText, message: "\(line)", file: file, range: SourceRange(at: start))
            }
        }
        for line in 1...100 { report(line: line) }
        XCTAssertEqual(built, 6)
        // One before the kept ones is built and kept.
        report(line: 1)
        XCTAssertEqual(built, 7)
        XCTAssertEqual(engine.diagnostics.map(\.message), ["1", "1", "2"])
        XCTAssertEqual(engine.warningCount, 101)
        engine.strict = true
        report(line: 50)
        XCTAssertEqual(built, 7)
        XCTAssertEqual(engine.errorCount, 1)
        XCTAssertEqual(engine.summary, "1 error and 101 warnings")
    }

    func testTwoLayersAgreeOnProblemsNeitherBuilt() {
        let file = SourceFile(name: "a.yaml", text: String(repeating: "x\n", count: 200))
        func report(_ code: DiagnosticCode, line: Int, subject: String? = nil, to engine: DiagnosticEngine) {
            let start = file.mark(atOffset: 2 * (line - 1))
            engine.report(.error, code: code, file: file, at: start, subject: subject) {
                var diagnostic = Diagnostic(.error, code: code, message: "\(code.rawValue) \(line)", file: file, range: SourceRange(at: start))
                diagnostic.subject = subject
                return diagnostic
            }
        }
        let model = DiagnosticEngine(limit: 2), schema = DiagnosticEngine(limit: 2)
        for line in 1...100 {
            report(.typeMismatch, line: line, to: model)
            report(.missingKey, line: 100 + line, subject: "version", to: model)
        }
        // The same problems, a missing key about another key on each of the last 50 lines, and a problem of its own.
        for line in 1...100 { report(.schemaType, line: line, to: schema) }
        for line in 101...200 { report(.schemaRequired, line: line, subject: line > 150 ? "features" : "version", to: schema) }
        report(.schemaMinLength, line: 7, to: schema)
        let engine = DiagnosticEngine(limit: 2)
        engine.report(model.findings, except: { _, _ in false }, rememberingPlaces: false)
        engine.report(schema.findings, except: LayerAgreement.reported(by: model.findings), rememberingPlaces: false)
        XCTAssertEqual(engine.errorCount, 200 + 50 + 1)
        XCTAssertEqual(engine.diagnostics.map(\.message), ["type-mismatch 1", "type-mismatch 2"])
        XCTAssertEqual(engine.omitted?.errors, 249)
    }

    func testLayerAgreementFindsTheModelsPlacesInAnyOrder() {
        let file = SourceFile(name: "a.yaml", text: String(repeating: "x\n", count: 200))
        func place(_ code: DiagnosticCode, line: Int) -> DiagnosticEngine.Place? {
            let start = file.mark(atOffset: 2 * (line - 1))
            return DiagnosticEngine.Place(of: Diagnostic(.error, code: code, message: "", file: file, range: SourceRange(at: start)))
        }
        let model = DiagnosticEngine(limit: 1)
        for line in stride(from: 2, through: 100, by: 2) { model.report(Diagnostic(.error, code: .typeMismatch, message: "", file: file,
                                                                                   range: SourceRange(at: file.mark(atOffset: 2 * (line - 1))))) }
        let reported = LayerAgreement.reported(by: model.findings)
        // In order, backwards, repeated, past the end and between the model's places: found exactly where the model has one.
        for line in Array(1...101) + Array((1...101).reversed()) + [4, 4, 6, 5, 100, 2, 150, 1, 98] {
            let failure = place(.schemaType, line: line)
            XCTAssertEqual(failure.map { reported($0, nil) }, line % 2 == 0 && line <= 100, "line \(line)")
        }
    }

    func testTheSchemaLayerKeepsTheFirstFailuresOfAnUnlimitedRunAndCountsEveryOne() throws {
        // Items that fail in several ways, each a failure the engine may keep or only count.
        let text = "versions:\n" + (0..<900).map { index in
            ["- a\n", "- {version: 1.0.0, features: [], bogus: 1}\n", "- {features: [{title: 3}]}\n"][index % 3]
        }.joined()
        let file = SourceFile(name: "mixed.yaml", text: text)
        let root = try XCTUnwrap(YAMLParser.parse(file).root)
        func check(limit: Int?) -> DiagnosticEngine {
            let engine = DiagnosticEngine(limit: limit)
            SchemaValidator.builtin.validate(root: root, file: file, engine: engine, anchor: nil)
            return engine
        }
        let all = check(limit: nil), first = check(limit: 20)
        XCTAssertEqual(all.errorCount, 900)
        XCTAssertEqual(first.errorCount, all.errorCount)
        XCTAssertEqual(first.diagnostics, Array(all.diagnostics.prefix(20)))
        XCTAssertEqual(first.findings.places.map(\.key), all.findings.places.map(\.key))
        XCTAssertEqual(first.findings.places.map(\.code), all.findings.places.map(\.code))
    }
}
