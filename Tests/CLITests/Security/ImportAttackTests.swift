import Foundation
import TestSupport
import XCTest

/// `whatsnew import` on changelogs built to break its new readings: the numbering of headings without a version,
/// a version at the largest number there is, versions and tags at their length limits, and many duplicate
/// headings. Each run finishes with a manifest that validates, or a diagnostic; never a crash.
final class ImportAttackTests: XCTestCase {
    private func importing(_ markdown: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let temporary = try TemporaryDirectory("import-attack")
        let path = try temporary.write("CHANGELOG.md", Array(markdown.utf8))
        let result = try CommandRunner.run(["import", path, "--diagnostics", "json"])
        return (result.status, result.stdout, result.stderr)
    }

    func testAnUnreleasedSectionAboveTheLargestMinorNumberDoesNotOverflow() throws {
        let largest = String(Int.max)
        let result = try importing("## [Unreleased]\n\n- Next.\n\n## [Next]\n\n- Stale.\n\n## [1.\(largest).0] - 2026-01-01\n\n- Huge.\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("version: \"1.\(largest).0-unreleased\""), result.stdout)
    }

    func testManyHeadingsWithoutAVersionAreNumberedAndMerged() throws {
        // 20,000 numberless headings between two releases: each is numbered from its neighbours (read once, not
        // searched for each heading): the first is 1.1.0, the next 2.0.0-unreleased, and the rest merge into that.
        var markdown = "## [2.0.0] - 2026-02-01\n\n- Newer.\n\n"
        for index in 0..<20_000 { markdown += "## [Next]\n- Stale \(index).\n" }
        markdown += "## [1.0.0] - 2026-01-01\n\n- Older.\n"
        let result = try importing(markdown)
        XCTAssertEqual(result.status, 0, String(result.stderr.prefix(2000)))
        XCTAssertEqual(result.stdout.components(separatedBy: "  - version: ").count - 1, 4, String(result.stdout.prefix(2000)))
        XCTAssertTrue(result.stdout.contains("version: \"1.1.0\"\n    unreleased: true"), String(result.stdout.prefix(2000)))
        XCTAssertTrue(result.stdout.contains("version: \"2.0.0-unreleased\"\n    unreleased: true"), String(result.stdout.prefix(2000)))
        XCTAssertTrue(result.stdout.contains("Stale 19999."), "the last merged change is kept")
    }

    func testVersionsAndDatesAtTheirLimitsAreReadOrReported() throws {
        let long = String(repeating: "1", count: 300)
        let result = try importing("""
        ## 1.2.0rc\(long)

        - A pre-release number too large for an integer.

        ## 1.\(long).0

        - A minor number too large.

        ## 1.2.0 (\(long)th December, 2024)

        - A day that is no day.

        ## 1.1.0-v\(long).0

        - A range to a version too large.

        """)
        XCTAssertEqual(result.status, 0, String(result.stderr.prefix(2000)))
        XCTAssertTrue(result.stdout.contains("version: \"1.2.0\""), result.stdout)
        let diagnostics = try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [[String: Any]] ?? []
        XCTAssertFalse(diagnostics.contains { $0["severity"] as? String == "error" }, result.stderr)
    }
}
