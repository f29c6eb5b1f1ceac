import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import Markdown

/// Hostile text through every renderer: no active markup, no unsafe link and no raw control character
/// reaches HTML, Markdown or the terminal.
final class HostileInputTests: XCTestCase {
    static let hostile: [String] = [
        "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<svg/onload=alert(1)>", "<a href=\"javascript:alert(1)\">x</a>",
        "<style>body{display:none}</style>", "<!-- hidden -->", "<![CDATA[x]]>", "<?php echo 1 ?>", "<iframe src=//evil>",
        "[x](javascript:alert(1))", "[x](JAVASCRIPT:alert(1))", "[x](JavaScript:alert(1))", "[x]( javascript:alert(1))",
        "[x](<javascript:alert(1)>)", "[x](java&#09;script:alert(1))", "[x](java&#10;script:alert(1))", "[x](&#106;avascript:alert(1))",
        "[x](&#x6A;avascript:alert(1))", "[x](jav&#x61;script:alert(1))", "[x](javascript&colon;alert(1))", "[x](java\\\nscript:alert(1))",
        "[x](data:text/html,<script>alert(1)</script>)", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[x](vbscript:msgbox(1))", "[x](file:///etc/passwd)", "![x](javascript:alert(1))", "![x](data:image/svg+xml,<svg onload=alert(1)>)",
        "<javascript:alert(1)>", "<JAVASCRIPT:alert(1)>", "<data:text/html,x>", "<vbscript:x>",
        "[x][r]\n\n[r]: javascript:alert(1)", "[x]\n\n[x]: <javascript:alert(1)> \"t\"",
        "[x](https://ok.example/\"onmouseover=\"alert(1))", "[x](https://ok.example \"\\\" onmouseover=\\\"alert(1)\")",
        "[<img src=x onerror=alert(1)>](https://ok.example)", "**[x](javascript:alert(1))**", "[[x](javascript:alert(1))](https://ok.example)",
        "&lt;script&gt;alert(1)&lt;/script&gt;", "&#60;script&#62;", "&amp;lt;script&amp;gt;", "`<script>alert(1)</script>`",
        "```\n<script>alert(1)</script>\n```", "```<script>\nx\n```", "<div onclick=alert(1)>\nblock\n</div>",
        "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\", "\u{1B}]8;;https://evil.example\u{7}click", "\u{1B}[2J\u{1B}[H",
        "bell\u{7}", "csi\u{9B}31m", "back\u{8}\u{8}space", "nul\u{0}byte", "rtl\u{202E}txt.exe", "isolate\u{2066}x\u{2069}",
        "del\u{7F}", "nel\u{85}", "&#27;[31mred&#7;", "&#0;", "cr\rlf", "[x](https://ok.example/\u{1B}]8;;x)",
        "<https://ok.example/\u{1B}\\>", "[\u{1B}[31mred](https://ok.example)", "`\u{1B}[31m`", "# \u{1B}[31m heading",
    ]

    private let allowedTags: Set<String> = [
        "a", "strong", "em", "del", "code", "br", "p", "ul", "ol", "li", "blockquote", "pre", "hr", "h1", "h2", "h3", "h4", "h5", "h6",
    ]

    func testHTMLHasNoActiveMarkup() {
        for input in Self.hostile {
            for html in [HTMLRenderer().render(MarkdownText(parsing: input)), HTMLRenderer().render(MarkdownDocument(parsing: input))] {
                assertSafeHTML(html, input)
            }
        }
    }

    func testMarkdownHasNoActiveMarkup() {
        for input in Self.hostile {
            let outputs = [MarkdownRenderer().render(MarkdownText(parsing: input)), MarkdownRenderer().render(MarkdownDocument(parsing: input))]
            for markdown in outputs {
                assertNoControls(markdown, allowing: ["\n", "\t"], input)
                // Read it back the way GitHub would: no raw HTML, and only safe links.
                let reread = MarkdownDocument(parsing: markdown)
                walk(reread.blocks) { inline in
                    switch inline {
                    case .html(let html):
                        XCTFail("raw HTML \(html.debugDescription) in \(markdown.debugDescription) from \(input.debugDescription)")
                    case .link(let destination, _, _), .image(let destination, _, _):
                        XCTAssertEqual(LinkPolicy.sanitized(destination), destination, "\(markdown.debugDescription) from \(input.debugDescription)")
                    default:
                        break
                    }
                } block: { block in
                    if case .html(let html) = block { XCTFail("raw HTML block \(html.debugDescription) from \(input.debugDescription)") }
                }
            }
        }
    }

    func testTerminalGetsOnlyOurEscapeSequences() {
        let renderers = [
            ANSIRenderer(capabilities: TerminalCapabilities(colorDepth: .trueColor, hyperlinks: true)),
            ANSIRenderer(capabilities: TerminalCapabilities(colorDepth: .ansi256, hyperlinks: false)),
        ]
        for input in Self.hostile {
            for renderer in renderers {
                let line = renderer.encode(renderer.styled(MarkdownText(parsing: input)))
                assertOnlyOwnEscapes(line, input)
                assertOnlyOwnEscapes(renderer.render(MarkdownDocument(parsing: input), width: 30), input)
                assertOnlyOwnEscapes(renderer.wrapped(renderer.styled(MarkdownText(parsing: input)), width: 7, hangingIndent: 2), input)
            }
            let plain = ANSIRenderer(capabilities: .plain)
            let output = plain.encode(plain.styled(MarkdownText(parsing: input))) + plain.render(MarkdownDocument(parsing: input), width: 30)
            assertNoControls(output, allowing: ["\n"], input)
            XCTAssertFalse(output.unicodeScalars.contains(where: isBidiControl), input.debugDescription)
        }
    }

    func testRefusedLinksAreShownAsTheirText() {
        XCTAssertEqual(HTMLRenderer().render(MarkdownText(parsing: "[click me](javascript:alert(1))")), "click me")
        XCTAssertEqual(HTMLRenderer().render(MarkdownText(parsing: "<javascript:alert(1)>")), "javascript:alert(1)")
        XCTAssertEqual(MarkdownRenderer().render(MarkdownText(parsing: "[click me](data:text/html,x)")), "click me")
        XCTAssertEqual(HTMLRenderer().render(MarkdownText(parsing: "<img src=x onerror=alert(1)>")), "&lt;img src=x onerror=alert(1)&gt;")
    }

    // MARK: - Checks

    private func assertSafeHTML(_ html: String, _ input: String, file: StaticString = #filePath, line: UInt = #line) {
        assertNoControls(html, allowing: ["\n", "\t"], input, file: file, line: line)
        let bytes = Array(html.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                XCTFail("unclosed tag in \(html.debugDescription)", file: file, line: line)
                return
            }
            let tag = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            let name = String(tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber })
            XCTAssertTrue(allowedTags.contains(name), "tag <\(tag)> from \(input.debugDescription)", file: file, line: line)
            // Attributes: only href, title, class, start, each double-quoted; hrefs pass the link policy.
            var rest = Substring(tag.drop { $0 == "/" }.dropFirst(name.count))
            while let equals = rest.firstIndex(of: "=") {
                let attribute = rest[..<equals].trimmingCharacters(in: .whitespaces)
                XCTAssertTrue(["href", "title", "class", "start"].contains(attribute), "attribute \(attribute) from \(input.debugDescription)",
                              file: file, line: line)
                let afterEquals = rest[rest.index(after: equals)...]
                guard afterEquals.first == "\"", let close = afterEquals.dropFirst().firstIndex(of: "\"") else {
                    XCTFail("unquoted attribute in <\(tag)>", file: file, line: line)
                    return
                }
                let value = String(afterEquals[afterEquals.index(after: afterEquals.startIndex)..<close])
                if attribute == "href" {
                    XCTAssertNotNil(LinkPolicy.sanitized(value), "href \(value) from \(input.debugDescription)", file: file, line: line)
                    XCTAssertFalse(value.lowercased().contains("script:"), value, file: file, line: line)
                }
                rest = afterEquals[afterEquals.index(after: close)...]
            }
            index = end + 1
        }
    }

    private func assertNoControls(_ output: String, allowing allowed: Set<Unicode.Scalar>, _ input: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        for scalar in output.unicodeScalars where !allowed.contains(scalar) {
            let value = scalar.value
            if value < 0x20 || (value >= 0x7F && value < 0xA0) {
                XCTFail("raw U+\(String(value, radix: 16)) in \(output.debugDescription) from \(input.debugDescription)", file: file, line: line)
            }
        }
    }

    /// Every ESC starts an SGR (`ESC [ digits;… m`) or an OSC 8 with a safe printable URL ended by ST; no
    /// other control character, and no bidi control, is present.
    private func assertOnlyOwnEscapes(_ output: String, _ input: String, file: StaticString = #filePath, line: UInt = #line) {
        let scalars = Array(output.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isBidiControl(scalar) { XCTFail("bidi control from \(input.debugDescription)", file: file, line: line) }
            guard scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) else {
                index += 1
                continue
            }
            if scalar == "\n" {
                index += 1
                continue
            }
            guard scalar == "\u{1B}", index + 1 < scalars.count else {
                XCTFail("raw U+\(String(scalar.value, radix: 16)) in \(output.debugDescription) from \(input.debugDescription)", file: file, line: line)
                return
            }
            if scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, scalars[end] == ";" || ("0"..."9").contains(scalars[end]) { end += 1 }
                XCTAssertTrue(end < scalars.count && scalars[end] == "m", "bad SGR from \(input.debugDescription)", file: file, line: line)
                index = end + 1
            } else if scalars[index + 1] == "]" {
                let prefix = String(String.UnicodeScalarView(scalars[index..<min(index + 5, scalars.count)]))
                XCTAssertEqual(prefix, "\u{1B}]8;;", file: file, line: line)
                var end = index + 5
                while end < scalars.count, scalars[end] != "\u{1B}" {
                    XCTAssertTrue(scalars[end].value > 0x20 && scalars[end].value < 0x7F, "URL byte from \(input.debugDescription)", file: file, line: line)
                    end += 1
                }
                let url = String(String.UnicodeScalarView(scalars[(index + 5)..<end]))
                if !url.isEmpty { XCTAssertEqual(LinkPolicy.sanitized(url), url, file: file, line: line) }
                XCTAssertTrue(end + 1 < scalars.count && scalars[end + 1] == "\\", "OSC 8 ends with ST", file: file, line: line)
                index = end + 2
            } else {
                XCTFail("unexpected escape from \(input.debugDescription)", file: file, line: line)
                return
            }
        }
    }

    private func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].contains(scalar.value)
    }

    private func walk(_ blocks: [MarkdownBlock], inline: (MarkdownInline) -> Void, block: (MarkdownBlock) -> Void) {
        func walkInlines(_ inlines: [MarkdownInline]) {
            for item in inlines {
                inline(item)
                switch item {
                case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children),
                     .image(_, _, let children):
                    walkInlines(children)
                default:
                    break
                }
            }
        }
        for item in blocks {
            block(item)
            switch item {
            case .paragraph(let inlines), .heading(_, let inlines): walkInlines(inlines)
            case .list(let list): list.items.forEach { walk($0, inline: inline, block: block) }
            case .blockQuote(let children): walk(children, inline: inline, block: block)
            default: break
            }
        }
    }
}
