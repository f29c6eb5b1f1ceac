import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import WhatsNewDiagnostics
@testable import Markdown
@testable import WhatsNewModel
@testable import WhatsNewRender

/// The terminal and Markdown outputs of issue 17: glyphs, images without one, `present` pages, the document
/// heading, strikethrough in plain text.
final class TextOutputTests: XCTestCase {
    /// The notes of a manifest that must read without errors.
    private func notes(_ yaml: String, selection: Selection = Selection(), file: StaticString = #filePath,
                       line: UInt = #line) throws -> ReleaseNotes {
        let engine = DiagnosticEngine()
        let manifest = try XCTUnwrap(try Compiler().load(contents: Array(yaml.utf8), name: "notes.yaml", engine: engine), file: file, line: line)
        XCTAssertEqual(engine.diagnostics.filter { $0.severity == .error }.map(\.message), [], file: file, line: line)
        return ReleaseNotes(manifest, selection: selection)
    }

    private static let images = """
        images:
          known: { systemName: star.fill }
          unknown: { systemName: square.grid.2x2.fill }
          unknownWithAlt: { systemName: square.grid.2x2.fill, alt: Widget grid }
          unknownWithEmoji: { systemName: square.grid.2x2.fill, emoji: "🧩" }
          override: { systemName: map.fill, emoji: "🧭" }
          file: { file: logo.svg, alt: Trails logo }
          fileWithoutAlt: { file: logo.svg }
          fileWithEmoji: { file: logo.svg, emoji: "🥾", alt: Boot }
        versions:
          - version: 1.0.0
            features:
              - { image: known, title: Known, subtitle: a }
              - { image: unknown, title: Unknown, subtitle: b }
              - { image: unknownWithAlt, title: Unknown with alt, subtitle: c }
              - { image: unknownWithEmoji, title: Unknown with emoji, subtitle: d }
              - { image: override, title: Override, subtitle: e }
              - { image: file, title: File, subtitle: f }
              - { image: fileWithoutAlt, title: File without alt, subtitle: g }
              - { image: fileWithEmoji, title: File with emoji, subtitle: h }
              - { title: No image, subtitle: i }
        """

    /// Files of the manifest above, beside it.
    private func withLogo<T>(_ body: (String) throws -> T) throws -> T {
        let directory = try TemporaryDirectory("text-output")
        try directory.write("logo.svg", #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>"#)
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(directory.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        return try body(directory.path)
    }

    /// A symbol without an emoji or a file gave `- • **Title**`, a bullet after the list's own; now the image's
    /// emoji, else its own alt text in brackets, else nothing.
    func testMarkdownItemsHaveNoSecondBullet() throws {
        let markdown = try withLogo { _ in MarkdownEmitter().emit(try notes(Self.images)) }
        let items = markdown.split(separator: "\n").filter { $0.hasPrefix("- ") }
        XCTAssertEqual(items, [
            "- ⭐ **Known** — a",
            "- **Unknown** — b",
            "- [Widget grid] **Unknown with alt** — c",
            "- 🧩 **Unknown with emoji** — d",
            "- 🧭 **Override** — e",
            "- [Trails logo] **File** — f",
            "- **File without alt** — g",
            "- 🥾 **File with emoji** — h",
            "- **No image** — i",
        ])
        XCTAssertFalse(markdown.contains("•"), markdown)
        // What GitHub shows: no nested list, no checkbox, the brackets as text.
        let html = try CmarkGFM.html(markdown)
        XCTAssertTrue(html.contains("<li>[Widget grid] <strong>Unknown with alt</strong> — c</li>"), html)
        XCTAssertFalse(html.contains("<ul>\n<li>\n<ul>"), html)
    }

    /// In the terminal: the glyph, or the image's own alt text where the glyph would be ('•' for a file showed
    /// nothing of it); '•' only without either, as for a feature without an image.
    func testTerminalShowsTheEmojiOrTheAltText() throws {
        let text = try withLogo { _ in ANSIEmitter(capabilities: .plain, width: 80).emit(try notes(Self.images)) }
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("      ") && $0.contains { $0.isLetter } }
        XCTAssertEqual(rows.map { String($0) }, [
            "  ⭐  Known",
            "  •   Unknown",
            "  [Widget grid]  Unknown with alt",
            "  🧩  Unknown with emoji",
            "  🧭  Override",
            "  [Trails logo]  File",
            "  •   File without alt",
            "  🥾  File with emoji",
            "  •   No image",
        ])
    }

    /// A glyph whose width terminals disagree on (🗺️: U+1F5FA and U+FE0F) is followed by a move of the cursor
    /// to the title's column, so the title starts there however the glyph was drawn; without escapes, spaces.
    func testTheTitleColumnDoesNotDependOnTheGlyphsWidth() throws {
        let manifest = """
            versions:
              - version: 1.0.0
                features:
                  - { image: { systemName: map.fill }, title: Maps, subtitle: a }
                  - { image: { systemName: star.fill }, title: Star, subtitle: b }
            """
        let colored = ANSIEmitter(capabilities: TerminalCapabilities(colorDepth: .ansi256, hyperlinks: false), width: 60).emit(try notes(manifest))
        XCTAssertTrue(colored.contains("🗺️\u{1B}[0m\u{1B}[7G\u{1B}[1mMaps"), colored)
        XCTAssertTrue(colored.contains("⭐\u{1B}[0m\u{1B}[7G\u{1B}[1mStar"), colored)
        let plain = ANSIEmitter(capabilities: .plain, width: 60).emit(try notes(manifest))
        XCTAssertTrue(plain.contains("\n  🗺️  Maps\n      a\n"), plain)
        XCTAssertTrue(plain.contains("\n  ⭐  Star\n      b\n"), plain)
    }

    /// A `present` page printed at column 0 under an indented sheet; now it is indented as the features' text.
    func testAPresentPageIsIndentedLikeTheSheet() throws {
        let manifest = """
            versions:
              - version: 1.0.0
                features: [{ image: { emoji: "⭐" }, title: Maps, subtitle: Download a region. }]
                secondaryAction:
                  title: How it works
                  present:
                    title: Offline maps
                    body: "Download a region **before** you leave, and Trails keeps working without a signal.\\n\\n1. Open a trail.\\n2. Tap Download.\\n\\n> Regions update on Wi-Fi."
            """
        let text = ANSIEmitter(capabilities: .plain, width: 60).emit(try notes(manifest))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(lines.firstIndex { $0.contains("Offline maps") })
        let end = try XCTUnwrap(lines.firstIndex { $0.contains("[ Continue ]") })
        let page = lines[start..<end].filter { !$0.isEmpty }
        XCTAssertGreaterThanOrEqual(page.count, 6, text)
        for line in page {
            XCTAssertTrue(line.hasPrefix("      ") && line.count <= 60, "'\(line)'")
        }
        XCTAssertTrue(text.contains("\n      Offline maps\n      Download a region before you leave, and Trails keeps\n"), text)
        XCTAssertTrue(text.contains("\n      1. Open a trail.\n      2. Tap Download.\n"), text)
    }

    /// Plain text keeps struck text's marks: "your blisters highlights" said the opposite.
    func testStruckTextKeepsItsMarksInPlainText() throws {
        XCTAssertEqual(PlainTextRenderer.render(MarkdownText(parsing: "your ~~blisters~~ highlights")), "your ~~blisters~~ highlights")
        XCTAssertEqual(PlainTextRenderer.render(MarkdownDocument(parsing: "not ~~rumors~~ guesswork")), "not ~~rumors~~ guesswork\n")
        let manifest = "versions: [{ version: 1.0.0, features: [{ title: Stories, subtitle: \"your ~~blisters~~ highlights\" }] }]"
        let notes = try self.notes(manifest)
        let json = JSONEmitter().emit(notes)
        XCTAssertTrue(json.contains("\"plain\": \"your ~~blisters~~ highlights\""), json)
        XCTAssertTrue(ANSIEmitter(capabilities: .plain, width: 60).emit(notes).contains("your ~~blisters~~ highlights"))
    }

    /// The `# … release notes` heading was English on every locale and there with `--release`.
    func testTheDocumentHeadingIsInThePagesLanguageAndLeftOutForOneRelease() throws {
        let manifest = """
            app: { name: Trails }
            defaults: { locale: en }
            versions:
              - { version: 1.0.0, title: { en: Hello, de: Hallo }, features: [{ title: { en: A, de: A }, subtitle: { en: a, de: a } }] }
              - { version: 1.1.0, title: { en: Hello, de: Hallo }, features: [{ title: { en: B, de: B }, subtitle: { en: b, de: b } }] }
            """
        let english = MarkdownEmitter().emit(try notes(manifest))
        XCTAssertTrue(english.hasPrefix("# Trails — Release notes\n\n## 1.1.0 — Hello\n"), english)
        for (locale, heading) in [("de", "# Trails — Versionshinweise\n"), ("fr-CA", "# Trails — Notes de version\n"),
                                  ("ja", "# Trails — リリースノート\n"), ("xx", "# Trails — Release notes\n")] {
            let markdown = MarkdownEmitter().emit(try notes(manifest, selection: Selection(locale: locale)))
            XCTAssertTrue(markdown.hasPrefix(heading), "\(locale): \(markdown)")
        }
        let release = MarkdownEmitter().emit(try notes(manifest, selection: Selection(release: SemanticVersion(major: 1), locale: "de")))
        XCTAssertEqual(release, "## 1.0.0 — Hallo\n\n- **A** — a\n")
        // `--since` still selects a changelog.
        XCTAssertTrue(MarkdownEmitter().emit(try notes(manifest, selection: Selection(since: SemanticVersion(major: 1)))).hasPrefix("# Trails"))
    }

    /// A `present` page's headings kept their level: a second H1 or H2 in CHANGELOG.md. Now its highest is
    /// the level below the page title (or the version heading), the others the next levels, without a gap.
    func testPresentPageHeadingsSitBelowTheVersionHeading() throws {
        func manifest(title: String?) -> String {
            """
            versions:
              - version: 1.0.0
                features: [{ title: A, subtitle: a }]
                secondaryAction:
                  title: More
                  present:
                    \(title.map { "title: \($0)" } ?? "")
                    body: "# Setup\\n\\nText.\\n\\n### Details\\n\\nMore.\\n\\n# Again\\n\\n###### Deep"
            """
        }
        for (title, expected) in [(nil as String?, [1, 2, 3, 4, 3, 4]), ("Guide", [1, 2, 3, 4, 5, 4, 5])] {
            let markdown = MarkdownEmitter().emit(try notes(manifest(title: title)))
            let html = try CmarkGFM.html(markdown)
            let levels = html.components(separatedBy: "<h").dropFirst().compactMap { Int(String($0.prefix(1))) }
            XCTAssertEqual(levels, expected, markdown)
            XCTAssertEqual(html.components(separatedBy: "<h1>").count, 2, "no H1 beside the document's")
        }
        // A page that begins below its highest level starts right under the version all the same.
        let lower = MarkdownRenderer(topHeadingLevel: 3).render(MarkdownDocument(parsing: "## A\n\n# B\n\n### C"))
        XCTAssertEqual(lower, "### A\n\n### B\n\n#### C\n")
        XCTAssertEqual(HTMLRenderer(topHeadingLevel: 3).render(MarkdownDocument(parsing: "## A\n\n# B\n\n### C")),
                       "<h3>A</h3>\n<h3>B</h3>\n<h4>C</h4>\n", "as the HTML page places them")
    }
}

/// The `cmark-gfm` command (Debian's `cmark-gfm`, which `make test` installs) with GitHub's extensions.
enum CmarkGFM {
    static func html(_ markdown: String) throws -> String {
        guard let cmark = CommandRunner.which("cmark-gfm") else { throw XCTSkip("cmark-gfm is not installed (make test installs it)") }
        let result = try CommandRunner.run(executable: cmark, ["-e", "autolink", "-e", "strikethrough", "-e", "table", "-e", "tagfilter",
                                                               "-e", "tasklist"], stdin: Data(markdown.utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }
}
