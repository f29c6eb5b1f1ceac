import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import Markdown

final class ANSIRendererTests: XCTestCase {
    private let colors256 = ANSIRenderer(capabilities: TerminalCapabilities(colorDepth: .ansi256, hyperlinks: true))
    private let trueColor = ANSIRenderer(capabilities: TerminalCapabilities(colorDepth: .trueColor, hyperlinks: true, appearance: .light))
    private let noHyperlinks = ANSIRenderer(capabilities: TerminalCapabilities(colorDepth: .ansi256, hyperlinks: false))
    private let never = ANSIRenderer(capabilities: .plain)

    private func line(_ renderer: ANSIRenderer, _ source: String, base: ANSIStyle = .plain) -> String {
        renderer.encode(renderer.styled(MarkdownText(parsing: source), base: base))
    }

    func testStyles() {
        XCTAssertEqual(line(colors256, "**bold** *it* ~~gone~~ `code`"),
                       "\u{1B}[1mbold\u{1B}[0m \u{1B}[3mit\u{1B}[0m \u{1B}[9mgone\u{1B}[0m \u{1B}[38;5;130mcode\u{1B}[0m")
        XCTAssertEqual(line(colors256, "a ***b***"), "a \u{1B}[1;3mb\u{1B}[0m")
        XCTAssertEqual(line(colors256, "sub *title*", base: ANSIStyle(dim: true)), "\u{1B}[2msub \u{1B}[0m\u{1B}[2;3mtitle\u{1B}[0m")
    }

    func testColorDepths() {
        let style = ANSIStyle(foreground: .named(.orange), background: .parse("#102030"))
        XCTAssertEqual(colors256.encode(StyledText("x", style: style)), "\u{1B}[38;5;214;48;5;17mx\u{1B}[0m")
        XCTAssertEqual(trueColor.encode(StyledText("x", style: style)), "\u{1B}[38;2;255;149;0;48;2;16;32;48mx\u{1B}[0m")
        XCTAssertEqual(never.encode(StyledText("x", style: style)), "x")
        XCTAssertEqual(colors256.encode(StyledText("x", style: ANSIStyle(foreground: .named(.primary)))), "x",
                       "primary text is the terminal's own color")
        XCTAssertEqual(colors256.encode(StyledText("x", style: ANSIStyle(bold: true, foreground: .named(.clear)))), "\u{1B}[1mx\u{1B}[0m")
        var accent = ANSIRenderer(capabilities: TerminalCapabilities(colorDepth: .trueColor, hyperlinks: false))
        accent.accentColor = .named(.pink)
        XCTAssertEqual(accent.encode(StyledText("x", style: ANSIStyle(foreground: .named(.accentColor)))), "\u{1B}[38;2;255;55;95mx\u{1B}[0m")
    }

    func testLinks() {
        XCTAssertEqual(line(colors256, "[docs](https://x.y/d)"),
                       "\u{1B}]8;;https://x.y/d\u{1B}\\\u{1B}[4mdocs\u{1B}]8;;\u{1B}\\\u{1B}[0m")
        XCTAssertEqual(line(noHyperlinks, "[docs](https://x.y/d)"), "\u{1B}[4mdocs\u{1B}[0m\u{1B}[2m (https://x.y/d)\u{1B}[0m")
        XCTAssertEqual(line(never, "[docs](https://x.y/d) and <https://a.b> and www.c.d"), "docs (https://x.y/d) and https://a.b and www.c.d")
        XCTAssertEqual(line(never, "write me@example.com"), "write me@example.com")
        XCTAssertEqual(line(colors256, "[notes](notes.html)"), "\u{1B}[4mnotes\u{1B}[0m\u{1B}[2m (notes.html)\u{1B}[0m",
                       "a relative reference is no terminal hyperlink")
        XCTAssertEqual(line(never, "[![logo](https://x.y/l.png)](https://x.y)"), "logo (https://x.y)")
        XCTAssertEqual(line(never, "[x](javascript:alert(1)) <javascript:alert(1)>"), "x javascript:alert(1)")
    }

    func testNeverModeWritesNoEscapeAtAll() {
        let text = "**b** *i* ~~s~~ `c` [l](https://x.y) \u{1B}[31m \u{9B}2J"
        let output = line(never, text)
        XCTAssertFalse(output.unicodeScalars.contains("\u{1B}"), output)
        XCTAssertEqual(output, "b i ~~s~~ c l (https://x.y) \\u{1B}[31m \\u{9B}2J")
        let document = never.render(MarkdownDocument(parsing: "# T\n\n> q\n\n- a\n\n```\nx\u{1B}\n```"), width: 40)
        XCTAssertFalse(document.unicodeScalars.contains("\u{1B}"), document)
    }

    func testWrappedWithHangingIndent() {
        var row = StyledText("⭐ ", style: ANSIStyle(foreground: .named(.orange)))
        row.append(colors256.styled(MarkdownText(parsing: "Offline maps"), base: ANSIStyle(bold: true)))
        row.append(" ")
        row.append(colors256.styled(MarkdownText(parsing: "Download a region and navigate *without a connection*."),
                                    base: ANSIStyle(dim: true)))
        XCTAssertEqual(never.wrapped(row, width: 30, hangingIndent: 3),
                       "⭐ Offline maps Download a\n   region and navigate without\n   a connection.")
        let styled = colors256.wrapped(row, width: 30, hangingIndent: 3).split(separator: "\n")
        XCTAssertEqual(styled.count, 3)
        XCTAssertEqual(styled[2], "   \u{1B}[2;3ma connection\u{1B}[0m\u{1B}[2m.\u{1B}[0m")
    }

    func testDocumentGolden() throws {
        let source = try String(contentsOf: Paths.fixtures.appendingPathComponent("markdown/document.md"), encoding: .utf8)
        let document = MarkdownDocument(parsing: source)
        Golden.assertMatches(never.render(document, width: 60), golden: Paths.fixtures.appendingPathComponent("markdown/document.60.txt"))
        Golden.assertMatches(colors256.render(document, width: 60), golden: Paths.fixtures.appendingPathComponent("markdown/document.60.ansi"))
    }
}
