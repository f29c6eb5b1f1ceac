import Foundation
import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel

final class DiagnosticEngineTests: XCTestCase {
    func testSortsByFileLineColumnAndCounts() {
        let a = SourceFile(name: "a.yaml", text: "x\ny\n"), b = SourceFile(name: "b.yaml", text: "z\n")
        let engine = DiagnosticEngine()
        func at(_ file: SourceFile, _ line: Int, _ column: Int) -> SourceRange {
            SourceRange(at: Mark(line: line, column: column, offset: 0))
        }
        engine.report(Diagnostic(.warning, code: .emptyText, message: "3", file: b, range: at(b, 1, 1)))
        engine.report(Diagnostic(.error, code: .unknownKey, message: "2", file: a, range: at(a, 2, 1)))
        engine.report(Diagnostic(.error, code: .unknownKey, message: "1", file: a, range: at(a, 1, 5)))
        XCTAssertEqual(engine.diagnostics.map(\.message), ["1", "2", "3"])
        XCTAssertEqual(engine.errorCount, 2)
        XCTAssertEqual(engine.warningCount, 1)
        XCTAssertEqual(engine.summary, "2 errors and 1 warning")
    }

    func testStrictTurnsWarningsIntoErrors() {
        let engine = DiagnosticEngine(strict: true)
        engine.report(Diagnostic(.warning, code: .emptyText, message: "m"))
        engine.report(Diagnostic(.note, code: .tooManyDiagnostics, message: "m"))
        XCTAssertTrue(engine.hasErrors)
        XCTAssertEqual(engine.diagnostics.map(\.severity), [.error, .note])
    }

    // MARK: The limit (issue 15, item 6)

    private func error(_ file: SourceFile, line: Int, offset: Int? = nil, _ severity: Severity = .error, code: DiagnosticCode = .unknownKey) -> Diagnostic {
        Diagnostic(severity, code: code, message: "\(line)", file: file,
                   range: SourceRange(at: Mark(line: line, column: 1, offset: offset ?? line)))
    }

    func testKeepsTheFirstDiagnosticsByPositionAndCountsEveryOne() {
        let file = SourceFile(name: "a.yaml", text: "x\n")
        let engine = DiagnosticEngine(limit: 3)
        // Reported from the last line to the first: the three kept are still the first three lines.
        for line in stride(from: 5000, through: 1, by: -1) { engine.report(error(file, line: line)) }
        engine.report(error(file, line: 9000, .warning))
        XCTAssertEqual(engine.diagnostics.map(\.message), ["1", "2", "3"])
        XCTAssertEqual(engine.errorCount, 5000)
        XCTAssertEqual(engine.warningCount, 1)
        XCTAssertEqual(engine.summary, "5000 errors and 1 warning")
        XCTAssertEqual(engine.omitted, OmittedDiagnostics(errors: 4997, warnings: 1, limit: 3))
        XCTAssertEqual(engine.omitted?.message, "4997 more errors and 1 more warning not shown; expected at most 3 diagnostics (--max-diagnostics)")
    }

    func testWithoutALimitEveryDiagnosticIsKept() {
        let file = SourceFile(name: "a.yaml", text: "x\n")
        let engine = DiagnosticEngine(limit: nil)
        for line in 1...2500 { engine.report(error(file, line: line)) }
        XCTAssertEqual(engine.diagnostics.count, 2500)
        XCTAssertNil(engine.omitted)
    }

    func testTwoLayersFindingOneProblemCountItOnceAlsoPastTheLimit() {
        let file = SourceFile(name: "a.yaml", text: "x\n")
        let engine = DiagnosticEngine(limit: 2)
        let model = DiagnosticEngine(limit: engine.limit)
        for line in 1...100 { model.report(error(file, line: line, code: .typeMismatch)) }
        engine.report(contentsOf: model.findings)
        // The schema layer finds the same 100 problems, and one more, and reports warnings (strict is the main engine's).
        let layer = DiagnosticEngine(limit: engine.limit)
        for line in 1...101 { layer.report(error(file, line: line, .warning, code: .schemaType)) }
        engine.strict = true
        engine.report(layer.findings, except: LayerAgreement.reported(by: model.findings))
        XCTAssertEqual(engine.errorCount, 101)
        XCTAssertEqual(engine.warningCount, 0)
        XCTAssertEqual(engine.diagnostics.map(\.message), ["1", "2"])
        XCTAssertEqual(engine.omitted?.errors, 99)
    }

    func testFindingsOfAPartCarryTheCountsOfWhatItDidNotKeep() {
        let file = SourceFile(name: "a.yaml", text: "x\n")
        let part = DiagnosticEngine(limit: 5)
        for line in 1...1000 { part.report(error(file, line: line)) }
        for _ in 1...7 { part.report(Diagnostic(.warning, code: .emptyText, message: "no place")) }
        let engine = DiagnosticEngine(limit: 5)
        engine.report(contentsOf: part.findings)
        XCTAssertEqual(engine.errorCount, 1000)
        XCTAssertEqual(engine.warningCount, 7)
        XCTAssertEqual(engine.diagnostics.count, 5)
    }

    func testEveryFormatEndsWithANoteAboutTheOmittedOnes() throws {
        let file = SourceFile(name: "a.yaml", text: "x\n")
        let engine = DiagnosticEngine(limit: 2)
        for line in 1...50 { engine.report(error(file, line: line)) }
        let text = TextDiagnosticPrinter().render(engine)
        XCTAssertEqual(text.components(separatedBy: ": error: ").count - 1, 2)
        XCTAssertTrue(text.hasSuffix("""
            whatsnew: note: 48 more errors not shown; expected at most 2 diagnostics (--max-diagnostics) [too-many-diagnostics]
               = fix: fix the ones shown and run again, or show more with --max-diagnostics N (0 shows every one)
            50 errors generated.

            """), text)
        let json = JSONDiagnosticFormatter().render(engine)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.map { $0["code"] as? String }, ["unknown-key", "unknown-key", "too-many-diagnostics"])
        XCTAssertEqual(objects.last?["severity"] as? String, "note")
    }

    func testGitHubWritesAtMostTenAnnotationsOfEachKindAndANotice() {
        let file = SourceFile(name: "a.yaml", text: "x\n")
        let engine = DiagnosticEngine(limit: nil)
        for line in 1...30 { engine.report(error(file, line: line)) }
        for line in 31...45 { engine.report(error(file, line: line, .warning)) }
        for line in 46...60 { engine.report(error(file, line: line, .note)) }
        let lines = GitHubDiagnosticFormatter().render(engine).split(separator: "\n")
        XCTAssertEqual(lines.count { $0.hasPrefix("::error ") }, 10)
        XCTAssertEqual(lines.count { $0.hasPrefix("::warning ") }, 10)
        XCTAssertEqual(lines.count { $0.hasPrefix("::notice ") }, 10)
        XCTAssertEqual(lines.last, "::notice title=too-many-diagnostics::20 more errors and 5 more warnings and 6 more notes not annotated: "
                       + "GitHub shows 10 errors and 10 warnings per step%0Afix: run 'whatsnew validate' with '--diagnostics text' to list them")
    }

    func testSARIFHoldsAtMost25000ResultsAndANotification() throws {
        let file = SourceFile(name: "a.yaml", text: "x\n")
        let diagnostics = (1...25_003).map { error(file, line: $0) }
        let log = SARIFDiagnosticFormatter(toolVersion: "test").render(diagnostics, omitted: OmittedDiagnostics(errors: 7, limit: 25_003))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any])
        let run = try XCTUnwrap((object["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual((run["results"] as? [Any])?.count, 25_000)
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        let notification = try XCTUnwrap((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        XCTAssertEqual((notification["message"] as? [String: Any])?["text"] as? String,
                       "10 more errors not shown; expected at most 25003 diagnostics (--max-diagnostics); "
                       + "a SARIF run for code scanning holds at most 25000 results")
    }
}
