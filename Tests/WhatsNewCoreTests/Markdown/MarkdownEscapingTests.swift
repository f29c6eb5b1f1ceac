import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import Markdown

/// Each escape Markdown output writes, and each place it writes none, proved through cmark-gfm with GitHub's
/// extensions (autolink, strikethrough, table, tagfilter, tasklist): the emitted Markdown is rendered and must
/// give exactly the HTML of the literal text. The raw file had needless backslashes (`[https\://…](…)`,
/// `snake\_case`, `C\#`, `\~/Library`); a backslash now stands only where GitHub would misread the text.
final class MarkdownEscapingTests: XCTestCase {
    /// Text as cmark-gfm writes it in HTML.
    private func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// `text` in a paragraph of its own: the Markdown written, and what GitHub shows for it.
    private func assertParagraph(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let markdown = MarkdownRenderer().render(inlines: [.text(text)])
        XCTAssertEqual(markdown, expected, "written for \(text.debugDescription)", file: file, line: line)
        XCTAssertEqual(try CmarkGFM.html(markdown), "<p>\(html(text))</p>\n", "GitHub's rendering of \(markdown.debugDescription)",
                       file: file, line: line)
    }

    func testParagraphText() throws {
        let cases: [(String, String)] = [
            // Emphasis: only a run that could open or close.
            ("snake_case and a_b_c", "snake_case and a_b_c"),
            ("__init__ and _x_", "\\_\\_init\\_\\_ and \\_x\\_"),
            ("x__init__", "x__init\\_\\_"),
            ("2 * 3 = 6 and a _ b", "2 * 3 = 6 and a _ b"),
            ("2*3*4", "2\\*3\\*4"),
            ("日本_語 é_e", "日本_語 é_e"),
            // Strikethrough: a `~` run only when another could pair with it.
            ("~/Library", "~/Library"),
            ("~/Library and ~/Documents", "~/Library and ~/Documents"),
            ("~one~ and ~~two~~", "\\~one\\~ and \\~\\~two\\~\\~"),
            ("x ~ y ~~ z", "x ~ y ~~ z"),
            ("a~b~~c", "a~b~~c"),
            ("~~~ mid-line is never a delimiter ~~~", "\\~\\~\\~ mid-line is never a delimiter ~~~"),
            // Backslashes: before punctuation only.
            ("C:\\Users\\me", "C:\\Users\\me"),
            ("a\\*b and \\_", "a\\\\\\*b and \\\\\\_"),
            ("ends with \\", "ends with \\\\"),
            // Autolinks.
            ("https://example.com and HTTP://x.y and ftp://x.y", "https\\://example.com and HTTP\\://x.y and ftp\\://x.y"),
            ("xhttp://a.b, foo://bar, 1http://a.b", "xhttp://a.b, foo://bar, 1http\\://a.b"),
            ("www.example.com, (www.x.y, xwww.a.b", "www\\.example.com, (www\\.x.y, xwww.a.b"),
            // Brackets: no reference is ever defined, so only `](` makes a link.
            ("see [1] and [a][b] and [x]", "see [1] and [a][b] and [x]"),
            ("see [docs](https://x.y)", "see [docs\\](https\\://x.y)"),
            // Tags and autolinks in angle brackets.
            ("<b>, </b>, <!-- c -->, <?x?>, <https://x.y>", "\\<b>, \\</b>, \\<!-- c -->, \\<?x?>, \\<https\\://x.y>"),
            ("a < b, <3, a <", "a < b, <3, a \\<"),
            // Entities, code, tables.
            ("AT&T &amp; &#35; &copy", "AT&T \\&amp; \\&#35; &copy"),
            ("`code`", "\\`code\\`"),
            ("a | b", "a \\| b"),
            ("C# and F#", "C# and F#"),
            // Line starts that would open a block, and those that would not.
            ("# not a heading", "\\# not a heading"),
            ("#hashtag", "#hashtag"),
            ("####### seven", "####### seven"),
            ("- not an item", "\\- not an item"),
            ("-foo", "-foo"),
            ("--", "\\--"),
            ("+ nor this", "\\+ nor this"),
            ("+1", "+1"),
            ("=foo", "=foo"),
            ("=== not a rule", "\\=== not a rule"),
            ("> not a quote", "\\> not a quote"),
            ("* star", "\\* star"),
            ("_under", "\\_under"),
            ("~~~ not a fence", "\\~\\~\\~ not a fence"),
            ("[x] done", "\\[x] done"),
            ("[label]: https://x.y", "\\[label]: https\\://x.y"),
            ("1. not a list", "1\\. not a list"),
            ("2023) too", "2023\\) too"),
            ("1.5 GB", "1.5 GB"),
            ("    code?", "&#32;   code?"),
            ("two  \nlines", "two &#32;\nlines"),
            ("a\n- b\n# c\n==", "a\n\\- b\n\\# c\n\\=="),
            // A table's delimiter row under a line (`a` over `:-` is a table of one column), and lines that are none.
            ("a\n:-", "a\n\\:-"),
            ("a\n-:", "a\n\\-:"),
            ("a\n:-: | :-", "a\n\\:-: \\| :-"),
            ("a\n:-) smile", "a\n:-) smile"),
            ("a\n-5 degrees", "a\n-5 degrees"),
        ]
        for (text, expected) in cases { try assertParagraph(text, expected) }
    }

    func testHeadingText() throws {
        let cases: [(String, String)] = [
            ("Learn C#", "## Learn C#"),
            ("Learn C #", "## Learn C \\#"),
            ("#1 fan", "## #1 fan"),
            ("#", "## \\#"),
            ("a | b and snake_case", "## a | b and snake_case"),
            ("~/Library", "## ~/Library"),
        ]
        for (text, expected) in cases {
            let markdown = MarkdownRenderer().heading([.text(text)], level: 2)
            XCTAssertEqual(markdown, expected, text)
            XCTAssertEqual(try CmarkGFM.html(markdown), "<h2>\(html(text))</h2>\n", markdown)
        }
        // Text after the `#` run: not a closing sequence, nothing to escape.
        let dated = MarkdownRenderer().heading([.text("Learn C #"), .text(" (2025-06-12)")], level: 2)
        XCTAssertEqual(dated, "## Learn C # (2025-06-12)")
        XCTAssertEqual(try CmarkGFM.html(dated), "<h2>Learn C # (2025-06-12)</h2>\n")
    }

    /// In a link's text GitHub makes no autolink; brackets there must not close the link.
    func testLinkText() throws {
        let cases: [(String, String)] = [
            ("https://example.com/a", "[https://example.com/a](https://x.y)"),
            ("www.example.com", "[www.example.com](https://x.y)"),
            ("a]b [c]", "[a\\]b \\[c\\]](https://x.y)"),
            ("snake_case ~/x", "[snake_case ~/x](https://x.y)"),
        ]
        for (text, expected) in cases {
            let markdown = MarkdownRenderer().render(inlines: [.link(destination: "https://x.y", title: "", [.text(text)])])
            XCTAssertEqual(markdown, expected, text)
            XCTAssertEqual(try CmarkGFM.html(markdown), "<p><a href=\"https://x.y\">\(html(text))</a></p>\n", markdown)
        }
        // An autolink's text is its URL, written as it is.
        XCTAssertEqual(MarkdownRenderer().render(MarkdownText(parsing: "<https://a.b/c>")), "[https://a.b/c](https://a.b/c)")
    }

    /// Inside a list item (as every feature is), with the item's own task-list box never made by text.
    func testListItemText() throws {
        for (text, expected) in [("[ ] todo", "- \\[ ] todo"), ("[x] done", "- \\[x] done"), ("snake_case", "- snake_case"),
                                 ("a\n[ ] b", "- a\n  \\[ ] b")] {
            let markdown = "- " + MarkdownRenderer().render(inlines: [.text(text)], continuation: "  ")
            XCTAssertEqual(markdown, expected, text)
            XCTAssertEqual(try CmarkGFM.html(markdown), "<ul>\n<li>\(html(text))</li>\n</ul>\n", markdown)
        }
    }

    /// The meant formatting beside text: a `~` of the text next to a strikethrough is escaped, as is one that
    /// could pair with the text's other `~`.
    func testTildesBesideStrikethrough() throws {
        let text = MarkdownText(parsing: "a\\~ ~~b~~ ~/c")
        let markdown = MarkdownRenderer().render(text)
        XCTAssertEqual(markdown, "a\\~ ~~b~~ \\~/c")
        XCTAssertEqual(try CmarkGFM.html(markdown), "<p>a~ <del>b</del> ~/c</p>\n")
    }

    /// Random literal text, escaped, reads back as that text through cmark-gfm with all of GitHub's extensions
    /// (the parser linked into whatsnew has autolink and strikethrough only; see `MarkdownRendererTests`).
    func testGeneratedTextThroughGitHubsExtensions() throws {
        let pieces = ["a", "b", " ", "1", "12", ".", ")", "-", "+", "#", "=", "*", "_", "`", "~", "~~", "~~~", "[", "]", "[ ]", "(",
                      "<", ">", "<b>", "&", "&amp;", "\\", "!", "|", ":", "//", "www.", "http://x.y", "\n", "é", "中", "🚀", "---", "|-|",
                      "\n:-", "\n-:", ":-:"]
        let seed = ProcessInfo.processInfo.environment["WHATSNEW_ESCAPING_SEED"].flatMap { UInt64($0) } ?? 17
        var generator = SeededGenerator(seed: seed)
        var texts: [String] = []
        while texts.count < 1000 {
            var text = (0..<Int.random(in: 1...10, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            // A paragraph holds no blank line, and white space around its lines is not escaping's concern.
            var previous = ""
            while previous != text {
                previous = text
                text = text.replacingOccurrences(of: " \n", with: "\n").replacingOccurrences(of: "\n ", with: "\n")
                    .replacingOccurrences(of: "\n\n", with: "\n")
                while let last = text.last, last == " " || last == "\n" { text.removeLast() }
                while let first = text.first, first == "\n" || first == " " { text.removeFirst() }
            }
            if !text.isEmpty { texts.append(text) }
        }
        // One document, a paragraph each: paragraphs do not affect each other's inlines.
        let markdown = texts.map { MarkdownRenderer().render(inlines: [.text($0)]) }.joined(separator: "\n\n") + "\n"
        let rendered = try CmarkGFM.html(markdown)
        let expected = texts.map { "<p>\(html($0))</p>\n" }
        let paragraphs = rendered.components(separatedBy: "</p>\n").dropLast().map { $0 + "</p>\n" }
        XCTAssertEqual(paragraphs.count, texts.count, rendered)
        for (index, paragraph) in paragraphs.enumerated() where index < expected.count {
            XCTAssertEqual(paragraph, expected[index], "\(texts[index].debugDescription) written \(MarkdownRenderer().render(inlines: [.text(texts[index])]).debugDescription)")
        }

        // The same texts as list items (each list ended by a comment) and as headings.
        let items = texts.map { "- " + MarkdownRenderer().render(inlines: [.text($0)], continuation: "  ") }
        let renderedItems = try CmarkGFM.html(items.joined(separator: "\n\n<!-- -->\n\n"))
            .components(separatedBy: "<!-- raw HTML omitted -->\n")
        XCTAssertEqual(renderedItems.count, texts.count)
        for (index, item) in renderedItems.enumerated() where index < texts.count {
            XCTAssertEqual(item, "<ul>\n<li>\(html(texts[index]))</li>\n</ul>\n", "\(texts[index].debugDescription) written \(items[index].debugDescription)")
        }
        let headings = texts.map { MarkdownRenderer().heading([.text($0)], level: 2) }
        let renderedHeadings = try CmarkGFM.html(headings.joined(separator: "\n") + "\n").split(separator: "\n").map(String.init)
        XCTAssertEqual(renderedHeadings.count, texts.count)
        for (index, heading) in renderedHeadings.enumerated() where index < texts.count {
            let oneLine = texts[index].replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
            XCTAssertEqual(heading, "<h2>\(html(oneLine))</h2>", "\(texts[index].debugDescription) written \(headings[index].debugDescription)")
        }
    }
}
