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

final class LineIndexEditingTests: XCTestCase {
    /// The index updated edit by edit is the index of the edited text, made anew, on 20,000 random edits of
    /// texts full of LF, CR, CR LF and multi-byte characters (edits that split and join CR LF among them).
    func testAnUpdatedIndexIsTheIndexOfTheEditedText() {
        var generator = SeededGenerator(seed: 31)
        let pieces: [[UInt8]] = ["a", "\n", "\r", "\r\n", "é", "😀", "ab", "\n\n", "\r\r"].map { Array($0.utf8) }
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<30, using: &generator) { bytes += pieces.randomElement(using: &generator) ?? [] }
            var index = LineIndex(bytes)
            for _ in 0..<100 {
                let start = Int.random(in: 0...bytes.count, using: &generator)
                let end = Int.random(in: start...min(bytes.count, start + 6), using: &generator)
                var inserted: [UInt8] = []
                for _ in 0..<Int.random(in: 0..<4, using: &generator) { inserted += pieces.randomElement(using: &generator) ?? [] }
                bytes.replaceSubrange(start..<end, with: inserted)
                index = index.replacing(start..<end, insertedCount: inserted.count, in: bytes)
                XCTAssertEqual(index.lineStarts, LineIndex(bytes).lineStarts, "after replacing \(start)..<\(end) in \(bytes)")
                if index.lineStarts != LineIndex(bytes).lineStarts { return }
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failure repeats.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
