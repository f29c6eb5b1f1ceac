import Foundation
import TestSupport
import XCTest

/// A version's `summary`, and the raw inline HTML `import` now keeps as written, in the outputs that carry HTML:
/// markup is text, refused links are text, and nothing of it becomes an element or an attribute.
final class SummaryAttackTests: XCTestCase {
    private let hostile = #"<script>alert(1)</script> <img src=x onerror=alert(2)> [x](javascript:alert(3)) <a href="javascript:alert(4)">a</a>"#

    private func compile(_ yaml: String, _ arguments: [String]) throws -> String {
        let temporary = try TemporaryDirectory("summary-attack")
        let path = try temporary.write("notes.yaml", yaml)
        let result = try CommandRunner.run(["compile", path, "-o", "-"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// Asserts that `html` has no script, event handler or `javascript:` link of the hostile text.
    private func assertInert(_ html: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(html.contains("<script>alert"), html, file: file, line: line)
        XCTAssertFalse(html.contains("<img src=x"), html, file: file, line: line)
        XCTAssertFalse(html.contains("href=\"javascript:"), html, file: file, line: line)
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the markup is shown as text", file: file, line: line)
    }

    func testMarkupInASummaryIsTextInEveryHTMLOutput() throws {
        let yaml = """
        app: { name: Trails, url: "https://example.com/trails" }
        versions:
          - version: 1.0.0
            date: 2026-11-01
            summary: '\(hostile)'
            features: [{ title: First }]

        """
        assertInert(try compile(yaml, ["--format", "html", "--page", "changelog"]))
        assertInert(try compile(yaml, ["--format", "html", "--page", "showcase"]))
        // In a feed, the HTML is itself escaped: an element of it would be `&lt;script&gt;`, text is `&amp;lt;`.
        let atom = try compile(yaml, ["--format", "atom"])
        XCTAssertTrue(atom.contains("&amp;lt;script&amp;gt;alert(1)"), atom)
        XCTAssertFalse(atom.contains("&lt;script&gt;alert"), atom)
        XCTAssertFalse(atom.contains("javascript:alert(3)&quot;"), atom)
    }

    func testInlineHTMLKeptByImportIsTextInTheHTMLPage() throws {
        let temporary = try TemporaryDirectory("summary-attack-import")
        let changelog = try temporary.write("CHANGELOG.md", "## [1.0.0] - 2026-11-01\n\n\(hostile)\n\n- Press <kbd>Ctrl</kbd> \(hostile)\n")
        let manifest = temporary.path("notes.yaml")
        let imported = try CommandRunner.run(["import", changelog, "-o", manifest])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let written = try String(contentsOfFile: manifest, encoding: .utf8)
        XCTAssertTrue(written.contains("<kbd>Ctrl</kbd>"), "kept as written: \(written)")
        let page = try CommandRunner.run(["compile", manifest, "--format", "html", "--page", "changelog", "-o", "-"])
        XCTAssertEqual(page.status, 0, page.stderr)
        assertInert(page.stdout)
        XCTAssertTrue(page.stdout.contains("&lt;kbd&gt;Ctrl&lt;/kbd&gt;"), page.stdout)
    }
}
