import XCTest
@testable import WhatsNewLanguageServer

final class JSONTests: XCTestCase {
    func testReadsAndWritesAMessage() throws {
        let text = #"{"id":1,"params":{"s":"a\"b\\\n\u00e9\ud83d\ude00","list":[true,false,null,-1.5e2]}}"#
        let value = try JSON.parse(Array(text.utf8))
        XCTAssertEqual(value["params"]?["s"]?.stringValue, "a\"b\\\né😀")
        XCTAssertEqual(value["params"]?["list"], .array([.bool(true), .bool(false), .null, .number(-150)]))
        XCTAssertEqual(try JSON.parse(Array(value.text.utf8)), value)
    }

    func testRejectsMalformedJSONWithAnOffset() {
        for text in ["{", "[1,]", "{\"a\" 1}", "\"\u{01}\"", "01x", "nul", "\"\\x\"", "{} {}", ""] {
            XCTAssertThrowsError(try JSON.parse(Array(text.utf8)), text)
        }
    }

    /// Deep nesting is an error, not a stack overflow.
    func testRejectsNestingDeeperThanTheLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSON.parse(Array(deep.utf8))) { error in
            XCTAssertTrue((error as? JSONParseError)?.message.contains("levels of nesting") == true)
        }
    }

    func testWritesControlCharactersEscaped() {
        XCTAssertEqual(JSON.string("a\u{1B}\u{7F}\u{2028}").text, #""a\u001b\u007f\u2028""#)
    }

    func testFileURIsRoundTripThroughPercentEscapes() {
        let path = "/tmp/my notes/é#1.yaml"
        let uri = DocumentURI.uri(of: path)
        XCTAssertEqual(uri, "file:///tmp/my%20notes/%C3%A9%231.yaml")
        XCTAssertEqual(DocumentURI.path(of: uri), path)
        XCTAssertNil(DocumentURI.path(of: "file:///a%00b"), "a NUL")
        XCTAssertNil(DocumentURI.path(of: "untitled:Untitled-1"))
        XCTAssertNil(DocumentURI.path(of: "file:///a%zz"))
    }

    func testCursorContextReadsTheKeysAroundABlockPosition() {
        let text = "versions:\n  - version: 1.0.0\n    features:\n      - title: A\n        ima\n        kind: ad\n"
        let lines = LineIndex(Array(text.utf8))
        let key = CursorContext(lines: lines, offset: Array("versions:\n  - version: 1.0.0\n    features:\n      - title: A\n        ima".utf8).count)
        XCTAssertEqual(key, CursorContext.testValue(path: ["versions", "features"], place: .key, prefix: "ima"))
        let value = CursorContext(lines: lines, offset: text.utf8.count - 1)
        XCTAssertEqual(value, CursorContext.testValue(path: ["versions", "features"], place: .value(key: "kind"), prefix: "ad"))
    }

    func testCursorContextReadsOneLevelOfFlowCollection() {
        func context(_ text: String) -> CursorContext? {
            CursorContext(lines: LineIndex(Array(text.utf8)), offset: text.utf8.count)
        }
        let head = "versions:\n  - version: 1.0.0\n    features:\n"
        XCTAssertEqual(context(head + "      - { title: A, platforms: [ios, wat"),
                       CursorContext.testValue(path: ["versions", "features"], place: .value(key: "platforms"), prefix: "wat"))
        XCTAssertEqual(context(head + "      - { title: A, ima"), CursorContext.testValue(path: ["versions", "features"], place: .key, prefix: "ima"))
        XCTAssertEqual(context(head + "      - { title: A, image: st"),
                       CursorContext.testValue(path: ["versions", "features"], place: .value(key: "image"), prefix: "st"))
        XCTAssertEqual(context("defaults:\n  layout: { featureHorizontalAlignment: "),
                       CursorContext.testValue(path: ["defaults", "layout"], place: .value(key: "featureHorizontalAlignment"), prefix: ""))
        XCTAssertEqual(context(head + "      - title: A\n        platforms:\n          - io"),
                       CursorContext.testValue(path: ["versions", "features", "platforms"], place: .item, prefix: "io"))
        XCTAssertNil(context("# a comment: "))
        XCTAssertNil(context("title: x # a comment"))
    }
}

extension CursorContext {
    static func testValue(path: [String], place: Place, prefix: String) -> CursorContext {
        CursorContext(path: path, place: place, prefix: prefix)
    }
}
