import Foundation
import TestSupport
import XCTest

/// Every `Fixtures/compile/<case>/`: the built binary run with the case's `args` gives exactly `expected.out`
/// on standard output and `expected.err` on standard error; a second run gives the same bytes.
final class CompileGoldenTests: XCTestCase {
    func testEveryCaseMatchesItsGoldenOutput() throws {
        let cases = Paths.cases(in: Paths.fixtures.appendingPathComponent("compile"))
        XCTAssertGreaterThanOrEqual(cases.count, 15)
        for directory in cases {
            let arguments = try String(contentsOf: directory.appendingPathComponent("args"), encoding: .utf8)
                .split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
            let first = try CommandRunner.run(arguments, in: directory, environment: ["COLORTERM": "", "TERM": "xterm-256color", "FORCE_HYPERLINK": "1"])
            Golden.assertMatches(first.stdout, golden: directory.appendingPathComponent("expected.out"))
            Golden.assertMatches(first.stderr + "exit \(first.status)\n", golden: directory.appendingPathComponent("expected.err"))
            let second = try CommandRunner.run(arguments, in: directory, environment: ["COLORTERM": "", "TERM": "xterm-256color", "FORCE_HYPERLINK": "1"])
            XCTAssertEqual(first.stdout, second.stdout, "\(directory.lastPathComponent): output differs between runs")
        }
    }
}
