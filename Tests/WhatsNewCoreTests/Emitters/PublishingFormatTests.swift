import Foundation
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewRender

/// The pieces of the publishing formats: feed dates, CDATA sections, `build`, `--release latest`, and reading
/// an appcast's items with the byte ranges `--into` replaces.
final class PublishingFormatTests: XCTestCase {
    private func load(_ yaml: String) throws -> (Manifest?, DiagnosticEngine) {
        let engine = DiagnosticEngine()
        let manifest = try Compiler().load(contents: Array(yaml.utf8), name: "notes.yaml", engine: engine)
        return (manifest, engine)
    }

    // MARK: Dates

    func testDatesAreMidnightUTCOfTheDay() {
        XCTAssertEqual(FeedDate.rfc3339("2026-11-01"), "2026-11-01T00:00:00Z")
        XCTAssertEqual(FeedDate.rfc822("2026-11-01"), "Sun, 01 Nov 2026 00:00:00 +0000")
        XCTAssertEqual(FeedDate.rfc822("1970-01-01"), "Thu, 01 Jan 1970 00:00:00 +0000")
        XCTAssertEqual(FeedDate.rfc822("2000-02-29"), "Tue, 29 Feb 2000 00:00:00 +0000")
        XCTAssertEqual(FeedDate.rfc822("1969-12-31"), "Wed, 31 Dec 1969 00:00:00 +0000")
        XCTAssertEqual(FeedDate.rfc822("2025-06-12"), "Thu, 12 Jun 2025 00:00:00 +0000")
        XCTAssertNil(FeedDate.rfc822("2025-02-30"))
        XCTAssertNil(FeedDate.rfc3339("yesterday"))
        // Every day of four centuries against Foundation's calendar.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        var date = calendar.date(from: DateComponents(year: 1900, month: 1, day: 1))!
        while calendar.component(.year, from: date) < 2300 {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let iso = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            XCTAssertEqual(FeedDate.rfc822(iso), formatter.string(from: date), iso)
            date = calendar.date(byAdding: .day, value: 1, to: date)!
        }
    }

    // MARK: CDATA

    func testACDATASectionIsSplitWhereItsTextWouldEndIt() {
        var output = OutputBuffer()
        XMLEscaping.appendCDATA("a]]>b]]]>c", to: &output)
        XCTAssertEqual(output.text, "<![CDATA[a]]]]><![CDATA[>b]]]]]><![CDATA[>c]]>")
        // Read back, the sections give the text.
        let pieces = output.text.components(separatedBy: "]]><![CDATA[")
        XCTAssertEqual(String(pieces.joined().dropFirst(9).dropLast(3)), "a]]>b]]]>c")
    }

    // MARK: build

    func testBuildIsAnIntegerOrDottedIntegers() throws {
        let (manifest, engine) = try load("""
            versions:
              - { version: 1.0.0, build: 1234, features: [{ title: Maps }] }
              - { version: 1.1.0, build: "2.0.15", features: [{ title: Maps }] }
            """)
        XCTAssertEqual(engine.diagnostics.map(\.code), [])
        XCTAssertEqual(manifest?.sortedVersions.map(\.build), ["2.0.15", "1234"])
        XCTAssertEqual(ReleaseNotes(try XCTUnwrap(manifest)).versions.map(\.build), ["2.0.15", "1234"])
        for (bad, code) in [("\"12a\"", "invalid-value"), ("-3", "invalid-value"), ("\"1..2\"", "invalid-value"), ("{ a: 1 }", "type-mismatch"),
                            ("1.5", "type-mismatch")] {
            let (_, engine) = try load("versions:\n  - { version: 1.0.0, build: \(bad), features: [{ title: Maps }] }\n")
            XCTAssertEqual(engine.diagnostics.map(\.code), [code], bad)
            XCTAssertEqual(engine.diagnostics.first?.range?.start.column, 30, bad)
        }
    }

    // MARK: --release latest

    func testLatestIsTheNewestVersionThatIsNotAPreRelease() throws {
        let (loaded, _) = try load("""
            versions:
              - { version: 1.0.0, features: [{ title: Maps }] }
              - { version: 2.0.0-beta.1, features: [{ title: Maps }] }
              - { version: 1.4.0, features: [{ title: Maps }] }
            """)
        let manifest = try XCTUnwrap(loaded)
        var selection = Selection()
        selection.latest = .latest
        XCTAssertEqual(selection.resolvingLatest(in: manifest, engine: DiagnosticEngine())?.release?.description, "1.4.0")
        selection.latest = .latestPrerelease
        XCTAssertEqual(selection.resolvingLatest(in: manifest, engine: DiagnosticEngine())?.release?.description, "2.0.0-beta.1")

        let (prereleases, _) = try load("versions:\n  - { version: 2.0.0-rc.1, features: [{ title: Maps }] }\n")
        selection.latest = .latest
        let engine = DiagnosticEngine()
        XCTAssertNil(selection.resolvingLatest(in: try XCTUnwrap(prereleases), engine: engine))
        XCTAssertEqual(engine.diagnostics.map(\.code), ["unknown-release"])
        XCTAssertEqual(LatestRelease(argument: "Latest-Prerelease"), .latestPrerelease)
        XCTAssertNil(LatestRelease(argument: "newest"))
    }

    // MARK: Reading an appcast

    func testItemsAreFoundWithTheRangesOfTheirElements() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>\r
            <!-- ünïcödé before the items moves every offset -->\r
            <rss version="2.0" xmlns:s="http://www.andymatuschak.org/xml-namespaces/sparkle" xmlns:other="urn:x">\r
              <channel>\r
                <item><title>Ä &amp; B</title><s:version> 42 </s:version><description/>\r
                  <enclosure url="u" s:shortVersionString="1.2" s:version="41"/></item>\r
                <item><other:version>7</other:version><description>old &lt;p&gt;</description>\r
                  <s:shortVersionString>1.3.0</s:shortVersionString></item>\r
                <other:item><title>not an item of the channel</title></other:item>\r
              </channel>\r
            </rss>\r

            """
        let bytes = Array(xml.utf8)
        let document = try AppcastDocument(bytes)
        XCTAssertEqual(document.items.count, 2)
        func text(_ range: Range<Int>?) -> String? { range.map { String(decoding: bytes[$0], as: UTF8.self) } }
        let first = document.items[0]
        XCTAssertEqual(text(first.title), "<title>Ä &amp; B</title>")
        XCTAssertEqual(text(first.versionElement), "<s:version> 42 </s:version>")
        XCTAssertEqual(text(first.description), "<description/>")
        // As Sparkle reads them: the enclosure's attributes before the item's elements.
        XCTAssertEqual(first.build, "41")
        XCTAssertEqual(first.shortVersion, "1.2")
        XCTAssertEqual(first.line, 5)
        let second = document.items[1]
        XCTAssertEqual(text(second.description), "<description>old &lt;p&gt;</description>")
        XCTAssertNil(second.build, "another namespace's version is not Sparkle's")
        XCTAssertEqual(second.shortVersion, "1.3.0")
        XCTAssertEqual(text(second.element)?.hasPrefix("<item><other:version>"), true)
        XCTAssertEqual(text(second.element)?.hasSuffix("</s:shortVersionString></item>"), true)
    }

    func testAMalformedAppcastIsAProblemAtItsLine() {
        for (xml, line) in [("<rss version=\"2.0\"><channel>\n<item>\n</channel></rss>", 3), ("<rss><channel><item><x:version/></item></channel></rss>", 1),
                            ("", 1)] {
            XCTAssertThrowsError(try AppcastDocument(Array(xml.utf8)), xml) { error in
                XCTAssertEqual((error as? AppcastDocument.Problem)?.line, line, "\(xml): \(error)")
            }
        }
        XCTAssertThrowsError(try AppcastDocument(Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel/></rss>".utf8))) { error in
            XCTAssertTrue((error as? AppcastDocument.Problem)?.message.contains("ISO-8859-1") ?? false, "\(error)")
        }
    }

    func testADescriptionIsInsertedWithTheIndentationOfTheElementItFollows() throws {
        let manifest = try XCTUnwrap(try load("""
            versions:
              - { version: 1.0.0, build: 7, features: [{ title: A, subtitle: B }] }
            """).0)
        let notes = ReleaseNotes(manifest)
        let tabs = "<rss><channel>\n\t<item>\n\t\t<sparkle:version xmlns:sparkle=\"http://www.andymatuschak.org/xml-namespaces/sparkle\">7</sparkle:version>\n\t</item>\n</channel></rss>\n"
        let filled = try AppcastFiller.fill(Array(tabs.utf8), with: notes)
        let text = String(decoding: filled.bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("</sparkle:version>\n\t\t<description><![CDATA[<h2>What"), text)
        XCTAssertTrue(filled.changed)
        XCTAssertEqual(filled.versionsWithoutItem, [])
        // One line, no title or version element: before the first child, on the same line.
        let oneLine = "<rss><channel><item><enclosure url=\"u\" sparkle:version=\"7\" xmlns:sparkle=\"http://www.andymatuschak.org/xml-namespaces/sparkle\"/></item></channel></rss>"
        let filledLine = String(decoding: try AppcastFiller.fill(Array(oneLine.utf8), with: notes).bytes, as: UTF8.self)
        XCTAssertTrue(filledLine.hasPrefix("<rss><channel><item><description><![CDATA["), filledLine)
        XCTAssertTrue(filledLine.hasSuffix("]]></description><enclosure url=\"u\" sparkle:version=\"7\" xmlns:sparkle=\"http://www.andymatuschak.org/xml-namespaces/sparkle\"/></item></channel></rss>"), filledLine)
        // Filled again, nothing changes.
        let again = try AppcastFiller.fill(Array(filledLine.utf8), with: notes)
        XCTAssertFalse(again.changed)
        XCTAssertEqual(String(decoding: again.bytes, as: UTF8.self), filledLine)
    }
}
