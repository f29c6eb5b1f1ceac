import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import WhatsNewDiagnostics
@testable import Markdown
@testable import WhatsNewModel

/// `refused-link` warns, at its destination, about each link or image that the link policy drops from a text,
/// once per text whichever outputs are written; allowed links and texts without links are not reported.
final class RefusedLinkRuleTests: XCTestCase {
    private func diagnostics(_ text: String) -> [Diagnostic] {
        RuleTesting.diagnostics(of: RefusedLinkRule(), in: text)
    }

    func testALinkDroppedFromASubtitleIsAWarningAtTheSubtitle() throws {
        let found = diagnostics("""
            versions:
              - version: 1.0.0
                title: Hello
                features:
                  - title: First
                    subtitle: "See [x](javascript:alert(1))"
            """)
        XCTAssertEqual(found.map(\.code), ["refused-link"])
        let warning = try XCTUnwrap(found.first)
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.range?.start.line, 6)
        XCTAssertEqual(warning.range?.start.column, 28, "at the destination (issue 17)")
        XCTAssertEqual(warning.range?.end.column, 47)
        XCTAssertEqual(warning.message, "the subtitle of feature 'First' of version 1.0.0 holds a link to 'javascript:alert(1)', which every "
                                        + "output shows as plain text; expected an http, https or mailto URL, or a relative one")
        XCTAssertEqual(warning.fix, "link to an http, https or mailto URL, or remove the link")
    }

    /// Issue 17, item 5: each refused destination is reported where it is written — inside a block scalar, a
    /// link reference definition, an autolink, an image, a locale's entry, a JSON string with escapes before
    /// it — and at the text when the file does not hold it as it reads (an entity in it).
    func testEachRefusedDestinationIsReportedWhereItIsWritten() throws {
        let found = diagnostics("""
            secondaryActions:
              more:
                title: More
                present:
                  title: "[t](javascript:alert(1))"
                  body: |
                    # Page

                    Click [here](javascript:alert(1)) and <javascript:alert(2)>.

                    [ref]: javascript:alert(3)

                    See [x][ref] and ![img](data:image/png;base64,AAAA).
            versions:
              - version: 1.0.0
                title: { en: "[a](javascript:x)", de: "<DATA:text/html,y>" }
                secondaryAction: more
                features:
                  - title: "[javascript:z](javascript:z)"
                    subtitle: "Tab\there: [e](java&#115;cript:e)"
            """)
        let places = found.map { diagnostic -> String in
            let range = diagnostic.range!
            let destination = diagnostic.message.components(separatedBy: "'")[diagnostic.message.components(separatedBy: "'").count - 2]
            return "\(range.start.line):\(range.start.column)-\(range.end.column) \(destination)"
        }
        XCTAssertEqual(places, [
            "5:19-38 javascript:alert(1)",
            "9:22-41 javascript:alert(1)", "9:48-67 javascript:alert(2)",
            "11:16-35 javascript:alert(3)",
            "13:33-59 data:image/png;base64,AAAA",
            "16:23-35 javascript:x", "16:45-61 DATA:text/html,y",
            "19:32-44 javascript:z",
            "20:19-53 javascript:e",
        ])
        let json = RuleTesting.diagnostics(of: RefusedLinkRule(), in: #"""
            {"versions": [{"version": "1.0.0", "title": "A \"quoted\"\n\nline\t[x](javascript:j)", "features": []}]}
            """#, name: "test.json")
        XCTAssertEqual(json.compactMap(\.range).map { "\($0.start.line):\($0.start.column)-\($0.end.column)" }, ["1:72-84"])
    }

    func testEveryWayOfWritingARefusedLinkIsFound() {
        let refused = ["[x](data:text/html,x)", "[x](&#106;avascript:alert(1))", "<vbscript:x>", "![x](file:///etc/passwd)", "[x]()",
                       "[x][r]\n\n[r]: javascript:alert(1)", "**[x](javascript:alert(1))**", "[x](https://ok.example/\u{202E}gpj.exe)",
                       "see ftp://example.com/x", "chat xmpp:a@b.co", "www.exa\u{AD}mple.com"]
        for text in refused {
            let yaml = "versions:\n  - version: 1.0.0\n    title: \(JSONValue.quoted(text))\n    features: []\n"
            XCTAssertEqual(diagnostics(yaml).map(\.code), ["refused-link"], text.debugDescription)
        }
    }

    func testAllowedLinksAndPlainTextAreNotReported() {
        let fine = ["Plain text: nothing here.", "[docs](https://example.com)", "[rel](notes.html)", "<https://example.com>",
                    "mail me@example.com", "www.example.com", "Größe: 3 MB", "`[x](javascript:alert(1))`"]
        for text in fine {
            let yaml = "versions:\n  - version: 1.0.0\n    title: \(JSONValue.quoted(text))\n    features: []\n"
            XCTAssertEqual(diagnostics(yaml).map(\.code), [], text.debugDescription)
        }
    }

    /// The quick scan never says "no link" for a text whose parse holds a refused link, over generated texts
    /// of the pieces links, autolinks and their destinations are made of.
    func testTheQuickScanNeverMissesARefusedLink() {
        let pieces = [
            "[", "]", "(", ")", "<", ">", "x", " ", ":", "@", ".", "/", "www.", "javascript:", "https://", "https:/", "HTTP://", "ftp://", "ftp",
            "://", "xmpp:", "mailto:", "a@b.co", "](", "](https://ok.example/", "](https://ok.example/ftp://x", "\u{AD}", "\u{202E}", "\u{200B}",
            "é", "&#106;", "&", "\\", "\n", "!", "\"t\"", "< ", "<\t", "<a", "<x@y.z>",
        ]
        for seed: UInt64 in [0x11_4E, 0xBEEF, 0x5EED, 0xF00D] {
            var generator = SeededGenerator(seed: seed)
            var refused = 0
            for _ in 0..<20000 {
                let text = (0..<generator.int(1...12)).map { _ in generator.pick(pieces) }.joined()
                if !RefusedLinkRule.refusedDestinations(in: MarkdownText(parsing: text).inlines).isEmpty {
                    refused += 1
                    XCTAssertTrue(RefusedLinkRule.mayHoldLink(text), "seed \(seed): \(text.debugDescription)")
                }
            }
            XCTAssertGreaterThan(refused, 1000, "the generator makes refused links")
        }
        XCTAssertFalse(RefusedLinkRule.mayHoldLink("Details in the [guide](https://example.com/trails/weather)."))
        XCTAssertFalse(RefusedLinkRule.mayHoldLink("Größe: 3 MB, mehr unter [Anleitung](https://example.com/a_(b))"))
        XCTAssertFalse(RefusedLinkRule.mayHoldLink("Type `loop < 10 km` to find short circular routes."))
    }
}
