import XCTest
@testable import YAMLTree

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
}
