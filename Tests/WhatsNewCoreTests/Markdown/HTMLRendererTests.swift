import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import Markdown

final class HTMLRendererTests: XCTestCase {
    func testInlineRendering() {
        let cases: [(String, String)] = [
            ("Offline **maps**, *fast* and ~~slow~~ `code`", "Offline <strong>maps</strong>, <em>fast</em> and <del>slow</del> <code>code</code>"),
            ("[docs](https://x.y/d \"The \"docs\"\")", "[docs](<a href=\"https://x.y/d\" class=\"autolink\">https://x.y/d</a> &quot;The &quot;docs&quot;&quot;)"),
            ("[docs](https://x.y/d 'It\\'s \"here\"')", "<a href=\"https://x.y/d\" title=\"It&#39;s &quot;here&quot;\">docs</a>"),
            ("[a b](<https://x.y/a b>)", "<a href=\"https://x.y/a%20b\">a b</a>"),
            ("[q](https://x.y/?a=1&b=2)", "<a href=\"https://x.y/?a=1&amp;b=2\">q</a>"),
            ("Support for <canvas>", "Support for &lt;canvas&gt;"),
            ("say \"hi\" & it's <fine>", "say &quot;hi&quot; &amp; it&#39;s &lt;fine&gt;"),
            ("line  \nbreak", "line<br>\nbreak"),
            ("soft\nbreak", "soft\nbreak"),
            ("see www.example.com", "see <a href=\"http://www.example.com\" class=\"autolink\">www.example.com</a>"),
            ("mail me@example.com", "mail <a href=\"mailto:me@example.com\" class=\"autolink\">me@example.com</a>"),
            ("![Trails logo](https://x.y/logo.png)", "<a href=\"https://x.y/logo.png\">Trails logo</a>"),
            ("[![logo](https://x.y/l.png)](https://x.y)", "<a href=\"https://x.y\">logo</a>"),
            ("[](https://x.y)", "<a href=\"https://x.y\" class=\"autolink\">https://x.y</a>"),
            ("[https://x.y/a](https://x.y/b)", "<a href=\"https://x.y/b\">https://x.y/a</a>"),
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

    /// A body's headings under a page heading: the highest level used takes the given one, each lower level
    /// used the next, and no heading goes more than one level below the one before it (no h4 → h6).
    func testHeadingsStartAtTheGivenLevelWithoutSkipping() {
        let skipping = MarkdownDocument(parsing: "## Two\n\n#### Four\n\n## Two again")
        XCTAssertEqual(HTMLRenderer(topHeadingLevel: 4).render(skipping), "<h4>Two</h4>\n<h5>Four</h5>\n<h4>Two again</h4>\n")
        let lowerFirst = MarkdownDocument(parsing: "### Three\n\n# One\n\n> ## Two in a quote")
        XCTAssertEqual(HTMLRenderer(topHeadingLevel: 3).render(lowerFirst),
                       "<h3>Three</h3>\n<h3>One</h3>\n<blockquote>\n<h4>Two in a quote</h4>\n</blockquote>\n")
        let deep = MarkdownDocument(parsing: "# 1\n\n## 2\n\n### 3\n\n#### 4")
        XCTAssertEqual(HTMLRenderer(topHeadingLevel: 4).render(deep), "<h4>1</h4>\n<h5>2</h5>\n<h6>3</h6>\n<h6>4</h6>\n")
        let flat = MarkdownDocument(parsing: "Just a paragraph.")
        XCTAssertEqual(HTMLRenderer(topHeadingLevel: 4).render(flat), "<p>Just a paragraph.</p>\n")
    }

    /// Text the page places inside a link of its own keeps its markup, but its links become their text.
    func testLinksAsTextInsideThePagesOwnLink() {
        var renderer = HTMLRenderer()
        renderer.linksAsText = true
        XCTAssertEqual(renderer.render(MarkdownText(parsing: "**Maps** at <https://x.y> and [docs](https://x.y/d)")),
                       "<strong>Maps</strong> at https://x.y and docs")
    }

    func testDocumentGolden() throws {
        let source = try String(contentsOf: Paths.fixtures.appendingPathComponent("markdown/document.md"), encoding: .utf8)
        Golden.assertMatches(HTMLRenderer().render(MarkdownDocument(parsing: source)),
                             golden: Paths.fixtures.appendingPathComponent("markdown/document.html"))
    }
}
