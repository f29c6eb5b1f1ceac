import XCTest
@testable import YAMLTree
import SourceText

/// `.json` inputs are held to RFC 8259 although libyaml, a YAML parser, reads them.
final class JSONSyntaxTests: XCTestCase {
    private func errors(_ text: String) -> [YAMLError] {
        YAMLParser.parse(SourceFile(name: "t.json", text: text), format: .json).errors
    }

    func testStrictJSONIsAccepted() {
        XCTAssertEqual(errors("{\t\"a\": [1, -0.5e+3, 0, true, false, null, \"x\\/\\u00e9\\n\"], \"b\": {}, \"c\": []}\n"), [])
        XCTAssertEqual(errors("\"only a string\""), [])
    }

    func testViolationsArePositioned() {
        let cases: [(String, String, Int, Int)] = [
            ("{\"a\": [1, 2,]}", "trailing comma is not allowed in JSON", 1, 12),
            ("{\"a\": 1,\n}", "trailing comma is not allowed in JSON", 1, 8),
            ("{\n  // c\n  \"a\": 1}", "comments are not allowed in JSON", 2, 3),
            ("{\"a\": 1 /* c */}", "comments are not allowed in JSON", 1, 9),
            ("# c\n{}", "comments are not allowed in JSON", 1, 1),
            ("{'a': 1}", "single-quoted strings are not allowed in JSON", 1, 2),
            ("{\"a\": 'x'}", "single-quoted strings are not allowed in JSON", 1, 7),
            ("{a: 1}", "expected a double-quoted key, found 'a'", 1, 2),
            ("{\"a\": 01}", "numbers may not have leading zeros in JSON", 1, 7),
            ("{\"a\": 1.}", "expected a digit after '.' in a JSON number", 1, 9),
            ("{\"a\": yes}", "expected a JSON value (object, array, string, number, true, false or null), found 'y'", 1, 7),
            ("{\"a\" 1}", "expected ':' after the key, found '1'", 1, 6),
            ("[1 2]", "expected ',' or ']' after a value in an array, found '2'", 1, 4),
            ("{} {}", "expected the end of the JSON document, found '{'", 1, 4),
            ("{\"a\": \"x\\q\"}", "invalid escape '\\q' in a JSON string", 1, 9),
            ("{\"a\": \"x\ty\"}", "control character in a JSON string", 1, 9),
            ("{\"a\": \"x", "unterminated string: expected a closing '\"'", 1, 7),
            ("[1,", "expected a JSON value, found the end of the file", 1, 4),
        ]
        for (text, message, line, column) in cases {
            let found = errors(text)
            XCTAssertEqual(found.map(\.code), ["json-syntax"], text)
            XCTAssertEqual(found.first?.message, message, text)
            XCTAssertEqual(found.first?.range.start.line, line, text)
            XCTAssertEqual(found.first?.range.start.column, column, text)
        }
    }

    func testYAMLFilesAreNotHeldToJSON() {
        XCTAssertEqual(YAMLParser.parse(SourceFile(name: "t.yaml", text: "{'a': [1, 2,]} # c\n")).errors, [])
    }

    func testSurrogatePairEscapesAreReadWithTheirPositions() throws {
        // JSON writes 😀 as two escapes (as Python's json.dumps does by default); libyaml reads only \U0001F600.
        let text = "{\"a\": \"\\ud83d\\ude00 and \\uD83C\\uDF89!\", \"b\": [\"\\ud83d\\ude00\", 1]}"
        let document = YAMLParser.parse(SourceFile(name: "t.json", text: text), format: .json)
        XCTAssertEqual(document.errors, [])
        let root = try XCTUnwrap(document.root)
        XCTAssertEqual(root["a"]?.scalar?.text, "😀 and 🎉!")
        XCTAssertEqual(root["a"]?.range.start.column, 7)
        XCTAssertEqual(root["a"]?.range.end.column, 39, "columns count the escapes as written")
        XCTAssertEqual(root.mapping?[1].key.range.start.column, 41)
        XCTAssertEqual(root["b"]?.sequence?[1].range.start.column, 63)
        XCTAssertEqual(root["b"]?.sequence?[1].range.start.offset, 62)
    }

    /// Valid JSON strings libyaml alone would misread: an escaped surrogate pair (what `json.dumps` writes for
    /// an emoji by default), and raw DEL, C1 controls, U+2028, U+2029 and U+FFFF, which JSON allows unescaped.
    func testStringsAreDecodedByJSONRules() throws {
        let values = ["x\\ud83d\\ude00y\\u00e9\\n": "x😀y\u{E9}\n", "del\u{7F}": "del\u{7F}", "c1\u{85}\u{9B}": "c1\u{85}\u{9B}",
                      "ls\u{2028}ps\u{2029}": "ls\u{2028}ps\u{2029}", "nc\u{FFFF}\u{FFFE}": "nc\u{FFFF}\u{FFFE}",
                      "\\uD83C\\uDDE9\\uD83C\\uDDEA": "🇩🇪"]
        for (source, value) in values {
            // The string, then a key on the same line and one on the next: positions stay true after a stand-in.
            let text = "{\"a\": \"\(source)\", \"b\": 1,\n\"c\": 2}"
            let document = YAMLParser.parse(SourceFile(name: "t.json", text: text), format: .json)
            XCTAssertEqual(document.errors, [], source)
            let root = try XCTUnwrap(document.root, source)
            XCTAssertEqual(root["a"]?.scalar?.text, value, source)
            let a = try XCTUnwrap(root["a"])
            XCTAssertEqual(a.range.start, Mark(line: 1, column: 7, offset: 6), source)
            XCTAssertEqual(a.range.end.offset, 8 + source.utf8.count, source)
            XCTAssertEqual(a.range.end.column, 9 + source.unicodeScalars.count, source)
            let b = try XCTUnwrap(root.mapping?[1].key)
            XCTAssertEqual(b.range.start.offset, 10 + source.utf8.count, source)
            XCTAssertEqual(b.range.start.column, 11 + source.unicodeScalars.count, source)
            let c = try XCTUnwrap(root.mapping?[2].key)
            XCTAssertEqual(c.range.start.line, 2, source)
            XCTAssertEqual(c.range.start.column, 1, source)
        }
    }

    func testJSONLinesEndOnlyAtLineFeedsAndReturns() {
        let file = SourceFile(name: "t.json", text: "[\"a\u{2028}b\u{85}c\"]\n[]")
        XCTAssertEqual(file.lineCount, 2)
        XCTAssertEqual(file.lineText(1), "[\"a\u{2028}b\u{85}c\"]")
        XCTAssertEqual(SourceFile(name: "t.yaml", text: "a\u{2028}b").lineCount, 2)
    }

    func testUnpairedSurrogatesAndKeysLibYAMLCannotReadAreErrors() {
        let cases: [(String, String, Int, Int)] = [
            ("[\"x\\ud800\"]", "unpaired surrogate '\\uD800' in a JSON string; expected a low surrogate escape (\\uDC00-\\uDFFF) right after it", 1, 4),
            ("[\"x\\ud800\\u0041\"]", "unpaired surrogate '\\uD800' in a JSON string; expected a low surrogate escape (\\uDC00-\\uDFFF) right after it", 1, 4),
            ("[\"\\uDC00\"]", "unpaired surrogate '\\uDC00' in a JSON string; expected it right after a high surrogate escape (\\uD800-\\uDBFF)", 1, 3),
            ("{\"a\"\n  : 1}", "a line break between a key and its ':' is not supported; expected the ':' on the key's line", 2, 3),
            ("{\"\(String(repeating: "k", count: 1030))\": 1}", "a key longer than 1024 characters is not supported; expected a shorter key", 1, 2),
        ]
        for (text, message, line, column) in cases {
            let found = errors(text)
            XCTAssertEqual(found.map(\.code), ["json-syntax"], text)
            XCTAssertEqual(found.first?.message, message, text)
            XCTAssertEqual(found.first?.range.start.line, line, text)
            XCTAssertEqual(found.first?.range.start.column, column, text)
        }
        XCTAssertEqual(errors("{\"\(String(repeating: "k", count: 1000))\" : 1}"), [], "a long key within the limit")
    }
}
