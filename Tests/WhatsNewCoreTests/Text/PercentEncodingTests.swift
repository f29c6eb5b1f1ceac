import XCTest
@testable import WhatsNewText

/// The one percent-encoding (RFC 3986 §2.1) the preview and the language server share.
final class PercentEncodingTests: XCTestCase {
    func testValidEscapesAreDecodedInEitherCase() {
        XCTAssertEqual(PercentEncoding.decoded("a%20b%2fc%2Fd"), "a b/c/d")
        XCTAssertEqual(PercentEncoding.decoded("%41%62%7e"), "Ab~")
        XCTAssertEqual(PercentEncoding.decoded(""), "")
        XCTAssertEqual(PercentEncoding.decoded("plain-text_1.0~"), "plain-text_1.0~")
        XCTAssertEqual(PercentEncoding.decodedBytes("%00%FF"), [0x00, 0xFF])
    }

    func testPlusIsASpaceOnlyInAQueryString() {
        XCTAssertEqual(PercentEncoding.decoded("a+b%2B", plusIsSpace: true), "a b+")
        XCTAssertEqual(PercentEncoding.decoded("a+b%2B"), "a+b+")
    }

    func testAnEscapeThatIsNotTwoHexadecimalDigitsIsRefused() {
        for broken in ["%zz", "a%zzb", "%g0", "%0g", "%%41", "% 41", "%+1", "%-1"] {
            XCTAssertNil(PercentEncoding.decodedBytes(broken), broken)
            XCTAssertNil(PercentEncoding.decoded(broken, plusIsSpace: true), broken)
        }
    }

    func testATruncatedEscapeIsRefused() {
        for truncated in ["%4", "abc%4", "%", "abc%", "%E2%82"] {
            XCTAssertNil(PercentEncoding.decoded(truncated), truncated)
        }
        // `%E2%82` is two whole escapes of a three-byte character cut short: the escapes are fine, the UTF-8 is not.
        XCTAssertEqual(PercentEncoding.decodedBytes("%E2%82"), [0xE2, 0x82])
    }

    func testMultiByteUTF8RoundTrips() {
        let text = "é€😀 zh-Hans/日本"
        let encoded = PercentEncoding.encoded(text)
        XCTAssertEqual(encoded, "%C3%A9%E2%82%AC%F0%9F%98%80%20zh-Hans%2F%E6%97%A5%E6%9C%AC")
        XCTAssertEqual(PercentEncoding.decoded(encoded), text)
        XCTAssertEqual(PercentEncoding.decoded("%c3%a9"), "é")
        // Characters written as they are (not escaped) decode to themselves.
        XCTAssertEqual(PercentEncoding.decoded("é€😀"), "é€😀")
    }

    func testBytesThatAreNotUTF8AreRefusedAsTextButKeptAsBytes() {
        for invalid in ["%FF", "%C3", "%C3%28", "%ED%A0%80", "%C0%AF", "a%80b"] {
            XCTAssertNil(PercentEncoding.decoded(invalid), invalid)
            XCTAssertNotNil(PercentEncoding.decodedBytes(invalid), invalid)
        }
    }

    func testEncodingKeepsTheUnreservedCharactersAndWhatIsAskedFor() {
        XCTAssertEqual(PercentEncoding.encoded("AZaz09-._~"), "AZaz09-._~")
        XCTAssertEqual(PercentEncoding.encoded("/a b/+?#&=%\"<>\0"), "%2Fa%20b%2F%2B%3F%23%26%3D%25%22%3C%3E%00")
        XCTAssertEqual(PercentEncoding.encoded("/tmp/my notes/é#1.yaml", keeping: "/"), "/tmp/my%20notes/%C3%A9%231.yaml")
        // Only ASCII is kept as asked; a character beyond it is always escaped.
        XCTAssertEqual(PercentEncoding.encoded("é/", keeping: "é"), "%C3%A9%2F")
        for text in ["", "a", "\u{7F}\u{80}", String(repeating: "ü+", count: 100)] {
            XCTAssertEqual(PercentEncoding.decoded(PercentEncoding.encoded(text)), text)
        }
    }
}
