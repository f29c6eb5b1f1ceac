import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport
import XCTest

/// The publishing formats through the binary: `--into` changes only the descriptions of an appcast, byte for
/// byte; hostile text stays inert in every format; the HTML changelog advertises the feeds written beside it.
/// (Feed readers' parsers, the Atom schema, cmark-gfm, pre-commit and the GitHub Action's script are run by
/// `Tests/Publishing/check_publishing.py`, `make test-publishing`.)
final class PublishingTests: XCTestCase {
    private let appcast = Paths.fixtures.appendingPathComponent("appcast")

    // MARK: --into

    /// The fixture is written as Sparkle's generate_appcast writes an appcast (an XML declaration with
    /// `standalone`, a comment, items with enclosures, EdDSA signatures and lengths, a delta, an item of a version
    /// the manifest does not have, one with the versions only on its enclosure, one with a description already).
    func testIntoChangesOnlyTheDescriptionsOfMatchingItems() throws {
        let directory = try TemporaryDirectory("into")
        let original = try String(contentsOf: appcast.appendingPathComponent("appcast.xml"), encoding: .utf8)
        let path = try directory.write("appcast.xml", original, mode: 0o640)
        let result = try CommandRunner.run(["compile", "notes.yaml", "--since", "1.2.0", "--into", path], in: Paths.fixtures)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("warning: version 2.0.0-beta.1 has no item in"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[appcast-no-item]"), result.stderr)
        let filled = try directory.read("appcast.xml")
        Golden.assertMatches(filled, golden: appcast.appendingPathComponent("expected.xml"))

        // Without their description elements (each on a line of its own), the two files are the same bytes.
        XCTAssertEqual(Self.withoutDescriptions(filled), Self.withoutDescriptions(original))
        XCTAssertNotEqual(filled, original)
        // Three items are the manifest's (1.10 and 1.3.0 by their elements, 1.2.1 by its enclosure's attributes);
        // the 0.9 item's description is left as it was.
        let descriptions = Self.descriptions(in: filled)
        XCTAssertEqual(descriptions.count, 4)
        XCTAssertTrue(descriptions[0].contains("Trail stories"), descriptions[0])
        XCTAssertTrue(descriptions[1].contains("Privacy zones"), descriptions[1])
        XCTAssertTrue(descriptions[2].contains("Offline map fixes"), descriptions[2])
        XCTAssertEqual(descriptions[3], "<description><![CDATA[<p>A version whatsnew has no notes for: left as it is.</p>]]></description>")
        // An inserted description follows the item's title on a line of its own, indented as the title is.
        XCTAssertTrue(filled.contains("            <title>1.10</title>\n            <description><![CDATA[<h2>"), filled)
        // The file keeps its mode.
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o640)
        // The filled appcast is well-formed XML with the Sparkle namespace.
        XCTAssertEqual(try Self.elementNames(filled).contains("{http://www.andymatuschak.org/xml-namespaces/sparkle}version"), true)
    }

    func testIntoWritesNothingWhenNothingChanges() throws {
        let directory = try TemporaryDirectory("into-again")
        let path = try directory.write("appcast.xml", try String(contentsOf: appcast.appendingPathComponent("appcast.xml"), encoding: .utf8))
        let arguments = ["compile", "notes.yaml", "--since", "1.2.0", "--into", path]
        XCTAssertEqual(try CommandRunner.run(arguments, in: Paths.fixtures).status, 0)
        let before = try FileManager.default.attributesOfItem(atPath: path)
        let again = try CommandRunner.run(arguments, in: Paths.fixtures)
        XCTAssertEqual(again.status, 0, again.stderr)
        let after = try FileManager.default.attributesOfItem(atPath: path)
        // Not replaced: the same inode (an atomic write renames a new file over it).
        XCTAssertEqual(before[.systemFileNumber] as? Int, after[.systemFileNumber] as? Int)
    }

    func testIntoAMalformedAppcastIsAnErrorAtItsPlaceAndWritesNothing() throws {
        let directory = try TemporaryDirectory("into-malformed")
        let broken = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\">\n  <channel>\n    <item><title>1.0</titel></item>\n  </channel>\n</rss>\n"
        let path = try directory.write("appcast.xml", broken)
        let result = try CommandRunner.run(["compile", "notes.yaml", "--into", path], in: Paths.fixtures)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("\(path):4:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("error: invalid appcast:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[invalid-appcast]"), result.stderr)
        XCTAssertEqual(try directory.read("appcast.xml"), broken)

        _ = try directory.write("page.xml", "<html><body/></html>\n")
        let notAppcast = try CommandRunner.run(["compile", "notes.yaml", "--into", directory.path("page.xml")], in: Paths.fixtures)
        XCTAssertEqual(notAppcast.status, 1)
        XCTAssertTrue(notAppcast.stderr.contains("the file is not an appcast"), notAppcast.stderr)
    }

    func testIntoIsItsOwnOutput() throws {
        for extra in [["-o", "out.xml"], ["--format", "rss"]] {
            let result = try CommandRunner.run(["compile", "notes.yaml", "--into", "appcast.xml"] + extra, in: Paths.fixtures)
            XCTAssertEqual(result.status, 64, result.stderr)
        }
    }

    // MARK: Hostile text

    /// `Fixtures/hostile/notes.json` with a date and a build on every version (the feeds and the appcast need
    /// them), through every new format: no markup the user typed is live anywhere.
    func testHostileTextStaysInertInEveryPublishingFormat() throws {
        let directory = try TemporaryDirectory("hostile")
        let data = try Data(contentsOf: Paths.fixtures.appendingPathComponent("hostile/notes.json"))
        var manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let versions = try XCTUnwrap(manifest["versions"] as? [[String: Any]])
        manifest["versions"] = versions.enumerated().map { index, version in
            var dated = version
            dated["date"] = String(format: "2025-01-%02d", index + 1)
            dated["build"] = index + 1
            return dated
        }
        _ = try directory.write("notes.json", [UInt8](try JSONSerialization.data(withJSONObject: manifest)))
        func compile(_ arguments: [String]) throws -> String {
            let result = try CommandRunner.run(["compile", "notes.json"] + arguments, in: directory.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertFalse(result.stdout.isEmpty)
            return result.stdout
        }
        let html: Set<String> = ["ul", "ol", "li", "p", "strong", "em", "code", "del", "a", "br", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "hr"]

        let atom = try compile(["--format", "atom"])
        let atomDocument = try XMLTexts(atom)
        XCTAssertEqual(atomDocument.names.subtracting(["feed", "title", "link", "id", "updated", "published", "author", "name", "uri", "generator", "entry", "content"].map { "{http://www.w3.org/2005/Atom}" + $0 }), [])
        XCTAssertEqual(atomDocument.texts("content").count, 15)
        for content in atomDocument.texts("content") { OutputSafety.assertNoActiveHTML(content, allowedTags: html) }
        XCTAssertTrue(atomDocument.texts("content").joined().contains("&lt;script&gt;"), "the text typed is shown, escaped")

        let rss = try compile(["--format", "rss"])
        let rssDocument = try XMLTexts(rss)
        XCTAssertEqual(rssDocument.names.subtracting(["rss", "channel", "title", "link", "description", "language", "generator", "lastBuildDate", "item", "guid", "pubDate"]), [])
        let items = rssDocument.texts("description").dropFirst()   // the channel's is plain text
        XCTAssertEqual(items.count, 15)
        for description in items { OutputSafety.assertNoActiveHTML(description, allowedTags: html) }

        let appcastText = try compile(["--format", "appcast"])
        let appcastDocument = try XMLTexts(appcastText)
        let sparkle = "{http://www.andymatuschak.org/xml-namespaces/sparkle}"
        XCTAssertEqual(appcastDocument.names.subtracting(["rss", "channel", "title", "link", "description", "language", "item", "pubDate",
                                                          sparkle + "version", sparkle + "shortVersionString"]), [])
        for description in appcastDocument.texts("description").dropFirst() { OutputSafety.assertNoActiveHTML(description, allowedTags: html) }

        let feed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try compile(["--format", "jsonfeed"]).utf8)) as? [String: Any])
        let feedItems = try XCTUnwrap(feed["items"] as? [[String: Any]])
        XCTAssertEqual(feedItems.count, 15)
        for item in feedItems { OutputSafety.assertNoActiveHTML(try XCTUnwrap(item["content_html"] as? String), allowedTags: html) }

        for release in ["latest", "1.0.0", "1.7.0", "1.12.0"] {
            OutputSafety.assertSafeMarkdown(try compile(["--release", release, "--format", "release-body"]))
        }
        for text in [atom, rss, appcastText] {
            for scalar in text.unicodeScalars where scalar.value < 0x20 && scalar != "\n" {
                XCTFail("raw control U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    // MARK: The changelog's feed links

    func testTheChangelogLinksTheFeedsWrittenBesideIt() throws {
        let directory = try TemporaryDirectory("links")
        let site = directory.path("site") + "/"
        try directory.mkdir("site")
        let result = try CommandRunner.run(["compile", "notes.yaml", "--format", "html", "--format", "atom", "--format", "jsonfeed",
                                            "--format", "rss", "--format", "appcast", "-o", site], in: Paths.fixtures)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try directory.names(in: "site"), ["appcast.xml", "changelog.html", "feed.atom", "feed.json", "feed.rss"])
        let page = try directory.read("site/changelog.html")
        XCTAssertTrue(page.contains("""
            <meta name="generator" content="whatsnew">
            <link rel="alternate" type="application/atom+xml" title="Trails — Release notes (Atom)" href="feed.atom">
            <link rel="alternate" type="application/feed+json" title="Trails — Release notes (JSON Feed)" href="feed.json">
            <link rel="alternate" type="application/rss+xml" title="Trails — Release notes (RSS)" href="feed.rss">
            <title>Trails — Release notes</title>
            """), page)

        let alone = try CommandRunner.run(["compile", "notes.yaml", "--format", "html"], in: Paths.fixtures)
        XCTAssertFalse(alone.stdout.contains("rel=\"alternate\""), "no feed is written, none is linked")
    }

    /// `Templates/changelog.html.mustache` writes the same links (`TemplateEquivalenceTests` holds it to the
    /// built-in page without them).
    func testTheChangelogTemplateLinksTheFeedsAsTheBuiltInPageDoes() throws {
        for selection in [[String](), ["--locale", "de"], ["--release", "1.0.0"]] {
            let directory = try TemporaryDirectory("template-links")
            try directory.mkdir("built-in")
            try directory.mkdir("template")
            let formats = ["--format", "html", "--format", "atom", "--format", "rss"]
            let builtIn = try CommandRunner.run(["compile", "notes.yaml", "--page", "changelog"] + selection + formats + ["-o", directory.path("built-in") + "/"],
                                                in: Paths.fixtures)
            let template = try CommandRunner.run(["compile", "notes.yaml", "--template", "../Templates/changelog.html.mustache"] + selection + formats
                                                 + ["-o", directory.path("template") + "/"], in: Paths.fixtures)
            XCTAssertEqual(builtIn.status, 0, builtIn.stderr)
            XCTAssertEqual(template.status, 0, template.stderr)
            let expected = try directory.read("built-in/changelog.html")
            XCTAssertTrue(expected.contains("href=\"feed.atom\""))
            let actual = try directory.read("template/changelog.html")
            XCTAssertEqual(actual, expected, Golden.lineDiff(expected: expected, actual: actual))
        }
    }

    // MARK: Helpers

    /// The text without its `<description>` elements and the line breaks and indentation before them.
    static func withoutDescriptions(_ text: String) -> String {
        text.replacingOccurrences(of: #"\n[ \t]*<description>[\s\S]*?</description>"#, with: "", options: .regularExpression)
    }

    static func descriptions(in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: #"<description>[\s\S]*?</description>"#) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    static func elementNames(_ xml: String) throws -> Set<String> {
        try XMLTexts(xml).names
    }
}

/// An XML document read with Foundation's parser (namespaces on): the names of its elements as
/// `{namespace}local` (or `local` without one) and the text of each element, entities decoded.
private final class XMLTexts: NSObject, XMLParserDelegate {
    private(set) var names: Set<String> = []
    private var byName: [String: [String]] = [:]
    private var stack: [(name: String, text: String)] = []

    init(_ xml: String) throws {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? NSError(domain: "XMLTexts", code: 1) }
    }

    /// The texts of the elements with this local name, in document order.
    func texts(_ localName: String) -> [String] { byName[localName] ?? [] }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let name = namespaceURI.map { $0.isEmpty ? elementName : "{\($0)}\(elementName)" } ?? elementName
        names.insert(name)
        stack.append((elementName, ""))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !stack.isEmpty { stack[stack.count - 1].text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if !stack.isEmpty { stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let (name, text) = stack.popLast() else { return }
        byName[name, default: []].append(text)
    }
}
