import XCTest
@testable import WhatsNewCore
@testable import Markdown

/// The scan that lets `block-markdown` skip parsing never says "no" to text that holds block Markdown.
final class MarkdownBlockScanTests: XCTestCase {
    func testNeverMissesBlockMarkdown() {
        let samples = ["# Heading", "  ## Heading", "- item", "+ item", "* item", "1. item", "12) item", "> quote", "---", "***", "___",
                       "Title\n===", "```\ncode\n```", "~~~\ncode", "    indented code", "\tindented", "text\n- item", "text\r\n> quote",
                       "plain **bold** text", "a *b* c", "see [x](https://example.com)", "1.2.0 is out", "version 2 - fixes", "100%"]
        for sample in samples where MarkdownText(parsing: sample).blockMarkdown != nil {
            XCTAssertTrue(MarkdownText.mayHoldBlockMarkdown(sample), sample.debugDescription)
        }
        XCTAssertFalse(MarkdownText.mayHoldBlockMarkdown("plain **bold** text and a [link](https://example.com)"))
        XCTAssertFalse(MarkdownText.mayHoldBlockMarkdown("Version 2.0 brings 3D maps"))
        XCTAssertFalse(MarkdownText.mayHoldBlockMarkdown(""))
        XCTAssertFalse(MarkdownText.mayHoldBlockMarkdown("first line - not a list\nsecond line # not a heading\r\nthird"))
    }

    /// Every line start is looked at, after line breaks of any kind and lines of any length.
    func testLooksAtEveryLineStart() {
        let long = String(repeating: "Trails für Wanderer — ", count: 40)
        for text in [long + "\n# Heading", long + "\r- item", long + "\r\n> quote", "离线地图\n1. item", "a\n\n    code", long + "\n\t"] {
            XCTAssertTrue(MarkdownText.mayHoldBlockMarkdown(text), text.debugDescription)
        }
        XCTAssertFalse(MarkdownText.mayHoldBlockMarkdown(long + "\n" + long + "\r" + long))
    }
}
