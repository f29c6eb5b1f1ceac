import TestSupport
import XCTest
@testable import WhatsNewCore

final class HTMLRendererTests: XCTestCase {
    func testInlineRendering() {
        let cases: [(String, String)] = [
            ("Offline **maps**, *fast* and ~~slow~~ `code`", "Offline <strong>maps</strong>, <em>fast</em> and <del>slow</del> <code>code</code>"),
            ("[docs](https://x.y/d \"The \"docs\"\")", "[docs](<a href=\"https://x.y/d\">https://x.y/d</a> &quot;The &quot;docs&quot;&quot;)"),
            ("[docs](https://x.y/d 'It\\'s \"here\"')", "<a href=\"https://x.y/d\" title=\"It&#39;s &quot;here&quot;\">docs</a>"),
            ("[a b](<https://x.y/a b>)", "<a href=\"https://x.y/a%20b\">a b</a>"),
            ("[q](https://x.y/?a=1&b=2)", "<a href=\"https://x.y/?a=1&amp;b=2\">q</a>"),
            ("Support for <canvas>", "Support for &lt;canvas&gt;"),
            ("say \"hi\" & it's <fine>", "say &quot;hi&quot; &amp; it&#39;s &lt;fine&gt;"),
            ("line  \nbreak", "line<br>\nbreak"),
            ("soft\nbreak", "soft\nbreak"),
            ("see www.example.com", "see <a href=\"http://www.example.com\">www.example.com</a>"),
            ("mail me@example.com", "mail <a href=\"mailto:me@example.com\">me@example.com</a>"),
            ("![Trails logo](https://x.y/logo.png)", "<a href=\"https://x.y/logo.png\">Trails logo</a>"),
            ("[![logo](https://x.y/l.png)](https://x.y)", "<a href=\"https://x.y\">logo</a>"),
            ("[](https://x.y)", "<a href=\"https://x.y\">https://x.y</a>"),
            ("[relative](notes/1.2.html#maps)", "<a href=\"notes/1.2.html#maps\">relative</a>"),
            ("`<b>` & **<i>**", "<code>&lt;b&gt;</code> &amp; <strong>&lt;i&gt;</strong>"),
        ]
        for (source, expected) in cases {
            XCTAssertEqual(HTMLRenderer().render(MarkdownText(parsing: source)), expected, source)
        }
    }

    func testEscapingHelper() {
        XCTAssertEqual(HTMLEscaping.escape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        XCTAssertEqual(HTMLEscaping.escape("tab\tnl\ncr\r\nlone\rend"), "tab\tnl\ncr\nlone\nend")
        XCTAssertEqual(HTMLEscaping.escape("\u{0}\u{1B}\u{7F}\u{85}\u{9F}\u{A0}"), "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{A0}")
        let nonCharacters = String(String.UnicodeScalarView([0xFDD0, 0xFDEF, 0xFFFE, 0x1FFFF, 0x10FFFE].map { Unicode.Scalar($0)! }))
        XCTAssertEqual(HTMLEscaping.escape(nonCharacters + "ok\u{FFFD}\u{FDCF}"), String(repeating: "\u{FFFD}", count: 5) + "ok\u{FFFD}\u{FDCF}")
        XCTAssertEqual(HTMLEscaping.escape("新功能 🚀 é"), "新功能 🚀 é")
        var buffer = Array("<p>".utf8)
        HTMLEscaping.append("a<b", to: &buffer)
        XCTAssertEqual(String(decoding: buffer, as: UTF8.self), "<p>a&lt;b")
    }

    func testHeadingLevelOffsetIsClamped() {
        let document = MarkdownDocument(parsing: "# One\n\n###### Six")
        XCTAssertEqual(HTMLRenderer(headingLevelOffset: 2).render(document), "<h3>One</h3>\n<h6>Six</h6>\n")
    }

    func testDocumentGolden() throws {
        let source = try String(contentsOf: Paths.fixtures.appendingPathComponent("markdown/document.md"), encoding: .utf8)
        Golden.assertMatches(HTMLRenderer().render(MarkdownDocument(parsing: source)),
                             golden: Paths.fixtures.appendingPathComponent("markdown/document.html"))
    }
}
