import XCTest
@testable import WhatsNewLanguageServer

final class LineIndexTests: XCTestCase {
    /// Columns count UTF-16 code units: 'é' one, '😀' (outside the BMP) two, a 3-byte '中' one.
    func testColumnsCountUTF16CodeUnits() {
        let text = "a: é😀中x\n"
        let index = LineIndex(Array(text.utf8))
        let offsetOfX = Array("a: é😀中".utf8).count
        XCTAssertEqual(index.position(of: offsetOfX), TextPosition(line: 0, character: 3 + 1 + 2 + 1))
        XCTAssertEqual(index.offset(of: TextPosition(line: 0, character: 7)), offsetOfX)
    }

    func testLinesEndAtLFCRLFAndCR() {
        let index = LineIndex(Array("a\nb\r\nc\rd".utf8))
        XCTAssertEqual(index.lineStarts, [0, 2, 5, 7])
        XCTAssertEqual(index.position(of: 7), TextPosition(line: 3, character: 0))
        XCTAssertEqual(index.lineEnd(1), 3)
        XCTAssertEqual(index.offset(of: TextPosition(line: 1, character: 1)), 3)
    }

    func testClampsPositionsPastTheLineOrTheText() {
        let index = LineIndex(Array("ab\ncd".utf8))
        XCTAssertEqual(index.offset(of: TextPosition(line: 0, character: 99)), 2, "past the line's end: its end, not the next line")
        XCTAssertEqual(index.offset(of: TextPosition(line: 9, character: 0)), 5)
        XCTAssertEqual(index.position(of: 99), TextPosition(line: 1, character: 2))
        XCTAssertEqual(index.position(of: -3), TextPosition(line: 0, character: 0))
    }

    /// A column inside a surrogate pair is the pair's start, so an edit never splits a character.
    func testAColumnInsideASurrogatePairIsItsStart() {
        let index = LineIndex(Array("😀b".utf8))
        XCTAssertEqual(index.offset(of: TextPosition(line: 0, character: 1)), 0)
        XCTAssertEqual(index.offset(of: TextPosition(line: 0, character: 2)), 4)
    }

    func testAnIncrementalChangeReplacesItsRangeByUTF16Columns() {
        var document = TextDocument(uri: "file:///x.yaml", version: 1, text: "title: 😀 old\nnext: 1\n")
        document.apply(range: TextRange(start: TextPosition(line: 0, character: 10), end: TextPosition(line: 0, character: 13)), text: "new")
        XCTAssertEqual(document.text, "title: 😀 new\nnext: 1\n")
        document.apply(range: TextRange(start: TextPosition(line: 1, character: 0), end: TextPosition(line: 2, character: 0)), text: "")
        XCTAssertEqual(document.text, "title: 😀 new\n")
        document.apply(range: nil, text: "all: new")
        XCTAssertEqual(document.text, "all: new")
    }

    func testInvalidUTF8CountsOneUnitPerStrayByte() {
        let index = LineIndex([0x61, 0x80, 0x80, 0x62])
        XCTAssertEqual(index.position(of: 3), TextPosition(line: 0, character: 3))
    }
}
