import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import Markdown

final class MarkdownRendererTests: XCTestCase {
    func testNormalizedInlineMarkdown() {
        let cases: [(String, String)] = [
            ("Offline __maps__, _fast_ and ~old~ ``a`b``", "Offline **maps**, *fast* and ~~old~~ ``a`b``"),
            ("***both*** and **a *b***", "*__both__* and **a *b***"),
            ("[docs](https://x.y/d 'The \"docs\"')", "[docs](https://x.y/d \"The \\\"docs\\\"\")"),
            ("[wiki](https://w.org/Swift_(lang))", "[wiki](https://w.org/Swift_(lang))"),
            ("[odd](<https://w.org/a)b>)", "[odd](<https://w.org/a)b>)"),
            ("see www.example.com", "see [www.example.com](http://www.example.com)"),
            ("<https://a.b/c>", "[https://a.b/c](https://a.b/c)"),
            ("Support for <canvas>", "Support for \\<canvas>"),
            ("![logo](https://x.y/l.png \"Logo\")", "[logo](https://x.y/l.png \"Logo\")"),
            ("[x](javascript:alert(1)) and <javascript:alert(1)>", "x and javascript:alert(1)"),
            ("soft\nbreak and hard  \nbreak", "soft\nbreak and hard\\\nbreak"),
            ("`` ` ``", "`` ` ``"),
            ("&lt;b&gt; &amp;amp; \\# not", "\\<b> \\&amp; # not"),
            ("# Heading", "Heading"),
        ]
        for (source, expected) in cases {
            XCTAssertEqual(MarkdownRenderer().render(MarkdownText(parsing: source)), expected, source)
        }
    }

    func testEscapingLiteralText() {
        let cases: [(String, String)] = [
            ("1. not a list", "1\\. not a list"),
            ("2023) too", "2023\\) too"),
            ("1.5 GB", "1.5 GB"),
            ("# not a heading", "\\# not a heading"),
            ("- not an item", "\\- not an item"),
            ("+ nor this", "\\+ nor this"),
            ("> not a quote", "\\> not a quote"),
            ("=== not a rule", "\\=== not a rule"),
            ("a * b _c_ `d` [e] <f> | ~g~ \\", "a * b \\_c\\_ \\`d\\` [e] \\<f> \\| \\~g\\~ \\\\"),
            ("R&D &amp; &#35; &copy", "R&D \\&amp; \\&#35; &copy"),
            ("    code?", "&#32;   code?"),
            ("two  \nlines", "two &#32;\nlines"),
            ("https://x.y and www.x.y", "https\\://x.y and www\\.x.y"),
            ("bell\u{7} esc\u{1B} c1\u{85}", "bell\u{FFFD} esc\u{FFFD} c1\u{FFFD}"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(MarkdownEscaping.escape(text), expected, text)
        }
    }

    func testContinuationKeepsTextInsideAListItem() {
        let text = MarkdownText(parsing: "first\n\\- second")
        XCTAssertEqual("- " + MarkdownRenderer().render(text, continuation: "  "), "- first\n  \\- second")
    }

    func testHeadingsStayOnOneLine() {
        let renderer = MarkdownRenderer()
        XCTAssertEqual(renderer.heading(MarkdownText(parsing: "What's **New** #1\nin Trails #").inlines, level: 2),
                       "## What's **New** #1 in Trails \\#")
        XCTAssertEqual(renderer.heading([], level: 9), "######")
    }

    /// User text never becomes Markdown it did not mean: any literal text, escaped and parsed again by
    /// cmark-gfm (GitHub's parser), reads back as exactly that text, with no formatting, link or HTML.
    func testEscapedTextParsesBackToItself() {
        let pieces = ["a", "b", " ", "  ", "1", "12", ".", ")", "-", "+", "#", "=", "*", "**", "_", "`", "```", "~", "~~", "[", "]",
                      "(", ")", "<", ">", "<b>", "</b>", "&", "&amp;", "&#35;", "\\", "!", "|", ":", "//", "www.", "http://x.y", "\t",
                      "\n", "é", "中", "🚀", "'", "\"", "{", "}", "^", "$"]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<5_000 {
            var text = (0..<Int.random(in: 1...10, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            // A paragraph cannot begin with a line feed, end with whitespace or hold a blank line; those are
            // not escaping's concern.
            while let last = text.last, last == " " || last == "\t" || last == "\n" { text.removeLast() }
            while text.first == "\n" { text.removeFirst() }
            while text.contains("\n\n") { text = text.replacingOccurrences(of: "\n\n", with: "\n") }
            guard !text.isEmpty else { continue }
            let reparsed = MarkdownText(parsing: MarkdownEscaping.escape(text))
            var expected: [MarkdownInline] = []
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { expected.append(.softBreak) }
                expected.append(.text(String(line)))
            }
            XCTAssertEqual(reparsed.inlines, expected, "\(text.debugDescription) → \(MarkdownEscaping.escape(text).debugDescription)")
            XCTAssertNil(reparsed.blockMarkdown, text.debugDescription)
        }
    }

    /// The meant formatting survives: parse → render → parse gives the same tree, and rendering is idempotent.
    func testRoundTripKeepsTheMeantFormatting() {
        let sources = [
            "Offline **maps** and *more*", "***both***", "**a *b***", "*a **b***", "~~gone~~ **~~both~~**",
            "`code` and `` a`b `` and ` `` `", "[**bold link**](https://x.y \"T\")", "[a](https://w.org/(x)) [b](<https://w.org/)>)",
            "![alt *em*](https://x.y/i.png)", "[![img](https://x.y/i.png)](https://x.y)", "www.example.com and me@example.com",
            "line  \nbreak\nsoft", "Support for <canvas> & <b>bold</b>", "snake_case and 2*3*4", "*emph*text", "un*frigging*believable",
            "**bold**text", "a\\*b", "\\_x\\_", "1\\. not a list", "# heading **x**", "- item *one*\n- item two",
            "[x](javascript:alert(1))", "<javascript:alert(1)>", "[a](https://x.y 'q\"uote')", "**[a](https://x.y)**text",
            "~~a~~~~b~~", "*a*_b_", "_a_*b*",
        ]
        let renderer = MarkdownRenderer()
        for source in sources {
            let first = MarkdownText(parsing: source)
            let rendered = renderer.render(first)
            let second = MarkdownText(parsing: rendered)
            XCTAssertEqual(normalized(second.inlines), normalized(first.inlines), "\(source) → \(rendered)")
            XCTAssertEqual(renderer.render(second), rendered, "rendering is idempotent: \(source)")
        }
    }

    func testDocumentGolden() throws {
        let source = try String(contentsOf: Paths.fixtures.appendingPathComponent("markdown/document.md"), encoding: .utf8)
        let rendered = MarkdownRenderer().render(MarkdownDocument(parsing: source))
        Golden.assertMatches(rendered, golden: Paths.fixtures.appendingPathComponent("markdown/document.gfm.md"))
        // The normalized document means the same and renders the same again.
        let reparsed = MarkdownDocument(parsing: rendered)
        XCTAssertEqual(MarkdownRenderer().render(reparsed), rendered)
        XCTAssertEqual(HTMLRenderer().render(reparsed), HTMLRenderer().render(MarkdownDocument(parsing: source)))
    }

    /// What an output shows, independent of how it was spelled: raw HTML as text, refused links as their
    /// text, an image as a link to it (as its alt text inside a link), adjacent text merged.
    private func normalized(_ inlines: [MarkdownInline], insideLink: Bool = false) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        func appendText(_ text: String) {
            if case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + text)
            } else {
                result.append(.text(text))
            }
        }
        for inline in inlines {
            switch inline {
            case .text(let text), .html(let text):
                appendText(text)
            case .emphasis(let children): result.append(.emphasis(normalized(children, insideLink: insideLink)))
            case .strong(let children): result.append(.strong(normalized(children, insideLink: insideLink)))
            case .strikethrough(let children): result.append(.strikethrough(normalized(children, insideLink: insideLink)))
            case .link(let destination, let title, let children), .image(let destination, let title, let children):
                if !insideLink, let url = LinkPolicy.sanitized(destination) {
                    result.append(.link(destination: url, title: title, normalized(children, insideLink: true)))
                } else {
                    for child in normalized(children, insideLink: insideLink) {
                        if case .text(let text) = child { appendText(text) } else { result.append(child) }
                    }
                }
            case .code, .softBreak, .lineBreak:
                result.append(inline)
            }
        }
        return result
    }
}
