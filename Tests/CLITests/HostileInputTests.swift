import Foundation
import TestSupport
import XCTest

/// `Fixtures/hostile/notes.json` puts script tags, event handlers, `javascript:` and `data:` links, entity and
/// Markdown link tricks and terminal escapes into every text field; no output may carry any of them live
/// (the checks are `OutputSafety`'s, which the property tests apply to generated manifests too).
final class HostileInputTests: XCTestCase {
    private func compile(_ format: String, color: String = "never") throws -> String {
        let result = try CommandRunner.run(["compile", "notes.json", "--format", format, "--color", color, "--width", "70"],
                                           in: Paths.fixtures.appendingPathComponent("hostile"),
                                           environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertGreaterThan(result.stdout.count, 1000)
        return result.stdout
    }

    func testHTMLHasNoActiveMarkup() throws {
        let html = try compile("html")
        OutputSafety.assertNoActiveHTML(html)
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the text the user typed is shown literally")
        XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    func testTerminalTextWithoutColorHasNoEscapes() throws {
        let text = try compile("ansi")
        OutputSafety.assertPlainTerminalText(text)
        XCTAssertTrue(text.contains("\\u{1B}[31mred"), "escapes in the data are shown visibly")
    }

    func testTerminalTextWithColorHasOnlyOurOwnEscapes() throws {
        OutputSafety.assertColoredTerminalText(try compile("ansi", color: "always"))
    }

    func testMarkdownHasNoActiveMarkupOrLinks() throws {
        OutputSafety.assertSafeMarkdown(try compile("markdown"))
    }

    func testJSONIsValidAndItsHTMLIsInert() throws {
        XCTAssertGreaterThan(OutputSafety.assertSafeJSON(try compile("json")), 50)
    }
}
