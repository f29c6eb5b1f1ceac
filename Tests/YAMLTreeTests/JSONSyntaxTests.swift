import XCTest
@testable import YAMLTree

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
}
