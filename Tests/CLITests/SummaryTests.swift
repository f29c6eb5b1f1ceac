import Foundation
import TestSupport
import XCTest

/// A version's `summary` through the built binary: under the version's heading (before its features) in every
/// output that has a place for it, left out of WhatsNewKit's JSON, which has none; and `import` reading Keep a
/// Changelog 2.0's release summary into it, written back under the heading rather than as a change.
final class SummaryTests: XCTestCase {
    private let manifest = """
    app: { name: Trails, url: "https://example.com/trails" }
    versions:
      - version: 1.2.0
        date: 2026-11-01
        summary: |
          Offline maps *arrive*.

          Start is faster.
        features:
          - title: Offline maps
            subtitle: Download a region.
            kind: added

    """

    private func compile(_ arguments: [String]) throws -> String {
        let temporary = try TemporaryDirectory("summary")
        let path = try temporary.write("notes.yaml", manifest)
        let result = try CommandRunner.run(["compile", path, "-o", "-"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// Asserts that `first` comes before `second` in `text`, both there.
    private func assertOrder(_ text: String, _ first: String, _ second: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let a = text.range(of: first), let b = text.range(of: second) else {
            return XCTFail("'\(first)' or '\(second)' is missing from:\n\(text)", file: file, line: line)
        }
        XCTAssertLessThan(a.lowerBound, b.lowerBound, text, file: file, line: line)
    }

    func testMarkdownWritesTheSummaryUnderTheVersionHeading() throws {
        let standard = try compile(["--format", "markdown"])
        XCTAssertTrue(standard.contains("## 1.2.0 — What's New (2026-11-01)\n\nOffline maps *arrive*.\n\nStart is faster.\n\n- **Offline maps**"), standard)
        let keepAChangelog = try compile(["--format", "markdown", "--markdown-style", "keepachangelog"])
        XCTAssertTrue(keepAChangelog.contains("## [1.2.0] - 2026-11-01\n\nOffline maps *arrive*.\n\nStart is faster.\n\n### Added\n"), keepAChangelog)
        let body = try compile(["--format", "release-body", "--release", "1.2.0"])
        XCTAssertEqual(body, "Offline maps *arrive*.\n\nStart is faster.\n\n- **Offline maps** — Download a region.\n")
    }

    func testHTMLAndFeedsLeadWithTheSummary() throws {
        let page = try compile(["--format", "html", "--page", "changelog"])
        XCTAssertTrue(page.contains("<div class=\"version-summary\" dir=\"auto\">\n<p>Offline maps <em>arrive</em>.</p>\n<p>Start is faster.</p>\n</div>\n"), page)
        assertOrder(page, "version-summary", "class=\"features\"")
        let showcase = try compile(["--format", "html", "--page", "showcase"])
        assertOrder(showcase, "sheet-title", "<p>Offline maps <em>arrive</em>.</p>")
        assertOrder(showcase, "<p>Offline maps <em>arrive</em>.</p>", "class=\"features\"")
        for format in ["rss", "atom"] {
            let feed = try compile(["--format", format])
            assertOrder(feed, "&lt;p&gt;Offline maps &lt;em&gt;arrive&lt;/em&gt;.&lt;/p&gt;", "&lt;ul&gt;")
        }
        let jsonFeed = try compile(["--format", "jsonfeed"])
        XCTAssertTrue(jsonFeed.contains("\"content_html\": \"<p>Offline maps <em>arrive</em>.</p>\\n<p>Start is faster.</p>\\n<ul>"), jsonFeed)
    }

    func testTheTerminalAndJSONShowTheSummaryAndWhatsNewKitLeavesItOut() throws {
        let terminal = try compile(["--format", "ansi", "--color", "never", "--width", "60"])
        assertOrder(terminal, "1.2.0 · 2026-11-01", "Offline maps arrive.")
        assertOrder(terminal, "Start is faster.", "Offline maps\n")
        let json = try compile(["--format", "json"])
        XCTAssertTrue(json.contains("\"summary\": {\n        \"markdown\": \"Offline maps *arrive*.\\n\\nStart is faster.\\n\""), json)
        let whatsNewKit = try compile(["--format", "whatsnewkit-json"])
        XCTAssertFalse(whatsNewKit.contains("arrive"), whatsNewKit)
    }

    func testImportWritesAReleaseSummaryBackUnderItsHeading() throws {
        let temporary = try TemporaryDirectory("summary-import")
        let changelog = try temporary.write("CHANGELOG.md", """
        ## [2.0.0] - 2026-11-01

        A rewrite of the map engine.

        ### Added

        - Offline maps.

        """)
        let manifest = temporary.path("notes.yaml")
        let imported = try CommandRunner.run(["import", changelog, "-o", manifest])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, "")
        let written = try CommandRunner.run(["compile", manifest, "--format", "markdown", "--markdown-style", "keepachangelog", "--release", "2.0.0", "-o", "-"])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, "## [2.0.0] - 2026-11-01\n\nA rewrite of the map engine.\n\n### Added\n\n- Offline maps.\n")
    }

    func testImportWritesABulletsCodeBlockBackInsideIt() throws {
        let temporary = try TemporaryDirectory("summary-code")
        let source = "## [1.0.0] - 2026-11-01\n\n### Added\n\n- A config file:\n  ```toml\n  offline = true\n  ```\n"
        let changelog = try temporary.write("CHANGELOG.md", source)
        let manifest = temporary.path("notes.yaml")
        let imported = try CommandRunner.run(["import", changelog, "-o", manifest])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let written = try CommandRunner.run(["compile", manifest, "--format", "markdown", "--markdown-style", "keepachangelog", "--release", "1.0.0", "-o", "-"])
        XCTAssertEqual(written.stdout, source)
    }
}
