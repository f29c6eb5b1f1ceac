import Foundation
import TestSupport
import XCTest

/// `whatsnew explain CODE` prints a code's documentation from the one catalog, which is generated from
/// docs/diagnostics.md: every code documented there is explained, and nothing else is.
final class ExplainCommandTests: XCTestCase {
    /// The codes docs/diagnostics.md documents, with their severity.
    private func documentedCodes() throws -> [(code: String, severity: String)] {
        let page = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        return DiagnosticCodes.sections(of: page).map { ($0.code, $0.severity ?? "") }
    }

    func testEveryDocumentedCodeIsExplained() throws {
        let codes = try documentedCodes()
        XCTAssertGreaterThan(codes.count, 100)
        for (code, severity) in codes {
            let result = try CommandRunner.run(["explain", code])
            XCTAssertEqual(result.status, 0, "\(code): \(result.stderr)")
            XCTAssertTrue(result.stdout.hasPrefix("\(code): \(severity)\n\n"), "\(code): \(result.stdout.prefix(200))")
            XCTAssertTrue(result.stdout.contains("Fix: ") || result.stdout.contains("$ whatsnew"), "\(code) shows no example and no fix")
            XCTAssertEqual(result.stderr, "")
        }
    }

    func testTheExplanationIsTheDocumentedSection() throws {
        let result = try CommandRunner.run(["explain", "[duplicate-key]"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            duplicate-key: error

            A key appears twice in one mapping; the note points at the first.

            $ whatsnew validate docs/examples/diagnostics/duplicate-key.yaml
            docs/examples/diagnostics/duplicate-key.yaml:4:5: error: duplicate key 'title'; expected each key once in a mapping [duplicate-key]
              |
            4 |     title: What's new
              |     ^~~~~
               = fix: remove one of the two, or merge their values
            docs/examples/diagnostics/duplicate-key.yaml:3:5: note: 'title' was first defined here
              |
            3 |     title: What's New
              |     ^~~~~
            1 error generated.

            Fix: Remove one of the two, or merge their values.

            """)
    }

    func testAnUnknownCodeIsAUsageErrorWithASuggestion() throws {
        let result = try CommandRunner.run(["explain", "unknwn-key"])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("unknown diagnostic code 'unknwn-key'; did you mean 'unknown-key'?"), result.stderr)
        let far = try CommandRunner.run(["explain", "no-such-thing-at-all"])
        XCTAssertEqual(far.status, 64)
        XCTAssertFalse(far.stderr.contains("did you mean"), far.stderr)
    }

    func testWithoutACodeEveryCodeIsListed() throws {
        let result = try CommandRunner.run(["explain"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let listed = result.stdout.split(separator: "\n").map { line in
            line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        XCTAssertEqual(listed.map { $0.first ?? "" }, try documentedCodes().map(\.code))
        XCTAssertEqual(listed.map { $0.last ?? "" }, try documentedCodes().map(\.severity))
    }

    /// The catalog compiled into the binary is what docs/diagnostics.md makes now.
    func testTheCompiledCatalogIsUpToDate() throws {
        let python = try XCTUnwrap(CommandRunner.which("python3"), "python3 is needed to check the catalog")
        let result = try CommandRunner.run(executable: python, [Paths.repositoryRoot.appendingPathComponent("Scripts/generate-diagnostic-catalog.py").path, "--check"])
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
