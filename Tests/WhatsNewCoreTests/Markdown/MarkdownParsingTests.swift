import XCTest
@testable import WhatsNewCore
@testable import Markdown

final class MarkdownParsingTests: XCTestCase {
    func testCmarkIsLinkedWithTheGFMExtensions() {
        XCTAssertTrue(MarkdownParser.cmarkVersion.contains("gfm"), MarkdownParser.cmarkVersion)
        let text = MarkdownText(parsing: "~~old~~ and www.example.com")
        XCTAssertEqual(text.inlines, [
            .strikethrough([.text("old")]), .text(" and "),
            .link(destination: "http://www.example.com", title: "", [.text("www.example.com")]),
        ])
    }

    func testInlineTree() {
        let text = MarkdownText(parsing: "Offline **maps** *now* `fast` [docs](https://x.y/d \"Docs\") a  \nb <br>")
        XCTAssertEqual(text.inlines, [
            .text("Offline "), .strong([.text("maps")]), .text(" "), .emphasis([.text("now")]), .text(" "),
            .code("fast"), .text(" "), .link(destination: "https://x.y/d", title: "Docs", [.text("docs")]),
            .text(" a"), .lineBreak, .text("b "), .html("<br>"),
        ])
        XCTAssertFalse(text.hasBlockMarkdown)
        XCTAssertEqual(MarkdownText(parsing: "![logo](a.png)").inlines,
                       [.image(source: "a.png", title: "", alt: [.text("logo")])])
    }

    func testEntitiesAreDecodedAndAdjacentTextMerged() {
        XCTAssertEqual(MarkdownText(parsing: "&lt;script&gt; &amp; \\*not\\*").inlines, [.text("<script> & *not*")])
    }

    func testBlockMarkdownIsFlattenedAndNamed() {
        let cases: [(String, MarkdownBlockKind?, [MarkdownInline])] = [
            ("# Big news", .heading, [.text("Big news")]),
            ("Title\n===", .heading, [.text("Title")]),
            ("- one\n- **two**", .list, [.text("one"), .softBreak, .strong([.text("two")])]),
            ("1. first", .list, [.text("first")]),
            ("> quoted", .blockQuote, [.text("quoted")]),
            ("```\nlet x\nlet y\n```", .codeBlock, [.code("let x let y")]),
            ("    indented", .codeBlock, [.code("indented")]),
            ("above\n\n---\n\nbelow", .thematicBreak, [.text("above"), .softBreak, .text("below")]),
            ("one\n\ntwo", nil, [.text("one"), .softBreak, .text("two")]),
            ("<div>\nhi\n</div>", nil, [.html("<div>"), .softBreak, .html("hi"), .softBreak, .html("</div>")]),
            ("plain", nil, [.text("plain")]),
        ]
        for (source, kind, inlines) in cases {
            let text = MarkdownText(parsing: source)
            XCTAssertEqual(text.blockMarkdown, kind, source)
            XCTAssertEqual(text.hasBlockMarkdown, kind != nil, source)
            XCTAssertEqual(text.inlines, inlines, source)
        }
        XCTAssertEqual(MarkdownBlockKind.blockQuote.description, "a block quote")
    }

    func testDocumentBlocks() {
        let document = MarkdownDocument(parsing: """
        ## Sync

        Notes *sync* now.

        3. three
        4. four

        - loose

        - list

        > quote

        ```swift
        let x = 1
        ```

        ***
        """)
        XCTAssertEqual(document.blocks, [
            .heading(level: 2, [.text("Sync")]),
            .paragraph([.text("Notes "), .emphasis([.text("sync")]), .text(" now.")]),
            .list(MarkdownList(isOrdered: true, start: 3, isTight: true, items: [[.paragraph([.text("three")])], [.paragraph([.text("four")])]])),
            .list(MarkdownList(isOrdered: false, start: 0, isTight: false, items: [[.paragraph([.text("loose")])], [.paragraph([.text("list")])]])),
            .blockQuote([.paragraph([.text("quote")])]),
            .codeBlock(info: "swift", code: "let x = 1\n"),
            .thematicBreak,
        ])
    }

    func testNULNeverTruncates() {
        XCTAssertEqual(MarkdownText(parsing: "a\u{0}b *c*").inlines, [.text("a\u{FFFD}b "), .emphasis([.text("c")])])
        XCTAssertEqual(PlainTextRenderer.render(MarkdownText(parsing: "before\u{0}after")), "before\u{FFFD}after")
    }

    func testVerbatimTextIsNeverParsed() {
        let text = MarkdownText(verbatim: "**1.0** <b>")
        XCTAssertEqual(text.inlines, [.text("**1.0** <b>")])
        XCTAssertEqual(text.source, "\\*\\*1.0\\*\\* \\<b>")
        XCTAssertEqual(MarkdownText(parsing: text.source).inlines, text.inlines)
    }

    func testEmptyText() {
        XCTAssertEqual(MarkdownText(parsing: "").inlines, [])
        XCTAssertTrue(MarkdownText(parsing: "   ").isEmpty)
        XCTAssertEqual(MarkdownDocument(parsing: "").blocks, [])
    }

    /// Pathological nesting must neither crash (deep recursion, in parsing or in releasing the tree) nor
    /// build a tree deeper than the reader's limits; the text inside is kept.
    func testDeepNestingIsBoundedAndKeepsTheText() {
        let inputs = [
            String(repeating: "> ", count: 5_000) + "deep",
            String(repeating: "- ", count: 2_000) + "deep",
            String(repeating: "*", count: 3_000) + "deep" + String(repeating: "*", count: 3_000),
            String(repeating: "[", count: 3_000) + "deep" + String(repeating: "](u)", count: 3_000),
            String(repeating: "~~a ", count: 2_000) + "deep" + String(repeating: "~~", count: 2_000),
        ]
        for input in inputs {
            let document = MarkdownDocument(parsing: input)
            XCTAssertLessThanOrEqual(depth(document.blocks), TreeLimits.maxDepth, String(input.prefix(10)))
            XCTAssertTrue(PlainTextRenderer.render(document).contains("deep"), String(input.prefix(10)))
            let text = MarkdownText(parsing: input)
            XCTAssertTrue(PlainTextRenderer.render(text).contains("deep"))
            XCTAssertTrue(HTMLRenderer().render(document).contains("deep"))
        }
    }

    /// Parsers come from a pool; threads parsing at once each get their own and the same answers.
    func testParsingFromManyThreadsAtOnce() {
        let sources = (0..<64).map { "Item \($0): **bold** [link](https://x.y/\($0)) ~~gone~~ `code`\n- list \($0)" }
        let expected = sources.map { MarkdownText(parsing: $0) }
        // Each iteration writes only its own slot.
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<MarkdownText?>.allocate(capacity: sources.count * 8)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: results.count) { index in
            results[index] = MarkdownText(parsing: sources[index % sources.count])
        }
        for index in 0..<results.count {
            XCTAssertEqual(results[index], expected[index % sources.count])
        }
    }

    /// The fast path must give exactly what cmark gives, for every text it accepts.
    func testFastPathAgreesWithCmark() {
        let pieces = ["a", "b", "Z", " ", " ", "1", "9", ".", ")", "-", "+", "#", "=", "*", "_", "`", "~", "[", "]", "<", ">",
                      "&", "\\", "@", ":", "/", "w", "W", "!", "|", "(", "é", "中", "🚀", "\t", "\n", "\r", "\u{0}", "\u{1B}",
                      "'", "\"", "%", "{", "x", "y", "z", "e", "o"]
        var generator = SeededGenerator(seed: 42)
        var accepted = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...10, using: &generator)
            var source = ""
            for _ in 0..<length {
                // Letters and spaces most of the time, so many candidates take the fast path.
                let index = Int.random(in: 0..<(pieces.count * 2), using: &generator)
                source += index < pieces.count ? pieces[index] : ["a", " ", "e", "1", "w", ":", "/"][index % 7]
            }
            guard MarkdownFastPath.isLiteral(source) else { continue }
            accepted += 1
            let parsed = MarkdownText(parsing: source, allowingFastPath: false)
            XCTAssertEqual(parsed.inlines, [.text(source)], source.debugDescription)
            XCTAssertNil(parsed.blockMarkdown, source.debugDescription)
            XCTAssertEqual(MarkdownDocument(parsing: source, allowingFastPath: false).blocks, [.paragraph([.text(source)])])
        }
        XCTAssertGreaterThan(accepted, 2_000, "the generator should exercise the fast path")
    }

    func testFastPathRefusesMarkdownAndLineStarts() {
        for source in ["a *b*", "# h", "- x", "+ x", "1. x", "12) x", " lead", "trail ", "a\nb", "a\tb", "see https://x",
                       "www.x.com", "me@x.com", "a & b", "x\u{0}", ">q", "|t|"] {
            XCTAssertFalse(MarkdownFastPath.isLiteral(source), source.debugDescription)
        }
        for source in ["Offline maps", "Fixed: crash on launch!", "3D maps (beta)", "新功能", "Now 20% faster."] {
            XCTAssertTrue(MarkdownFastPath.isLiteral(source), source)
        }
    }

    private enum TreeLimits {
        /// Block containers (a list and its item count two) plus inline containers, plus slack for leaves.
        static let maxDepth = 24 + 24 + 4
    }

    private func depth(_ blocks: [MarkdownBlock]) -> Int {
        blocks.map { block -> Int in
            switch block {
            case .paragraph(let inlines), .heading(_, let inlines): return 1 + depth(inlines)
            case .list(let list): return 2 + (list.items.map { depth($0) }.max() ?? 0)
            case .blockQuote(let blocks): return 1 + depth(blocks)
            case .codeBlock, .html, .thematicBreak: return 1
            }
        }.max() ?? 0
    }

    private func depth(_ inlines: [MarkdownInline]) -> Int {
        inlines.map { inline -> Int in
            switch inline {
            case .emphasis(let children), .strong(let children), .strikethrough(let children),
                 .link(_, _, let children), .image(_, _, let children):
                return 1 + depth(children)
            default:
                return 1
            }
        }.max() ?? 0
    }
}
