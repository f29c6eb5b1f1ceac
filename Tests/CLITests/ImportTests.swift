import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import XCTest

/// `whatsnew import` over every case of `Fixtures/import/` (see its README): the warnings at their lines, a
/// manifest `validate` accepts, and — compiled back with `--markdown-style keepachangelog` — the same
/// versions, dates, links, sections and bullet texts as the original, compared through cmark-gfm's tree.
final class ImportTests: XCTestCase {
    private let fixtures = Paths.fixtures.appendingPathComponent("import")
    /// The cases whose round trip cannot give the original back (their warnings say why, or sections are
    /// renamed to Keep a Changelog's).
    private let lossy: Set<String> = ["messy", "conventional", "paragraph-labels", "unreleased-and-duplicates", "levels"]

    func testEveryFixtureRoundTrips() throws {
        guard let cmark = CommandRunner.which("cmark-gfm") else { throw XCTSkip("cmark-gfm is not installed") }
        let cases = Paths.cases(in: fixtures)
        XCTAssertGreaterThanOrEqual(cases.count, 6)
        for directory in cases {
            try check(directory, cmark: cmark)
        }
    }

    private func check(_ directory: URL, cmark: URL) throws {
        let name = directory.lastPathComponent
        let temporary = try TemporaryDirectory("import")
        let changelog = directory.appendingPathComponent("CHANGELOG.md")
        let manifest = temporary.path("notes.yaml")
        let imported = try CommandRunner.run(["import", changelog.path, "-o", manifest])
        XCTAssertEqual(imported.status, 0, "\(name): \(imported.stderr)")
        XCTAssertEqual(imported.stdout, "", name)
        let expectedWarnings = try lines(directory.appendingPathComponent("expected-warnings.txt"))
        XCTAssertEqual(Self.warnings(imported.stderr, file: changelog.path), expectedWarnings, "\(name): \(imported.stderr)")

        let validated = try CommandRunner.run(["validate", manifest, "--diagnostics", "json"])
        XCTAssertEqual(validated.status, 0, "\(name): \(validated.stderr)")
        let codes = try JSONSerialization.jsonObject(with: Data(validated.stderr.utf8)) as? [[String: Any]] ?? []
        XCTAssertEqual(codes.compactMap { $0["code"] as? String }, try lines(directory.appendingPathComponent("expected-validate.txt")), name)

        let compiled = try CommandRunner.run(["compile", manifest, "--format", "markdown", "--markdown-style", "keepachangelog", "-o", "-"])
        XCTAssertEqual(compiled.status, 0, "\(name): \(compiled.stderr)")
        let original = try Self.records(String(contentsOf: changelog, encoding: .utf8), cmark: cmark)
        let written = try Self.records(compiled.stdout, cmark: cmark)
        XCTAssertGreaterThan(original.count, 2, name)
        if !lossy.contains(name) {
            // Within a version, the groups follow Keep a Changelog's order, whatever the original's was.
            let original = Self.inKeepAChangelogOrder(original)
            XCTAssertEqual(written, original, "\(name):\n" + Golden.lineDiff(expected: original.joined(separator: "\n"), actual: written.joined(separator: "\n")))
            return
        }
        // Nothing of a bullet's text under a release is lost: every word of it is in the compiled document.
        // (The section of a heading that names no version is not imported; its warning says so.)
        let words = Set(written.joined(separator: " ").split(separator: " "))
        var inRelease = false
        for record in original {
            if record.hasPrefix("version ") {
                inRelease = record.dropFirst(8).first.map { $0.isNumber } == true || record.hasPrefix("version unreleased")
            }
            guard inRelease, record.hasPrefix("bullet ") else { continue }
            for word in record.dropFirst(7).split(separator: " ") {
                XCTAssertTrue(words.contains(word), "\(name): '\(word)' of '\(record)' is missing from\n\(compiled.stdout)")
            }
        }
        // And what it wrote imports again without a warning, into the same manifest.
        let again = try temporary.write("CHANGELOG.md", Array(compiled.stdout.utf8))
        let reimported = try CommandRunner.run(["import", again])
        XCTAssertEqual(reimported.status, 0, reimported.stderr)
        // (A version kept as its tag, `3.1.0.rc1`, is written back so and maps again with its warning; a section
        // of no kind, `Highlights`, is written back under its heading, which names no kind again.)
        let unexplained = Self.warnings(reimported.stderr, file: again).filter { !$0.hasSuffix(" import-version-mapped") && !$0.hasSuffix(" import-unknown-section") }
        XCTAssertEqual(unexplained, [], "\(name): \(reimported.stderr)")
        XCTAssertEqual(reimported.stdout, try String(contentsOfFile: manifest, encoding: .utf8), name)
    }

    func testTextsYAMLWouldMisreadRoundTrip() throws {
        let temporary = try TemporaryDirectory("import-quoting")
        let texts = ["yes", "no", "1.0", "0777", "#hash", "a: b", "\\- leading dash", "~", "null", "\"quoted\"", "tab\there", "'single'",
                     "[link](https://example.com/a?b=c#d)", "emoji 🚀 and ü", "back\\\\slash", "{braces}", "%percent", "@at", "`code: x`"]
        var markdown = "## [1.0.0] - 2026-01-01\n\n### Fixed\n\n"
        for text in texts { markdown += "- \(text)\n" }
        let path = try temporary.write("CHANGELOG.md", Array(markdown.utf8))
        let imported = try CommandRunner.run(["import", path, "-o", temporary.path("notes.yaml")])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, "")
        let compiled = try CommandRunner.run(["compile", temporary.path("notes.yaml"), "--format", "markdown", "--markdown-style", "keepachangelog",
                                              "--release", "1.0.0", "-o", "-"])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        guard let cmark = CommandRunner.which("cmark-gfm") else { throw XCTSkip("cmark-gfm is not installed") }
        let original = try Self.records(markdown, cmark: cmark)
        XCTAssertEqual(original.count, texts.count + 2)
        XCTAssertEqual(try Self.records(compiled.stdout, cmark: cmark), original)
    }

    func testNoReleaseHeadingIsAnErrorAndWritesNothing() throws {
        let temporary = try TemporaryDirectory("import-empty")
        let path = try temporary.write("CHANGELOG.md", Array("# Changelog\n\nNothing yet.\n".utf8))
        let result = try CommandRunner.run(["import", path, "-o", temporary.path("notes.yaml")])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("has no release heading"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[import-no-releases]"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.path("notes.yaml")))
    }

    func testStrictMakesWarningsErrors() throws {
        let changelog = fixtures.appendingPathComponent("messy/CHANGELOG.md")
        let result = try CommandRunner.run(["import", changelog.path, "--strict"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    /// A link reference definition no link uses is reported at its line (so is a repeated label, which Markdown
    /// ignores); definitions a heading or a bullet links to, across lines or at the top of a paragraph, are not.
    func testUnusedLinkDefinitionsAreReported() throws {
        let temporary = try TemporaryDirectory("import-definitions")
        let used = """
        # Changelog

        ## [1.1.0] - 2026-02-01

        ### Added

        - Maps, see [the guide][guide] and [FAQ].

        ## [1.0.0] - 2026-01-01

        - First.

        [1.1.0]: https://github.com/example/trails/compare/v1.0.0...v1.1.0
        [1.0.0]: https://github.com/example/trails/releases/tag/v1.0.0
        [guide]:
          https://example.com/guide "The guide"
        [faq]: <https://example.com/faq>

        """
        let clean = try temporary.write("clean.md", Array(used.utf8))
        let quiet = try CommandRunner.run(["import", clean, "-o", temporary.path("clean.yaml")])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "")

        let unused = used + """
        [gone]: https://example.com/gone
        [Guide]: https://example.com/second-guide
        [later]:
          https://example.com/later

        """
        let path = try temporary.write("CHANGELOG.md", Array(unused.utf8))
        let result = try CommandRunner.run(["import", path, "-o", temporary.path("notes.yaml")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Self.warnings(result.stderr, file: path), ["18:1 import-link-dropped", "19:1 import-link-dropped", "20:1 import-link-dropped"],
                       result.stderr)
        XCTAssertTrue(result.stderr.contains("link definition '[gone]' (https://example.com/gone) is used by no link"), result.stderr)
        XCTAssertTrue(result.stderr.contains("link definition '[Guide]' (https://example.com/second-guide) repeats a label"), result.stderr)
        XCTAssertTrue(result.stderr.contains("link definition '[later]' (https://example.com/later) is used by no link"), result.stderr)
        // What is imported is the same either way.
        XCTAssertEqual(try String(contentsOfFile: temporary.path("notes.yaml"), encoding: .utf8),
                       try String(contentsOfFile: temporary.path("clean.yaml"), encoding: .utf8))

        // A definition at the top of a paragraph is taken out of it by cmark-gfm, and found all the same.
        let inParagraph = try temporary.write("paragraph.md", Array("## [1.0.0] - 2026-01-01\n\n- First.\n\n[gone]: https://example.com/gone\nA note.\n".utf8))
        let paragraph = try CommandRunner.run(["import", inParagraph])
        XCTAssertEqual(Self.warnings(paragraph.stderr, file: inParagraph), ["5:1 import-unmapped", "5:1 import-link-dropped"], paragraph.stderr)

        // Indented under a bullet, definitions are inside its item (and the line after them continues it).
        let inItem = try temporary.write("item.md", Array("## [1.0.0] - 2026-01-01\n\n- First.\n\n   [gone]: <https://example.com/a b>\n  \"A title\"\n[x\\]y]: /relative\n".utf8))
        let item = try CommandRunner.run(["import", inItem])
        XCTAssertEqual(item.status, 0, item.stderr)
        XCTAssertEqual(Self.warnings(item.stderr, file: inItem), ["5:4 import-link-dropped", "7:1 import-link-dropped"], item.stderr)
        XCTAssertTrue(item.stderr.contains("link definition '[gone]' (https://example.com/a b) is used by no link"), item.stderr)
        XCTAssertTrue(item.stderr.contains("link definition '[x\\]y]' (/relative) is used by no link"), item.stderr)
    }

    /// A release heading's link that `--markdown-style keepachangelog` would write differently is reported at
    /// the heading with both URLs; the links it writes back are not.
    func testHeadingLinksNotWrittenBackAreReported() throws {
        let temporary = try TemporaryDirectory("import-heading-links")
        func changelog(_ newer: String) -> String {
            """
            ## [Unreleased]

            - Soon.

            ## [1.1.0] - 2026-02-01

            - Maps.

            ## [1.0.0] - 2026-01-01

            - First.

            [unreleased]: https://github.com/example/trails/compare/v1.1.0...HEAD
            [1.1.0]: \(newer)
            [1.0.0]: https://github.com/example/trails/releases/tag/v1.0.0

            """
        }
        let clean = try temporary.write("clean.md", Array(changelog("https://github.com/example/trails/compare/v1.0.0...v1.1.0").utf8))
        let quiet = try CommandRunner.run(["import", clean])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "")

        let other = "https://github.com/example/trails/compare/v1.0.0-rc.1...v1.1.0"
        let path = try temporary.write("CHANGELOG.md", Array(changelog(other).utf8))
        let result = try CommandRunner.run(["import", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Self.warnings(result.stderr, file: path), ["5:1 import-link-dropped"], result.stderr)
        XCTAssertTrue(result.stderr.contains("the link of '[1.1.0]' (\(other)) is not the one --markdown-style keepachangelog writes back"), result.stderr)
        XCTAssertTrue(result.stderr.contains("the link it writes is https://github.com/example/trails/compare/v1.0.0...v1.1.0"), result.stderr)
        // The rest of the import is unchanged.
        XCTAssertEqual(result.stdout, quiet.stdout)
    }

    // MARK: Helpers

    /// The records with each version's `section` groups (each with its bullets) in Keep a Changelog's order,
    /// the bullets before the first group first.
    static func inKeepAChangelogOrder(_ records: [String]) -> [String] {
        let order = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]
        var out: [String] = []
        var groups: [[String]] = []
        func flush() {
            let rank = { (group: [String]) -> Int in order.firstIndex(of: String(group[0].dropFirst(8))) ?? order.count }
            for group in groups.enumerated().sorted(by: { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }) {
                out += group.element
            }
            groups = []
        }
        for record in records {
            if record.hasPrefix("version ") {
                flush()
                out.append(record)
            } else if record.hasPrefix("section ") {
                groups.append([record])
            } else if groups.isEmpty {
                out.append(record)
            } else {
                groups[groups.count - 1].append(record)
            }
        }
        flush()
        return out
    }

    private func lines(_ url: URL) throws -> [String] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// `line:column code` of each warning the text printer wrote for `file`.
    static func warnings(_ stderr: String, file: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(file + ":"), line.contains(": warning: "), let open = line.lastIndex(of: "[") else { return nil }
            let position = line.dropFirst(file.count + 1).prefix { $0 != " " }.dropLast()
            return "\(position) \(line[line.index(after: open)...].dropLast())"
        }
    }

    /// The document as cmark-gfm's tree says it: from the first `##` heading on, one record per release
    /// heading (version, date, `yanked`, the link's destination), per `###` heading, per paragraph, and per
    /// list item (its inline content with the markup kept, nested blocks folded in, white space collapsed).
    static func records(_ markdown: String, cmark: URL) throws -> [String] {
        let result = try CommandRunner.run(executable: cmark, ["-t", "xml", "-e", "strikethrough", "-e", "autolink"], stdin: Data(markdown.utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
        // (Without the DTD and the default namespace, which FoundationXML would otherwise look up and apply.)
        let xml = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("<!DOCTYPE") }.joined(separator: "\n")
            .replacingOccurrences(of: " xmlns=\"http://commonmark.org/xml/1.0\"", with: "")
        let document = try XMLDocument(xmlString: xml, options: [])
        var records: [String] = []
        var started = false
        let blocks = (document.rootElement()?.children ?? []).compactMap { $0 as? XMLElement }
        // The releases' level: the first heading that starts with a version (or names the unreleased section);
        // `##` in Keep a Changelog, `#` or `###` in other styles.
        let releaseLevel = blocks.first { block in
            guard block.localName == "heading" else { return false }
            let words = (block.stringValue ?? "").split(whereSeparator: { " ()[]\t\n".contains($0) })
            guard var first = words.first.map(String.init) else { return false }
            if first.lowercased() == "version", words.count > 1 { first = String(words[1]) }
            return first.first?.isNumber == true || (first.hasPrefix("v") && first.dropFirst().first?.isNumber == true)
                || ["unreleased", "development", "master"].contains(first.lowercased())
        }?.attribute(forName: "level")?.stringValue ?? "2"
        for block in blocks {
            let level = block.attribute(forName: "level")?.stringValue
            switch block.localName {
            case "heading" where level == releaseLevel:
                started = true
                records.append(release(block))
            case "heading" where Int(level ?? "") ?? 0 < Int(releaseLevel) ?? 2:
                // The title; after the first release, a heading above the releases (a section that is not imported).
                if started { records.append(release(block)) }
            case "heading":
                if started { records.append("section " + collapsed(inline(block))) }
            case "list":
                guard started else { continue }
                for item in block.children ?? [] {
                    records.append("bullet " + collapsed(inline(item)))
                }
            case "paragraph":
                if started { records.append("paragraph " + collapsed(inline(block))) }
            default:
                if started { records.append("\(block.localName ?? "?") " + collapsed(block.stringValue ?? "")) }
            }
        }
        return records
    }

    /// `version 1.2.0 2026-11-01 yanked -> https://…`: the first word without `v` (or `unreleased`), an ISO date,
    /// `[YANKED]`, and the heading's link.
    private static func release(_ heading: XMLElement) -> String {
        let words = (heading.stringValue ?? "").split(whereSeparator: { " ()[],\t\n".contains($0) }).map(String.init)
        var version = words.first ?? ""
        if version.hasPrefix("v") { version.removeFirst() }
        var record = "version " + (version.lowercased() == "unreleased" ? "unreleased" : version)
        if let date = words.first(where: { $0.count == 10 && Array($0)[4] == "-" && Array($0)[7] == "-" }) { record += " " + date }
        if words.contains(where: { $0.uppercased() == "YANKED" }) { record += " yanked" }
        if let link = heading.elements(forName: "link").first, let url = link.attribute(forName: "destination")?.stringValue {
            record += " -> " + url
        }
        return record
    }

    /// An element's inline content with its markup written one way (HTML tags with an exact Markdown
    /// equivalent as it: `<code>x</code>` as `` `x` ``, `<b>` as `**`, `<br>` as a line break).
    private static func inline(_ node: XMLNode) -> String {
        guard let element = node as? XMLElement else { return node.stringValue ?? "" }
        let inner = { inlines(element.children ?? []) }
        switch element.localName {
        case "text", "html_inline", "html_block": return element.stringValue ?? ""
        case "softbreak", "linebreak": return " "
        case "code": return "`" + (element.stringValue ?? "") + "`"
        case "code_block": return " ```" + (element.attribute(forName: "info")?.stringValue ?? "") + " " + (element.stringValue ?? "") + "``` "
        case "emph": return "*" + inner() + "*"
        case "strong": return "**" + inner() + "**"
        case "strikethrough": return "~~" + inner() + "~~"
        case "link": return "[" + inner() + "](" + (element.attribute(forName: "destination")?.stringValue ?? "") + ")"
        case "image": return "![" + inner() + "](" + (element.attribute(forName: "destination")?.stringValue ?? "") + ")"
        case "paragraph", "item", "list", "block_quote", "heading": return " " + inner() + " "
        default: return inner()
        }
    }

    /// The HTML tags written as Markdown, and the delimiters they are written as.
    private static let htmlTags = ["b": "**", "strong": "**", "i": "*", "em": "*", "s": "~~", "del": "~~", "strike": "~~", "code": "`"]

    /// Sibling inlines written one way: a pair of tags of `htmlTags` around other inlines as the delimiters
    /// around them, `<br>` before more text as a line break.
    private static func inlines(_ nodes: [XMLNode]) -> String {
        func tag(_ node: XMLNode) -> String? {
            guard (node as? XMLElement)?.localName == "html_inline" else { return nil }
            return node.stringValue?.lowercased()
        }
        var out = ""
        var index = 0
        while index < nodes.count {
            let node = nodes[index]
            index += 1
            if let html = tag(node) {
                if ["<br>", "<br/>", "<br />"].contains(html), nodes[index...].contains(where: { ($0.stringValue ?? "").contains { !$0.isWhitespace } }) {
                    out += " "
                    continue
                }
                let name = String(html.dropFirst().dropLast())
                if let delimiter = htmlTags[name], let close = nodes[index...].firstIndex(where: { tag($0) == "</\(name)>" }) {
                    out += delimiter + inlines(Array(nodes[index..<close])) + delimiter
                    index = close + 1
                    continue
                }
            }
            out += inline(node)
        }
        return out
    }

    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }
}
