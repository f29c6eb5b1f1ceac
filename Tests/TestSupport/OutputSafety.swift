import Foundation
import XCTest

/// The promises about what outputs may carry (user strings escaped, links safe, no raw control characters),
/// as assertions shared by the hostile-input tests (one crafted manifest through the binary) and the property
/// tests (generated manifests in-process).
public enum OutputSafety {
    /// Scalars that must never reach a terminal raw (and, below U+0200, never a document).
    public static let unsafeScalars: [Unicode.Scalar] = ["\u{0}", "\u{7}", "\u{8}", "\u{1B}", "\u{9B}", "\u{202E}", "\u{202C}"]

    /// HTML without live markup: no script element, no event handler, links only to `#`, http(s), mailto
    /// and inlined images, every tag well formed, no raw C0 control; `allowedTags` limits the elements.
    public static func assertNoActiveHTML(_ html: String, allowedTags: Set<String>? = nil, file: StaticString = #filePath, line: UInt = #line) {
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
                    XCTAssertTrue(isSafeLink(value, allowFragment: true, allowImageData: true), "link in \(tag)", file: file, line: line)
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

    /// Terminal text written without color: no unsafe scalar at all (data is shown visibly).
    public static func assertPlainTerminalText(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for scalar in unsafeScalars {
            XCTAssertFalse(text.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16))", file: file, line: line)
        }
    }

    /// Terminal text written with color: only SGR sequences, the cursor moved to a column (CHA, after a
    /// feature's glyph) and OSC 8 hyperlinks to safe places.
    public static func assertColoredTerminalText(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        var stripped = text.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
        stripped = stripped.replacingOccurrences(of: #"\u{1B}\[[0-9]+G"#, with: "", options: .regularExpression)
        for link in matches(#"\u{1B}\]8;;([^\u{1B}]*)\u{1B}\\"#, in: stripped) where !link.isEmpty {
            XCTAssertTrue(isSafeLink(link, allowFragment: false, allowImageData: false), "hyperlink '\(link)'", file: file, line: line)
        }
        stripped = stripped.replacingOccurrences(of: #"\u{1B}\]8;;[^\u{1B}]*\u{1B}\\"#, with: "", options: .regularExpression)
        assertPlainTerminalText(stripped, file: file, line: line)
    }

    /// Markdown without live links or markup: no `javascript:`/`data:` link, no raw tag outside code but the
    /// `<details>` wrapper of a second page (whose summary is the action's title as inline HTML), no control
    /// character.
    public static func assertSafeMarkdown(_ markdown: String, file: StaticString = #filePath, line: UInt = #line) {
        // Code spans and code blocks show their text literally; everywhere else every '<', '[' and ']' the user
        // typed is escaped, so the only tags and links are the emitter's own. (`<https://…>` is an autolink.)
        let prose = withoutCode(markdown)
        for pattern in [#"(?<!\\)\]\(\s*<?\s*(?:javascript|data|vbscript):"#, #"(?<!\\)<\s*(?:javascript|data|vbscript):"#] {
            XCTAssertEqual(matches("(" + pattern + ")", in: prose.lowercased()), [], "a live link", file: file, line: line)
        }
        let unescaped = matches(#"(?<!\\)<(/?[a-zA-Z][a-zA-Z0-9-]*)(?=[\s/>])"#, in: prose).map { $0.lowercased() }
        XCTAssertTrue(Set(unescaped).isSubset(of: ["details", "/details", "summary", "/summary", "em", "/em", "strong", "/strong",
                                                   "code", "/code", "del", "/del", "a", "/a", "br"]),
                      "raw tags \(Set(unescaped))", file: file, line: line)
        for tag in matches(#"(?<!\\)(<[a-zA-Z][a-zA-Z0-9-]*(?:[\s/][^>]*)?>)"#, in: prose) {
            assertNoActiveHTML(tag, file: file, line: line)
        }
        // Bidi controls stay as written in documents (right-to-left text needs them); terminal output shows them
        // visibly. Control characters never reach a document raw.
        for scalar in unsafeScalars where scalar.value < 0x200 {
            XCTAssertFalse(markdown.unicodeScalars.contains(scalar), "U+\(String(scalar.value, radix: 16))", file: file, line: line)
        }
    }

    /// Markdown without its fenced code blocks and code spans (CommonMark's rules, simplified: a fence is
    /// three or more backticks or tildes at the start of a line; a span ends at the next backtick run of the
    /// same length).
    static func withoutCode(_ markdown: String) -> String {
        var prose: [Substring] = []
        var fence: (character: Character, length: Int)?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            let run = trimmed.prefix { $0 == "`" || $0 == "~" }
            let isFence = run.count >= 3 && Set(run).count == 1
            if let open = fence {
                if isFence, run.first == open.character, run.count >= open.length, trimmed.dropFirst(run.count).allSatisfy(\.isWhitespace) { fence = nil }
                continue
            }
            if isFence {
                fence = (run.first ?? "`", run.count)
                continue
            }
            prose.append(line)
        }
        let text = Array(prose.joined(separator: "\n"))
        var result = ""
        var index = 0
        while index < text.count {
            guard text[index] == "`", index == 0 || text[index - 1] != "\\" else {
                result.append(text[index])
                index += 1
                continue
            }
            var length = 0
            while index + length < text.count, text[index + length] == "`" { length += 1 }
            var search = index + length
            var close: Int?
            while search < text.count {
                guard text[search] == "`" else { search += 1; continue }
                var other = 0
                while search + other < text.count, text[search + other] == "`" { other += 1 }
                if other == length { close = search; break }
                search += other
            }
            if let close {
                result += " "
                index = close + length
            } else {
                result += String(repeating: "`", count: length)
                index += length
            }
        }
        return result
    }

    /// JSON that parses, has no raw control character, and whose `html` fragments are inert; returns the
    /// number of fragments checked.
    @discardableResult
    public static func assertSafeJSON(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else {
            XCTFail("not JSON", file: file, line: line)
            return 0
        }
        for scalar in json.unicodeScalars where scalar.value < 0x20 && scalar != "\n" {
            XCTFail("raw control character in JSON", file: file, line: line)
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
        for fragment in fragments { assertNoActiveHTML(fragment, file: file, line: line) }
        return fragments.count
    }

    /// A link an output may carry, as a browser reads it (entities decoded, tabs and line breaks dropped):
    /// http(s) and mailto in any case (RFC 3986), relative references, and where asked a fragment and an
    /// inlined image.
    static func isSafeLink(_ value: String, allowFragment: Bool, allowImageData: Bool) -> Bool {
        let read = decodingEntities(value).filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
            .trimmingCharacters(in: .whitespaces).lowercased()
        if read.hasPrefix("#") { return allowFragment }
        if allowImageData, read.hasPrefix("data:image/") { return true }
        guard let colon = read.firstIndex(of: ":"), !read[..<colon].contains(where: { "/?#".contains($0) }) else {
            return !read.isEmpty    // a relative reference
        }
        return ["http", "https", "mailto"].contains(String(read[..<colon]))
    }

    /// HTML character references decoded (the few forms an attribute can use).
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: semicolon) <= 10 else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            var decoded: String?
            switch name.lowercased() {
            case "amp": decoded = "&"
            case "lt": decoded = "<"
            case "gt": decoded = ">"
            case "quot": decoded = "\""
            case "apos": decoded = "'"
            case "tab": decoded = "\t"
            case "newline": decoded = "\n"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                }
            }
            if let decoded {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
