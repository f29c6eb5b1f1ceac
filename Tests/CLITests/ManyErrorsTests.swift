import Foundation
import TestSupport
import XCTest

/// Issue 28's input through the binary: a manifest whose `versions` holds thousands of items, each with
/// errors. Past `--max-diagnostics` a diagnostic is counted, not built; each test checks that what is
/// printed is what printing every diagnostic gives: the first ones, the exact counts, each problem once.
final class ManyErrorsTests: XCTestCase {
    private func write(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-many-errors-\(UUID().uuidString).yaml")
        try Data(text.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testValidateShowsTheFirstThousandErrorsAndCountsEveryOne() throws {
        let input = try write("versions:\n" + String(repeating: "- a\n", count: 20_000))
        let result = try CommandRunner.run(["validate", input.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr.components(separatedBy: ": error: ").count - 1, 1000)
        XCTAssertTrue(result.stderr.hasPrefix("""
            \(input.path):2:3: error: expected a mapping for 'versions[0]', found a string [type-mismatch]
              |
            2 | - a
              |   ^

            """), String(result.stderr.prefix(500)))
        XCTAssertTrue(result.stderr.contains("\(input.path):1001:3: error: expected a mapping for 'versions[999]', found a string [type-mismatch]"))
        XCTAssertFalse(result.stderr.contains("versions[1000]"))
        // The schema's finding of each problem is the decoder's: reported once.
        XCTAssertFalse(result.stderr.contains("[schema-"))
        XCTAssertTrue(result.stderr.hasSuffix("""
            whatsnew: note: 19000 more errors not shown; expected at most 1000 diagnostics (--max-diagnostics) [too-many-diagnostics]
               = fix: fix the ones shown and run again, or show more with --max-diagnostics N (0 shows every one)
            20000 errors generated.

            """), String(result.stderr.suffix(500)))

        let compiled = try CommandRunner.run(["compile", input.path, "--format", "html"])
        XCTAssertEqual(compiled.status, 1)
        XCTAssertEqual(compiled.stdout, "")
        XCTAssertEqual(compiled.stderr, result.stderr)
    }

    /// The diagnostics of `--diagnostics json`, as their lines (one object a line).
    private func jsonDiagnostics(_ input: URL, _ arguments: [String]) throws -> [String] {
        let result = try CommandRunner.run(["validate", input.path, "--diagnostics", "json"] + arguments)
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n").map { String($0.hasSuffix(",") ? $0.dropLast() : $0) }
        XCTAssertEqual(lines.first, "[")
        XCTAssertEqual(lines.last, "]")
        return Array(lines.dropFirst().dropLast())
    }

    func testEveryLimitShowsTheFirstOfEveryDiagnosticAndCountsTheRest() throws {
        // Errors the decoder and the schema both find (a string for a version, an unknown key, a missing key),
        // one a rule finds (a duplicate version) and a warning, on 3,000 items.
        let kinds = ["- a\n", "- {version: 1.0.0, features: [], bogus: 1}\n", "- {features: [{title: 3}]}\n"]
        let input = try write("versions:\n" + (0..<3000).map { kinds[$0 % 3] }.joined())
        let all = try jsonDiagnostics(input, ["--max-diagnostics", "0"])
        XCTAssertEqual(all.count, 3999 + 1000)
        XCTAssertEqual(all.count { $0.contains(#""severity":"error""#) }, 3999)
        XCTAssertFalse(all.contains { $0.contains(#""code":"schema-"#) })
        for limit in [7, 1000, 2500] {
            let first = try jsonDiagnostics(input, ["--max-diagnostics", String(limit)])
            XCTAssertEqual(Array(first.dropLast()), Array(all.prefix(limit)), "--max-diagnostics \(limit)")
            let shown = all.prefix(limit)
            let errors = 3999 - shown.count { $0.contains(#""severity":"error""#) }
            let warnings = 1000 - shown.count { $0.contains(#""severity":"warning""#) }
            XCTAssertTrue(first.last?.contains(#""code":"too-many-diagnostics","severity":"note","message":"\#(errors) more errors and \#(warnings) more warnings not shown; expected at most \#(limit) diagnostics (--max-diagnostics)""#) == true,
                          first.last ?? "")
        }
        let strict = try CommandRunner.run(["validate", input.path, "--strict", "--max-diagnostics", "3"])
        XCTAssertTrue(strict.stderr.hasSuffix("""
            whatsnew: note: 4996 more errors not shown; expected at most 3 diagnostics (--max-diagnostics) [too-many-diagnostics]
               = fix: fix the ones shown and run again, or show more with --max-diagnostics N (0 shows every one)
            4999 errors generated.

            """), String(strict.stderr.suffix(500)))
    }
}
