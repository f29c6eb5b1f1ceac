import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText

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
        XCTAssertEqual(DisplayWidth.of("👍🏽"), 2, "a skin-tone modifier is part of its emoji")
        XCTAssertEqual(DisplayWidth.of("🏽"), 2, "a skin tone alone is an emoji of its own")
    }

    /// A scalar's width is utf8proc's, from Unicode's East Asian Width data, where the hand-written table
    /// it replaced had gaps: regional indicators (a flag is two columns, not four), Khitan and Kana
    /// Extended-B ideographs, spacing marks.
    func testScalarWidthsFollowUnicodeData() {
        XCTAssertEqual(DisplayWidth.of("🇩🇪"), 2, "a flag: two regional indicators of one column each")
        XCTAssertEqual(DisplayWidth.of("\u{18B00}"), 2, "Khitan small script character (wide)")
        XCTAssertEqual(DisplayWidth.of("\u{1AFF0}"), 2, "Katakana minnan tone-2 (wide)")
        XCTAssertEqual(DisplayWidth.of("\u{3000}"), 2, "ideographic space (fullwidth)")
        XCTAssertEqual(DisplayWidth.of("\u{303F}"), 1, "ideographic half fill space (neutral)")
        XCTAssertEqual(DisplayWidth.of("\u{2764}"), 1, "heavy black heart: text presentation by default")
        XCTAssertEqual(DisplayWidth.of("\u{202E}\u{200B}\u{AD}"), 1, "format characters take none, but a soft hyphen shows")
        XCTAssertEqual(DisplayWidth.of("\u{7}\u{9B}"), 0, "controls take none")
    }

    func testTerminalSafeText() {
        XCTAssertEqual(TerminalSafeText.visible("a\u{1B}[31mb\u{7}\u{9B}\u{202E}"), "a\\u{1B}[31mb\\u{7}\\u{9B}\\u{202E}")
        XCTAssertEqual(TerminalSafeText.visible("plain 日本"), "plain 日本")
    }
}
