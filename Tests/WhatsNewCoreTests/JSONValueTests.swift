import Foundation
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText

/// The one JSON writer: RFC 8259 escaping, member order kept, and the two layouts.
final class JSONValueTests: XCTestCase {
    func testEscapesQuotesBackslashesAndEveryControlCharacter() {
        XCTAssertEqual(JSONValue.quoted("say \"hi\" \\ there"), #""say \"hi\" \\ there""#)
        XCTAssertEqual(JSONValue.quoted("a\nb\rc\td\u{8}e\u{C}f"), #""a\nb\rc\td\be\ff""#)
        XCTAssertEqual(JSONValue.quoted("\u{0}\u{1}\u{1B}[31m\u{1F}\u{7F}\u{85}\u{9F}"),
                       #""\u0000\u0001\u001b[31m\u001f\u007f\u0085\u009f""#)
        XCTAssertEqual(JSONValue.quoted("\u{202E}evil\u{2066}\u{2028}\u{2029}\u{FEFF}"), #""\u202eevil\u2066\u2028\u2029\ufeff""#)
    }

    func testKeepsPrintableUnicodeAsIs() {
        XCTAssertEqual(JSONValue.quoted("日本 🎉 é / <script>"), "\"日本 🎉 é / <script>\"")
    }

    func testEveryEscapedStringDecodesToTheOriginal() throws {
        var everything = String.UnicodeScalarView()
        for value in 0..<0x300 { everything.append(Unicode.Scalar(value)!) }
        everything.append(contentsOf: "\u{2028}\u{2029}\u{202E}\u{FEFF}\u{1F600}".unicodeScalars)
        let text = String(everything)
        let data = Data(("[" + JSONValue.quoted(text) + "]").utf8)
        let decoded = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String])
        XCTAssertEqual(decoded, [text])
    }

    func testCompactAndPrettyLayoutsKeepMemberOrder() {
        let value: JSONValue = .object([
            ("z", .int(1)), ("a", .array([.bool(true), .null, .string("x")])), ("empty", .array([])), ("none", .object([])),
        ])
        XCTAssertEqual(value.compact, #"{"z":1,"a":[true,null,"x"],"empty":[],"none":{}}"#)
        XCTAssertEqual(value.pretty, """
        {
          "z": 1,
          "a": [
            true,
            null,
            "x"
          ],
          "empty": [],
          "none": {}
        }
        """)
    }

    func testOptionalsBecomeNull() {
        XCTAssertEqual(JSONValue.string(nil as String?).compact, "null")
        XCTAssertEqual(JSONValue.int(nil as Int?).compact, "null")
        XCTAssertEqual(JSONValue.int(-3 as Int?).compact, "-3")
    }
}
