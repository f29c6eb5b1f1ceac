import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import Markdown

final class WordWrapperTests: XCTestCase {
    func testWrapsAtSpaces() {
        XCTAssertEqual(WordWrapper(width: 10).wrap("The quick brown fox jumps over the lazy dog"),
                       ["The quick", "brown fox", "jumps over", "the lazy", "dog"])
        XCTAssertEqual(WordWrapper(width: 80).wrap("short"), ["short"])
        XCTAssertEqual(WordWrapper(width: 10).wrap(""), [""])
    }

    func testHangingIndent() {
        let lines = WordWrapper(width: 16).wrap("⭐ Offline maps: download a region first", indent: 0, hangingIndent: 3)
        XCTAssertEqual(lines, ["⭐ Offline maps:", "   download a", "   region first"])
        XCTAssertEqual(WordWrapper(width: 12).wrap("one two three four", indent: 2, hangingIndent: 4),
                       ["  one two", "    three", "    four"])
    }

    func testBreaksOverlongWords() {
        XCTAssertEqual(WordWrapper(width: 8).wrap("Supercalifragilistic"), ["Supercal", "ifragili", "stic"])
        XCTAssertEqual(WordWrapper(width: 8).wrap("a Supercalifragilistic b"), ["a", "Supercal", "ifragili", "stic b"])
    }

    func testEastAsianTextBreaksBetweenWideCharacters() {
        XCTAssertEqual(WordWrapper(width: 10).wrap("新功能新功能新功能"), ["新功能新功", "能新功能"])
        XCTAssertEqual(WordWrapper(width: 11).wrap("新功能新功能新功能"), ["新功能新功", "能新功能"], "a wide character never straddles the edge")
        XCTAssertEqual(WordWrapper(width: 10).wrap("使用Swift编写的工具"), ["使用Swift", "编写的工具"])
    }

    func testClosingPunctuationNeverStartsALine() {
        let lines = WordWrapper(width: 14).wrap("今日は晴れです。明日も晴れ。「新機能」")
        for line in lines {
            XCTAssertLessThanOrEqual(DisplayWidth.of(line), 14, line)
            XCTAssertFalse(line.hasPrefix("。") || line.hasPrefix("」"), line)
            XCTAssertFalse(line.hasSuffix("「"), line)
        }
        XCTAssertEqual(lines.joined(), "今日は晴れです。明日も晴れ。「新機能」")
    }

    func testEmojiTakeTwoColumnsAndStayWhole() {
        XCTAssertEqual(WordWrapper(width: 5).wrap("🚀🚀🚀🚀🚀"), ["🚀🚀", "🚀🚀", "🚀"])
        XCTAssertEqual(WordWrapper(width: 4).wrap("👩‍💻👩‍💻👩‍💻"), ["👩‍💻👩‍💻", "👩‍💻"])
        XCTAssertEqual(WordWrapper(width: 1).wrap("中文"), ["中", "文"], "at least one character per line, even if wider")
    }

    func testForcedLineBreaksAndSpaces() {
        XCTAssertEqual(WordWrapper(width: 20).wrap("one\ntwo\n\nthree"), ["one", "two", "", "three"])
        XCTAssertEqual(WordWrapper(width: 20).wrap("  lead"), ["  lead"], "spaces that begin the text stay")
        XCTAssertEqual(WordWrapper(width: 5).wrap("abc     def"), ["abc", "def"], "spaces at a break go")
    }

    func testStylesAndLinksSurviveWrapping() {
        var text = StyledText("Read ")
        text.append("the release notes online", style: ANSIStyle(bold: true), link: "https://x.y/notes")
        let lines = WordWrapper(width: 12).wrap(text, hangingIndent: 2)
        XCTAssertEqual(lines.map(\.plainText), ["Read the", "  release", "  notes", "  online"])
        XCTAssertEqual(lines[1].runs.map(\.text), ["  ", "release"])
        XCTAssertEqual(lines[1].runs[0].style, .plain, "the hanging indent is never styled")
        XCTAssertEqual(lines[1].runs[1].style, ANSIStyle(bold: true))
        XCTAssertEqual(lines[1].runs[1].link, "https://x.y/notes")

        let renderer = ANSIRenderer(capabilities: TerminalCapabilities(colorDepth: .ansi256, hyperlinks: true))
        let encoded = renderer.wrapped(text, width: 12, hangingIndent: 2).split(separator: "\n")
        XCTAssertEqual(encoded[1], "  \u{1B}]8;;https://x.y/notes\u{1B}\\\u{1B}[1mrelease\u{1B}]8;;\u{1B}\\\u{1B}[0m",
                       "every line opens and closes its own escape sequences")
    }

    /// For any text: no line is wider than the width (unless it holds one character), and nothing but the
    /// spaces at breaks is lost.
    func testLinesFitAndKeepEveryCharacter() {
        let words = ["a", "swift", "maps", "新功能", "🚀", "👩‍💻", "supercalifragilistic", "「引用」", "です。", "e\u{301}"]
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                .joined(separator: " ")
            let width = Int.random(in: 1...24, using: &generator)
            let hanging = Int.random(in: 0...3, using: &generator)
            let lines = WordWrapper(width: width).wrap(text, hangingIndent: hanging)
            for (index, line) in lines.enumerated() {
                let content = index == 0 ? line : String(line.dropFirst(hanging))
                if content.count > 1 { XCTAssertLessThanOrEqual(DisplayWidth.of(line), max(width, hanging + 2), "\(text) @\(width): \(line)") }
            }
            XCTAssertEqual(lines.joined().filter { $0 != " " }, text.filter { $0 != " " }, text)
        }
    }

    /// Text that fits on its first line takes a shortcut; it must give what wrapping by cells gives.
    func testTheOneLineShortcutWrapsLikeCells() {
        let pieces = ["a", " ", "  ", "swift", "新功能", "🚀", "\u{3000}", "e\u{301}", " \u{301}", "\u{3000}\u{301}", "\n", "x\ry",
                      "\r\n", "\u{7}", "Größe", "👩‍💻"]
        let styles = [ANSIStyle.plain, ANSIStyle(bold: true), ANSIStyle(dim: true)]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<2000 {
            var text = StyledText()
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let piece = (0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
                text.appendVerbatim(piece, style: styles.randomElement(using: &generator)!,
                                    link: Bool.random(using: &generator) ? "https://x.y" : nil)
            }
            let wrapper = WordWrapper(width: Int.random(in: 1...30, using: &generator))
            let indent = Int.random(in: -1...6, using: &generator)
            let hanging = Int.random(in: 0...3, using: &generator)
            XCTAssertEqual(wrapper.wrap(text, indent: indent, hangingIndent: hanging),
                           wrapper.wrapByCells(text, indent: indent, hangingIndent: hanging), "\(text.runs) at \(wrapper.width)")
        }
    }
}
