import Foundation
import TestSupport
import XCTest

/// `Fixtures/hostile/notes.json` puts script tags, event handlers, `javascript:` and `data:` links, entity and
/// Markdown link tricks and terminal escapes into every text field; no output may carry any of them live.
final class HostileInputTests: XCTestCase {
    private let unsafeScalars: [Unicode.Scalar] = ["\u{0}", "\u{7}", "\u{8}", "\u{1B}", "\u{9B}", "\u{202E}", "\u{202C}"]

    private func compile(_ format: String, color: String = "never") throws -> String {
        let result = try CommandRunner.run(["compile", "notes.json", "--format", format, "--color", color, "--width", "70"],
                                           in: Paths.fixtures.appendingPathComponent("hostile"),
                                           environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertGreaterThan(result.stdout.count, 1000)
        return result.stdout
    }

    private func assertNoActiveHTML(_ html: String, allowedTags: Set<String>? = nil, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(html.range(of: "<script", options: .caseInsensitive), "a script tag", file: file, line: line)
        // Every attribute of every tag: no event handler, and links only to safe places. Values are quoted
        // with '"' and hold no raw '"', so a value cannot end early and smuggle in an attribute.
        for tag in matches(#"(<[a-zA-Z][a-zA-Z0-9]*(?:\s+[a-zA-Z-]+(?:="[^"]*")?)*\s*/?>)"#, in: html) {
            let attributes = try? NSRegularExpression(pattern: #"\s([a-zA-Z-]+)(?:="([^"]*)")?"#)
            for match in attributes?.matches(in: tag, range: NSRange(tag.startIndex..., in: tag)) ?? [] {
                guard let nameRange = Range(match.range(at: 1), in: tag) else { continue }
                let name = tag[nameRange].lowercased()
                let value = Range(match.range(at: 2), in: tag).map { String(tag[$0]) } ?? ""
                XCTAssertFalse(name.hasPrefix("on"), "event handler in \(tag)", file: file, line: line)
                if name == "href" || name == "src" || name == "action" {
                    XCTAssertTrue(value.hasPrefix("#") || value.hasPrefix("https://") || value.hasPrefix("http://")
                                  || value.hasPrefix("mailto:") || value.hasPrefix("data:image/"), "link in \(tag)", file: file, line: line)
                }
            }
        }
        XCTAssertEqual(matches(#"(<[a-zA-Z][^>]*>)"#, in: html).count, matches(#"(<[a-zA-Z][a-zA-Z0-9]*(?:\s+[a-zA-Z-]+(?:="[^"]*")?)*\s*/?>)"#, in: html).count,
                       "every tag is well formed", file: file, line: line)
        if let allowedTags {
            let tags = Set(matches(#"</?([a-zA-Z][a-zA-Z0-9]*)"#, in: html).map { $0.lowercased() })
            XCTAssertTrue(tags.isSubset(of: allowedTags), "tags \(tags.subtracting(allowedTags))", file: file, line: line)
        }
        for scalar in html.unicodeScalars where scalar.value < 0x20 && scalar != "\n" && scalar != "\t" {
            XCTFail("raw control character U+\(String(scalar.value, radix: 16))", file: file, line: line)
            break
        }
    }

    private func matches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    func testHTMLHasNoActiveMarkup() throws {
        let html = try compile("html")
        assertNoActiveHTML(html)
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the text the user typed is shown literally")
        XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    func testTerminalTextWithoutColorHasNoEscapes() throws {
        let text = try compile("ansi")
        for scalar in unsafeScalars { XCTAssertFalse(text.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16))") }
        XCTAssertTrue(text.contains("\\u{1B}[31mred"), "escapes in the data are shown visibly")
    }

    func testTerminalTextWithColorHasOnlyOurOwnEscapes() throws {
        let text = try compile("ansi", color: "always")
        var stripped = text.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
        let links = matches(#"\u{1B}\]8;;([^\u{1B}]*)\u{1B}\\"#, in: stripped)
        for link in links where !link.isEmpty {
            XCTAssertTrue(link.hasPrefix("https://") || link.hasPrefix("http://") || link.hasPrefix("mailto:"), "hyperlink '\(link)'")
        }
        stripped = stripped.replacingOccurrences(of: #"\u{1B}\]8;;[^\u{1B}]*\u{1B}\\"#, with: "", options: .regularExpression)
        for scalar in unsafeScalars { XCTAssertFalse(stripped.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16))") }
    }

    func testMarkdownHasNoActiveMarkupOrLinks() throws {
        let markdown = try compile("markdown")
        XCTAssertNil(markdown.range(of: "](javascript:", options: .caseInsensitive))
        XCTAssertNil(markdown.range(of: "](data:", options: .caseInsensitive))
        XCTAssertNil(markdown.range(of: "<javascript:", options: .caseInsensitive))
        // Only the <details>/<summary> wrapper of a second page is HTML; every '<' the user typed is escaped.
        let unescaped = matches(#"(?<!\\)<(/?[a-zA-Z][a-zA-Z0-9]*)"#, in: markdown).map { $0.lowercased() }
        XCTAssertTrue(Set(unescaped).isSubset(of: ["details", "/details", "summary", "/summary", "em", "/em", "strong", "/strong", "code", "/code", "del", "/del"]),
                      "raw tags \(Set(unescaped))")
        // Bidi controls stay as written in documents (right-to-left text needs them); terminal output shows them
        // visibly. Control characters never reach a document raw.
        for scalar in unsafeScalars where scalar.value < 0x200 {
            XCTAssertFalse(markdown.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    func testJSONIsValidAndItsHTMLIsInert() throws {
        let json = try compile("json")
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        XCTAssertNotNil(object as? [String: Any])
        for scalar in json.unicodeScalars where scalar.value < 0x20 && scalar != "\n" {
            XCTFail("raw control character in JSON")
            break
        }
        var fragments: [String] = []
        func collect(_ value: Any) {
            if let dictionary = value as? [String: Any] {
                if let html = dictionary["html"] as? String { fragments.append(html) }
                dictionary.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(object)
        XCTAssertGreaterThan(fragments.count, 50)
        for fragment in fragments { assertNoActiveHTML(fragment) }
    }
}
