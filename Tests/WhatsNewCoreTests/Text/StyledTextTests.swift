import XCTest
@testable import WhatsNewCore

final class StyledTextTests: XCTestCase {
    func testControlCharactersAreMadeVisibleOnAppend() {
        let text = StyledText("a\u{1B}[2Jb\u{7}c\u{8}d\u{9B}e\u{202E}f\u{0}g\th\r\ni\rj")
        XCTAssertEqual(text.plainText, "a\\u{1B}[2Jb\\u{7}c\\u{8}d\\u{9B}e\\u{202E}f\\u{0}g h\ni\nj")
    }

    func testRunsMergeWhenStyleAndLinkAgree() {
        var text = StyledText("a")
        text.append("b")
        text.append("c", style: ANSIStyle(bold: true))
        text.append("d", style: ANSIStyle(bold: true), link: "https://x.y")
        XCTAssertEqual(text.runs.map(\.text), ["ab", "c", "d"])
        XCTAssertEqual(text.width, 4)
    }

    func testLinksMustBePrintableASCII() {
        XCTAssertNil(StyledText("x", link: "https://x.y/\u{1B}\\").runs[0].link)
        XCTAssertNil(StyledText("x", link: "https://x.y/\u{7}").runs[0].link)
        XCTAssertNil(StyledText("x", link: "https://x.y/a b").runs[0].link)
        XCTAssertEqual(StyledText("x", link: "https://x.y/").runs[0].link, "https://x.y/")
    }
}
