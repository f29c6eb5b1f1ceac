import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import Markdown

final class PlainTextRendererTests: XCTestCase {
    func testInlineText() {
        let cases: [(String, String)] = [
            ("Offline **maps** and *more* `code` ~~old~~", "Offline maps and more code ~~old~~"),
            ("[the guide](https://x.y) and <https://a.b>", "the guide and https://a.b"),
            ("Support for <canvas>", "Support for <canvas>"),
            ("&lt;b&gt; &amp; \\*", "<b> & *"),
            ("soft\nbreak and hard  \nbreak", "soft break and hard\nbreak"),
            ("![Trails logo](logo.png)", "Trails logo"),
            ("# Heading", "Heading"),
            ("- a\n- b", "a b"),
        ]
        for (source, expected) in cases {
            XCTAssertEqual(PlainTextRenderer.render(MarkdownText(parsing: source)), expected, source)
        }
    }

    func testStoreLimitCountsWhatIsShown() {
        XCTAssertEqual(PlainTextRenderer.render(MarkdownText(parsing: "**[ab](https://example.com/long)**")).count, 2)
    }

    func testDocumentGolden() throws {
        let source = try String(contentsOf: Paths.fixtures.appendingPathComponent("markdown/document.md"), encoding: .utf8)
        Golden.assertMatches(PlainTextRenderer.render(MarkdownDocument(parsing: source)),
                             golden: Paths.fixtures.appendingPathComponent("markdown/document.txt"))
    }
}
