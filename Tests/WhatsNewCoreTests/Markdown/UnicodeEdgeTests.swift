import XCTest
@testable import WhatsNewCore
@testable import Markdown
@testable import WhatsNewModel
@testable import WhatsNewRender

/// Unicode that changes how Markdown and HTML read: a line break in the app's name must not split the
/// Markdown title, white space of any kind at the ends of bold or emphasized text must not leave literal
/// asterisks, and bidi overrides and isolates are shown, never obeyed. Markdown is read back with cmark-gfm.
final class UnicodeEdgeTests: XCTestCase {
    private static let bidiControls: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]
    private static let whiteSpace = [" ", "\u{A0}", "\u{2003}", "\u{3000}", "\u{202F}", "\u{1680}", "\t", "\n"]

    private func notes(appName: String, title: String = "Title", featureTitle: String = "Feature") -> ReleaseNotes {
        var manifest = Manifest()
        manifest.app = AppInfo(name: appName)
        manifest.versions = [VersionEntry(version: SemanticVersion(major: 1), versionText: "1.0.0", title: Title(text: LocalizedText(title)),
                                          features: [Feature(title: LocalizedText(featureTitle), subtitle: LocalizedText("Subtitle"))])]
        return ReleaseNotes(manifest)
    }

    func testALineBreakInTheAppNameKeepsTheTitleOneHeading() {
        for name in ["\nEvil", "Evil\n# Pwned", "Evil\r\n\r\nparagraph", "\r\rEvil", "  Evil", "\u{A0}Evil\n", "Evil\n---"] {
            guard let title = MarkdownEmitter.titleLine(notes(appName: name)) else { return XCTFail("no title line") }
            XCTAssertFalse(title.contains("\n"), title.debugDescription)
            let blocks = MarkdownParser.parse(title)
            XCTAssertEqual(blocks.count, 1, "\(title.debugDescription) from \(name.debugDescription)")
            guard case .heading(1, let content)? = blocks.first else {
                XCTFail("\(title.debugDescription) is not one H1")
                continue
            }
            XCTAssertTrue(PlainTextRenderer.render(MarkdownText(parsing: title)).contains("Evil"), title)
            XCTAssertFalse(content.isEmpty, title)
        }
        let markdown = MarkdownEmitter().emit(notes(appName: "\nEvil"))
        XCTAssertTrue(markdown.hasPrefix("# Evil — Release notes\n"), markdown)
    }

    func testWhiteSpaceAtTheEndsOfABoldTitleStaysOutsideTheAsterisks() {
        for space in Self.whiteSpace {
            for title in ["x" + space, space + "x", space + "*x*" + space, "**x**" + space, "x&#160;", "&#x3000;x"] {
                let item = MarkdownEmitter.item(notes(appName: "A", featureTitle: title).versions[0].features[0], renderer: MarkdownRenderer())
                let blocks = MarkdownParser.parse(item)
                guard case .list(let list)? = blocks.first, case .paragraph(let content)? = list.items.first?.first else {
                    XCTFail("\(item.debugDescription) is not a list item")
                    continue
                }
                XCTAssertTrue(content.contains { if case .strong = $0 { true } else { false } }, "\(item.debugDescription) from \(title.debugDescription)")
                XCTAssertFalse(Self.literalText(content).contains("*"), "literal asterisks in \(item.debugDescription)")
            }
        }
    }

    func testEmphasisStrongAndStrikethroughWithWhiteSpaceAtTheirEndsStayFormatted() {
        let wrappers: [([MarkdownInline]) -> MarkdownInline] = [{ .strong($0) }, { .emphasis($0) }, { .strikethrough($0) }, { .strong([.emphasis($0)]) }]
        for space in Self.whiteSpace {
            for (index, wrap) in wrappers.enumerated() {
                for children in [[MarkdownInline.text(space + "b" + space)], [.text(space), .emphasis([.text(space + "b")]), .softBreak]] {
                    let inlines: [MarkdownInline] = [.text("a"), wrap(children), .text("c")]
                    let markdown = MarkdownRenderer().render(inlines: inlines)
                    // (Two line breaks in a row make two paragraphs: their content is read together.)
                    let content = MarkdownParser.parse(markdown).flatMap { block -> [MarkdownInline] in
                        if case .paragraph(let content) = block { content } else { [] }
                    }
                    XCTAssertTrue(content.contains { if case .text = $0 { false } else if case .softBreak = $0 { false } else { true } },
                                  "wrapper \(index): \(markdown.debugDescription)")
                    XCTAssertFalse(Self.literalText(content).contains { $0 == "*" || $0 == "~" || $0 == "_" },
                                   "wrapper \(index): literal delimiters in \(markdown.debugDescription)")
                }
            }
        }
    }

    func testBidiControlsAreShownVisiblyInHTMLAndMarkdown() {
        for control in Self.bidiControls {
            let visible = "\\u{" + String(control.value, radix: 16, uppercase: true) + "}"
            let text = "rtl\(control)txt.exe `co\(control)de` [li\(control)nk](https://ok.example \"ti\(control)tle\")"
            let notes = notes(appName: "App\(control)", title: text, featureTitle: text)
            let outputs = [
                ("html", HTMLRenderer().render(MarkdownText(parsing: text))),
                ("html page", HTMLEmitter(page: .changelog).emit(notes)),
                ("html showcase", HTMLEmitter(page: .showcase).emit(notes)),
                ("markdown", MarkdownRenderer().render(MarkdownText(parsing: text))),
                ("markdown page", MarkdownEmitter().emit(notes)),
                ("escaped", MarkdownEscaping.escape(text)), ("html escaped", HTMLEscaping.escape(text)),
            ]
            for (name, output) in outputs {
                XCTAssertFalse(output.unicodeScalars.contains(control), "\(name): raw U+\(String(control.value, radix: 16)) in \(output.debugDescription)")
                XCTAssertTrue(output.contains(visible), "\(name): \(output.debugDescription)")
            }
            // Markdown shows the escape as it is written.
            let shown = PlainTextRenderer.render(MarkdownText(parsing: MarkdownRenderer().render(MarkdownText(parsing: "a\(control)b"))))
            XCTAssertEqual(shown, "a\(visible)b")
        }
        XCTAssertEqual(HTMLEscaping.escape("שלום\u{200F}!"), "שלום\u{200F}!", "a right-to-left mark is kept: it reorders no text")
    }

    /// The text a reader sees as plain characters (not inside formatting), concatenated.
    private static func literalText(_ inlines: [MarkdownInline]) -> String {
        inlines.map { inline -> String in
            switch inline {
            case .text(let text): return text
            case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children):
                return literalText(children)
            default: return ""
            }
        }.joined()
    }
}
