import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText

final class LinkPolicyTests: XCTestCase {
    func testAllowsWebMailAndRelativeReferences() {
        let cases: [(String, String)] = [
            ("https://example.com/a?b=c#d", "https://example.com/a?b=c#d"),
            ("HTTP://EXAMPLE.COM", "HTTP://EXAMPLE.COM"),
            ("mailto:team@example.com", "mailto:team@example.com"),
            ("/notes/1.2.0", "/notes/1.2.0"),
            ("notes.html#v1", "notes.html#v1"),
            ("#feature", "#feature"),
            ("//cdn.example.com/x", "//cdn.example.com/x"),
            ("  https://example.com  ", "https://example.com"),
            ("https://example.com/a b", "https://example.com/a%20b"),
            ("https://example.com/\"><script>", "https://example.com/%22%3E%3Cscript%3E"),
            ("https://example.com/ü", "https://example.com/%C3%BC"),
            ("https://en.wikipedia.org/wiki/Swift_(language)", "https://en.wikipedia.org/wiki/Swift_(language)"),
            ("https://exa\nmple.com", "https://example.com"),
            ("https://example.com/\u{7}", "https://example.com/"),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(LinkPolicy.sanitized(input), expected, input.debugDescription)
        }
    }

    func testRefusesEverythingElse() {
        let refused = [
            "javascript:alert(1)", "JAVASCRIPT:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)",
            "java\tscript:alert(1)", "java\nscript:alert(1)", "\u{1}javascript:alert(1)", "javascript\u{0}:alert(1)",
            "data:text/html,<script>alert(1)</script>", "DATA:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)",
            "file:///etc/passwd", "ftp://example.com", "xmpp:a@b.c", "tel:123", "java script:alert(1)",
            "\u{A0}javascript:alert(1)", "https://example.com/\u{1B}]8;;x", "https://example.com/\u{7}x", "https://e.com/\u{9B}",
            "https://example.com/\u{202E}moc", "https://exa\u{200B}mple.com", "", "   ", "\t",
        ]
        for input in refused {
            XCTAssertNil(LinkPolicy.sanitized(input), input.debugDescription)
        }
    }

    func testAbsoluteOnlyForActions() {
        XCTAssertEqual(LinkPolicy.sanitized("https://x.y", allowRelative: false), "https://x.y")
        XCTAssertNil(LinkPolicy.sanitized("/relative", allowRelative: false))
        XCTAssertNil(LinkPolicy.sanitized("javascript:x", allowRelative: false))
    }

    /// Whatever goes in, what comes out is printable ASCII with no quote, space or angle bracket.
    func testOutputIsAlwaysInertASCII() {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["https://", "mailto:", "a", "/", " ", "\"", "'", "<", ">", "\\", "\u{1B}", "é", "中", "%", "(", ")", ":", "#", "?", "\t"]
        for _ in 0..<5_000 {
            let input = (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            guard let output = LinkPolicy.sanitized(input) else { continue }
            XCTAssertTrue(output.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x3C && $0 != 0x3E && $0 != 0x5C },
                          input.debugDescription)
            if let scheme = LinkPolicy.scheme(of: output) { XCTAssertTrue(LinkPolicy.allowedSchemes.contains(scheme)) }
        }
    }
}
