import XCTest
@testable import WhatsNewCore
@testable import Markdown

/// The emitters parse through `MarkdownTextCache`; it must give exactly what `MarkdownText(parsing:)` gives,
/// for literal text, Markdown and block Markdown, also once it has filled up and started over.
final class MarkdownTextCacheTests: XCTestCase {
    private let sources = ["", "Offline maps", "Download **a region** and *go*", "# Heading", "- a\n- b", "`code` & <b>",
                           "see https://example.com", "Offline maps"]

    func testGivesWhatAParseGives() {
        let cache = MarkdownTextCache()
        for _ in 0..<2 {
            for source in sources { XCTAssertEqual(cache.text(parsing: source), MarkdownText(parsing: source), source) }
        }
    }

    func testStaysRightPastItsCapacity() {
        let cache = MarkdownTextCache()
        for number in 0..<(MarkdownTextCache.capacity + 10) {
            let source = "**\(number)** things"
            XCTAssertEqual(cache.text(parsing: source).inlines, [.strong([.text("\(number)")]), .text(" things")])
        }
        XCTAssertEqual(cache.text(parsing: "**0** things"), MarkdownText(parsing: "**0** things"))
    }
}
