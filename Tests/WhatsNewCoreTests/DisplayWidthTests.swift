import XCTest
@testable import WhatsNewCore

final class DisplayWidthTests: XCTestCase {
    func testWidths() {
        XCTAssertEqual(DisplayWidth.of("abc"), 3)
        XCTAssertEqual(DisplayWidth.of("新功能"), 6)
        XCTAssertEqual(DisplayWidth.of("한국어"), 6)
        XCTAssertEqual(DisplayWidth.of("ｆｕｌｌ"), 8)
        XCTAssertEqual(DisplayWidth.of("⭐"), 2)
        XCTAssertEqual(DisplayWidth.of("🚀x"), 3)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1, "a combining accent takes no column")
        XCTAssertEqual(DisplayWidth.of("👩\u{200D}💻"), 2, "a ZWJ sequence is one glyph")
        XCTAssertEqual(DisplayWidth.of("❤\u{FE0F}"), 2, "emoji presentation selector widens")
    }

    func testTerminalSafeText() {
        XCTAssertEqual(TerminalSafeText.visible("a\u{1B}[31mb\u{7}\u{9B}\u{202E}"), "a\\u{1B}[31mb\\u{7}\\u{9B}\\u{202E}")
        XCTAssertEqual(TerminalSafeText.visible("plain 日本"), "plain 日本")
    }
}
