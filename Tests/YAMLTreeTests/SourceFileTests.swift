import XCTest
@testable import YAMLTree
import SourceText

final class SourceFileTests: XCTestCase {
    func testMarksFromOffsetsAndColumnsAgree() {
        let file = SourceFile(name: "t", text: "ab\n日本語 x\n\ttab\n")
        for offset in [0, 1, 2, 3, 6, 9, 12, 13, 14, 15] {
            let mark = file.mark(atOffset: offset)
            XCTAssertEqual(file.mark(line: mark.line, scalarColumn: mark.column - 1), mark, "offset \(offset)")
        }
        XCTAssertEqual(file.mark(atOffset: 13), Mark(line: 2, column: 5, offset: 13))
        XCTAssertEqual(file.lineText(2), "日本語 x")
        XCTAssertEqual(file.lineCount, 4)
    }

    func testLineTextDropsEveryKindOfBreak() {
        let file = SourceFile(name: "t", text: "a\r\nb\rc\u{85}d\u{2029}e")
        XCTAssertEqual((1...file.lineCount).map(file.lineText), ["a", "b", "c", "d", "e"])
    }

    /// Lines longer than the checkpoint spacing (a minified JSON file) convert through checkpoints; every
    /// offset and column must still agree with a walk from the start of the line.
    func testMarksOnLongMixedLinesAgreeWithAWalk() {
        var text = "x\n"
        for index in 0..<3000 { text += ["a", "é", "日", "😀", "\t", "e\u{301}"][index % 6] }
        text += "\r\nend é\n"
        let file = SourceFile(name: "t", text: text)
        let bytes = Array(text.utf8)
        for offset in stride(from: 0, to: bytes.count + 1, by: 7) {
            let mark = file.mark(atOffset: offset)
            var lineStart = 0
            var line = 1
            for index in 0..<offset where bytes[index] == 0x0A { lineStart = index + 1; line += 1 }
            if offset > 0, bytes[offset - 1] == 0x0D { lineStart = offset; line += 1 }
            let column = 1 + bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count
            XCTAssertEqual(mark.line, line, "offset \(offset)")
            if bytes[offset < bytes.count ? offset : bytes.count - 1] & 0xC0 != 0x80 || offset == bytes.count {
                XCTAssertEqual(mark.column, column, "offset \(offset)")
                XCTAssertEqual(file.mark(line: mark.line, scalarColumn: mark.column - 1), mark, "offset \(offset)")
            }
        }
        // 500 groups of seven scalars ("e\u{301}" is two), then the CR.
        XCTAssertEqual(file.mark(line: 2, scalarColumn: 3500).offset, bytes.count - "\r\nend é\n".utf8.count)
    }
}
