import XCTest
@testable import WhatsNewCore
@testable import Markdown
@testable import WhatsNewModel
@testable import WhatsNewRender

/// Markdown output holds no image its author did not declare in a manifest's image fields: an image written
/// in a text, or a `!` written before a link, an autolink or an e-mail address, comes out as a link at most.
/// Each output is read back with cmark-gfm (the parser `MarkdownText` uses, GitHub's flavour) and its image
/// nodes counted.
final class MarkdownImageTests: XCTestCase {
    static let attacks: [String] = [
        "!<https://evil.example/p.png>", "!https://evil.example/p.png", "!foo@evil.example", "<!--a@b.co", "!www.evil.example/p.png",
        "![a](https://evil.example/p.png)", "![](https://evil.example/p.png)", "![a][r]\n\n[r]: https://evil.example/p.png",
        "![a](https://evil.example/p.png \"t\")", "look!<https://evil.example/p.png>", "!!<https://evil.example/p.png>",
        "\\!<https://evil.example/p.png>", "\\\\!<https://evil.example/p.png>", "!*<https://evil.example/p.png>*",
        "*!*<https://evil.example/p.png>", "`!`<https://evil.example/p.png>", "!&#33;<https://evil.example/p.png>",
        "&#33;<https://evil.example/p.png>", "[![a](https://evil.example/p.png)](https://ok.example)",
        "![![a](https://evil.example/p.png)](https://evil.example/q.png)", "!\n<https://evil.example/p.png>", "![a](<https://evil.example/p (1).png>)",
    ]

    func testAnImageOrABangBeforeALinkNeverBecomesAnImage() {
        for input in Self.attacks {
            for markdown in [MarkdownRenderer().render(MarkdownText(parsing: input)), MarkdownRenderer().render(MarkdownDocument(parsing: input))] {
                XCTAssertEqual(Self.images(in: markdown), 0, "\(markdown.debugDescription) from \(input.debugDescription)")
            }
        }
    }

    func testAnImageInATextIsALinkToIt() {
        XCTAssertEqual(MarkdownRenderer().render(MarkdownText(parsing: "![a *b*](https://ok.example/p.png)")), "[a *b*](https://ok.example/p.png)")
        XCTAssertEqual(MarkdownRenderer().render(MarkdownText(parsing: "![](https://ok.example/p.png)")),
                       "[https://ok.example/p.png](https://ok.example/p.png)")
        XCTAssertEqual(MarkdownRenderer().render(MarkdownText(parsing: "new!<https://ok.example>")), "new\\![https://ok.example](https://ok.example)")
        XCTAssertEqual(MarkdownRenderer().render(MarkdownText(parsing: "[![a](https://ok.example/p.png)](https://ok.example)")),
                       "[a](https://ok.example)", "no link inside a link: the image shows its alt text")
    }

    /// Generated texts mixing the characters and pieces Markdown images are made of, through every field the
    /// Markdown emitter writes: the output's image count is the number of images the manifest's image fields
    /// show in Markdown, which is none (an image field is shown as its glyph).
    func testGeneratedHostileTextsGiveNoImageInMarkdownOutput() {
        var generator = SeededGenerator(seed: 0x1A6E)
        for round in 0..<300 {
            let texts = (0..<6).map { _ in Self.hostileText(&generator) }
            let markdown = MarkdownEmitter().emit(ReleaseNotes(Self.manifest(texts)))
            XCTAssertEqual(Self.images(in: markdown), 0, "round \(round): \(texts.map(\.debugDescription)) gave\n\(markdown)")
            for text in texts {
                let rendered = MarkdownRenderer().render(MarkdownDocument(parsing: text))
                XCTAssertEqual(Self.images(in: rendered), 0, "round \(round): \(rendered.debugDescription) from \(text.debugDescription)")
            }
        }
    }

    // MARK: - Helpers

    private static let pieces: [String] = [
        "!", "!", "!", "<", ">", "[", "]", "(", ")", "\\", "\\!", "*", "`", " ", "\n", "\n\n", "a", "png", "<!--", "-->", "&#33;", "&#x21;",
        "&lt;", "&excl;", "&amp;", "https://evil.example/p.png", "http://e.example", "www.evil.example", "foo@evil.example",
        "mailto:a@b.co", "<https://evil.example/p.png>", "<a@b.co>", "![x](https://evil.example/p.png)", "](https://evil.example/p.png)",
        "[r]: https://evil.example/p.png", "[r]", "\"t\"", "- ", "# ", "> ", "1. ",
    ]

    static func hostileText(_ generator: inout SeededGenerator) -> String {
        (0..<generator.int(1...12)).map { _ in generator.pick(pieces) }.joined()
    }

    /// A manifest whose every text field the Markdown emitter writes holds one of `texts`, with a symbol and
    /// a file image declared through image fields.
    private static func manifest(_ texts: [String]) -> Manifest {
        var manifest = Manifest()
        manifest.app = AppInfo(name: texts[0])
        let page = SecondaryAction(title: LocalizedText(texts[1]), kind: .present(title: LocalizedText(texts[2]), body: LocalizedText(texts[3])))
        let link = SecondaryAction(title: LocalizedText(texts[1]), kind: .openURL("https://ok.example/notes"))
        let features = [
            Feature(image: .inline(Image(source: .systemName("star.fill"), alt: LocalizedText(texts[4]))), title: LocalizedText(texts[4]),
                    subtitle: LocalizedText(texts[5])),
            Feature(image: .inline(Image(source: .file("logo.png"))), title: LocalizedText(texts[5]), subtitle: LocalizedText(texts[0])),
        ]
        manifest.versions = [
            VersionEntry(version: SemanticVersion(major: 2), versionText: "2.0.0", title: Title(text: LocalizedText(texts[2])),
                         features: features, secondaryAction: .inline(page)),
            VersionEntry(version: SemanticVersion(major: 1), versionText: "1.0.0", title: Title(text: LocalizedText(texts[3])),
                         features: features, secondaryAction: .inline(link)),
        ]
        return manifest
    }

    /// The images cmark-gfm finds in `markdown`, counting `<img` in raw HTML as one.
    static func images(in markdown: String) -> Int {
        MarkdownParser.parse(markdown).reduce(0) { $0 + images(in: $1) }
    }

    private static func images(in block: MarkdownBlock) -> Int {
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines): return images(in: inlines)
        case .list(let list): return list.items.joined().reduce(0) { $0 + images(in: $1) }
        case .blockQuote(let blocks): return blocks.reduce(0) { $0 + images(in: $1) }
        case .html(let html): return html.lowercased().components(separatedBy: "<img").count - 1
        case .codeBlock, .thematicBreak: return 0
        }
    }

    private static func images(in inlines: [MarkdownInline]) -> Int {
        inlines.reduce(0) { count, inline in
            switch inline {
            case .image(_, _, let alt): return count + 1 + images(in: alt)
            case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children):
                return count + images(in: children)
            case .html(let html): return count + html.lowercased().components(separatedBy: "<img").count - 1
            case .text, .code, .softBreak, .lineBreak: return count
            }
        }
    }
}
