import XCTest
@testable import WhatsNewPreview

/// The terminal page: the ANSI text as coloured HTML, every other escape dropped, all text escaped.
final class ANSIHTMLTests: XCTestCase {
    func testStylesAndPaletteColoursBecomeClasses() {
        XCTAssertEqual(ANSIHTML.render("\u{1B}[1;31mbold red\u{1B}[0m plain"), "<span class=\"b f1\">bold red</span> plain")
        XCTAssertEqual(ANSIHTML.render("\u{1B}[92;44mx\u{1B}[39mY\u{1B}[m"), "<span class=\"f10 g4\">x</span><span class=\"g4\">Y</span>")
        XCTAssertEqual(ANSIHTML.render("\u{1B}[3;4;9mz\u{1B}[23;24;29mw"), "<span class=\"i u s\">z</span>w")
    }

    func testExtendedColoursBecomeInlineColours() {
        XCTAssertEqual(ANSIHTML.render("\u{1B}[38;2;1;2;255mt\u{1B}[0m"), "<span style=\"color:#0102ff\">t</span>")
        XCTAssertEqual(ANSIHTML.render("\u{1B}[48;5;196mt\u{1B}[0m"), "<span style=\"background-color:#ff0000\">t</span>")
        XCTAssertEqual(ANSIHTML.render("\u{1B}[38;5;244mt"), "<span style=\"color:#808080\">t</span>")
        XCTAssertEqual(ANSIHTML.render("\u{1B}[38;5;3mt"), "<span class=\"f3\">t</span>")
        XCTAssertEqual(ANSIHTML.render("\u{1B}[38;2;300;0;0mt"), "t")
    }

    func testTextIsEscaped() {
        XCTAssertEqual(ANSIHTML.render("<script>&\"'"), "&lt;script&gt;&amp;&quot;&#39;")
    }

    func testHyperlinksBecomeLinksOnlyForWebAddresses() {
        XCTAssertEqual(ANSIHTML.render("\u{1B}]8;;https://example.com/?a=1&b=2\u{1B}\\site\u{1B}]8;;\u{1B}\\ after"),
                       "<a href=\"https://example.com/?a=1&amp;b=2\">site</a> after")
        XCTAssertEqual(ANSIHTML.render("\u{1B}]8;;javascript:alert(1)\u{07}click\u{1B}]8;;\u{07}"), "click")
        XCTAssertEqual(ANSIHTML.render("\u{1B}[1m\u{1B}]8;;https://a.example\u{07}x\u{1B}]8;;\u{07}y"),
                       "<a href=\"https://a.example\"><span class=\"b\">x</span></a><span class=\"b\">y</span>")
    }

    func testOtherSequencesAndControlsAreDropped() {
        XCTAssertEqual(ANSIHTML.render("a\u{1B}[2Jb\u{1B}[?25lc\u{08}\u{07}d\te\n"), "abcd\te\n")
        XCTAssertEqual(ANSIHTML.render("cut \u{1B}["), "cut ")
        XCTAssertEqual(ANSIHTML.render("cut \u{1B}"), "cut ")
        XCTAssertEqual(ANSIHTML.render("open \u{1B}]8;;https://a.example"), "open ")
    }

    func testInverseSwapsColours() {
        XCTAssertEqual(ANSIHTML.render("\u{1B}[7mi"), "<span class=\"fbg gfg\">i</span>")
        XCTAssertEqual(ANSIHTML.render("\u{1B}[7;31mi"), "<span class=\"fbg g1\">i</span>")
    }
}
