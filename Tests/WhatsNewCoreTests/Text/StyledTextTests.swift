import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText

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

    /// The byte scan that decides whether text needs `terminalSafe` finds exactly the scalars `isUnsafe` refuses,
    /// alone, between other characters, and next to their look-alikes.
    func testTheUnsafeScanAgreesWithIsUnsafeForEveryScalar() {
        for value in UInt32(0)...0x10FFFF where value < 0x30000 || value > 0xDFFFF || value % 251 == 0 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let unsafe = TerminalSafeText.isUnsafe(scalar)
            let alone = String(Character(scalar))
            XCTAssertEqual(TerminalSafeText.containsUnsafe(alone), unsafe, "U+\(String(value, radix: 16))")
            XCTAssertEqual(TerminalSafeText.containsUnsafe("a" + alone + "é"), unsafe, "U+\(String(value, radix: 16)) inside")
        }
        XCTAssertFalse(TerminalSafeText.containsUnsafe("Größe — 新功能 🚀 \u{2010}\u{2070}"))
        XCTAssertTrue(TerminalSafeText.containsUnsafe("abc\u{202E}def"))
    }
}
