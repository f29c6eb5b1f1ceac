import XCTest
import YAMLTree
@testable import WhatsNewCore

final class DiagnosticEngineTests: XCTestCase {
    func testSortsByFileLineColumnAndCounts() {
        let a = SourceFile(name: "a.yaml", text: "x\ny\n"), b = SourceFile(name: "b.yaml", text: "z\n")
        let engine = DiagnosticEngine()
        func at(_ file: SourceFile, _ line: Int, _ column: Int) -> SourceRange {
            SourceRange(at: Mark(line: line, column: column, offset: 0))
        }
        engine.report(Diagnostic(.warning, code: "w", message: "3", file: b, range: at(b, 1, 1)))
        engine.report(Diagnostic(.error, code: "e", message: "2", file: a, range: at(a, 2, 1)))
        engine.report(Diagnostic(.error, code: "e", message: "1", file: a, range: at(a, 1, 5)))
        XCTAssertEqual(engine.diagnostics.map(\.message), ["1", "2", "3"])
        XCTAssertEqual(engine.errorCount, 2)
        XCTAssertEqual(engine.warningCount, 1)
        XCTAssertEqual(engine.summary, "2 errors and 1 warning")
    }

    func testStrictTurnsWarningsIntoErrors() {
        let engine = DiagnosticEngine(strict: true)
        engine.report(Diagnostic(.warning, code: "w", message: "m"))
        engine.report(Diagnostic(.note, code: "n", message: "m"))
        XCTAssertTrue(engine.hasErrors)
        XCTAssertEqual(engine.diagnostics.map(\.severity), [.error, .note])
    }
}
