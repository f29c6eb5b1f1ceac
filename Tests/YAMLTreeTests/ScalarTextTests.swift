import XCTest
@testable import YAMLTree
import SourceText

/// Where a scalar's text is kept: in place in the source when it is written verbatim, in the tree's own
/// bytes otherwise; either way the text reads the same, as a string and as bytes.
final class ScalarTextTests: XCTestCase {
    private func values(_ text: String, name: String = "test.yaml") throws -> [(node: YAMLNode, inSource: Bool)] {
        let root = try XCTUnwrap(YAMLParser.parse(SourceFile(name: name, text: text), format: YAMLInputFormat(fileName: name)).root)
        let pairs = try XCTUnwrap(root.mapping)
        return pairs.map { ($0.value, !$0.value.record.flags.contains(.textInExtra)) }
    }

    func testVerbatimScalarsAreReadInPlace() throws {
        let text = """
        plain: Stats dashboard
        single: 'quoted, no escapes'
        double: "quoted, no escapes"
        empty:
        number: 1.10
        wide: 新功能 🥾
        """
        let expected = ["Stats dashboard", "quoted, no escapes", "quoted, no escapes", "", "1.10", "新功能 🥾"]
        let found = try values(text)
        XCTAssertEqual(found.map { $0.node.scalar?.text }, expected)
        XCTAssertEqual(found.map(\.inSource), Array(repeating: true, count: expected.count))
    }

    func testRewrittenScalarsAreCopied() throws {
        let text = """
        escaped: "tab\\there \\u00e9"
        doubledQuote: 'it''s'
        folded: first
          second
        literal: |
          line one
          line two
        blockFolded: >
          a
          b

        """
        let expected = ["tab\there é", "it's", "first second", "line one\nline two\n", "a b\n"]
        let found = try values(text)
        XCTAssertEqual(found.map { $0.node.scalar?.text }, expected)
        XCTAssertEqual(found.map(\.inSource), Array(repeating: false, count: expected.count))
    }

    func testJSONStringsWithStandInsReadTheirValues() throws {
        let found = try values(#"{"plain": "text", "escaped": "a\"b\u00e9\/c", "key\n": 1}"#, name: "test.json")
        XCTAssertEqual(found.map { $0.node.scalar?.text }, ["text", "a\"bé/c", "1"])
        XCTAssertEqual(found.map(\.inSource), [true, false, true])
    }

    func testBytesAndComparisonsMatchTheText() throws {
        for (node, _) in try values("a: Stats dashboard\nb: \"x\\ty\"\nc: [1, 2]\n") {
            guard let text = node.scalar?.text else {
                XCTAssertNil(node.withScalarUTF8 { $0.count })
                XCTAssertFalse(node.hasScalarText(""))
                continue
            }
            XCTAssertEqual(node.withScalarUTF8 { Array($0) }, Array(text.utf8))
            XCTAssertTrue(node.hasScalarText(text))
            XCTAssertFalse(node.hasScalarText(text + " "))
            XCTAssertFalse(node.hasScalarText(String(text.dropLast())))
        }
        let root = try XCTUnwrap(YAMLParser.parse(SourceFile(name: "t.yaml", text: "title: x\ntitles: y\n")).root)
        XCTAssertEqual(root["titles"]?.scalar?.text, "y")
        XCTAssertNil(root["titl"])
    }

    func testAStandaloneScalarKeepsItsText() {
        let node = YAMLNode(scalar: YAMLScalar(text: "1.10", style: .plain, kind: .string), range: .fileStart)
        XCTAssertEqual(node.scalar?.text, "1.10")
        XCTAssertTrue(node.hasScalarText("1.10"))
        XCTAssertEqual(node.scalar?.kind, .string)
    }

    func testDuplicateKeysAreFoundByTheirBytes() {
        let document = YAMLParser.parse(SourceFile(name: "t.yaml", text: "title: a\n\"title\": b\ntitle2: c\n"))
        XCTAssertEqual(document.errors.map(\.code), ["duplicate-key"])
        XCTAssertEqual(document.errors.first?.message, "duplicate key 'title'; expected each key once in a mapping")
    }
}


/// libyaml checks the encoding as it reads; when reading fails, a bad byte anywhere in the text is the
/// problem reported, as if it had been looked for first.
final class EncodingProblemTests: XCTestCase {
    private func codes(_ bytes: [UInt8], threadedFrom: Int) -> [String] {
        YAMLParser.parse(SourceFile(name: "t.yaml", contents: bytes), format: .yaml, limits: YAMLLimits(), threadedFrom: threadedFrom)
            .errors.map(\.code)
    }

    func testABadByteAfterASyntaxErrorIsWhatIsReported() {
        let filler = Array(repeating: Array("# filler line\n".utf8), count: 20_000).flatMap { $0 }
        let invalid = Array("a: [1\n".utf8) + filler + [0xFF, 0x0A]
        let nul = Array("a: 1\n".utf8) + filler + Array("# \u{0}\n".utf8)
        for threadedFrom in [0, Int.max] {
            XCTAssertEqual(codes(invalid, threadedFrom: threadedFrom), ["invalid-utf8"])
            XCTAssertEqual(codes(nul, threadedFrom: threadedFrom), ["nul-byte"])
            XCTAssertEqual(codes(Array("a: [1\n".utf8) + filler, threadedFrom: threadedFrom), ["yaml-syntax"])
            XCTAssertEqual(codes(Array("a: 1\n".utf8) + filler, threadedFrom: threadedFrom), [])
        }
    }

    func testTheBadByteIsFoundWhereItIs() throws {
        let document = YAMLParser.parse(SourceFile(name: "t.yaml", contents: Array("a: b\nc: d\u{E9}\n".utf8).dropLast(2) + [0xC3, 0x0A]))
        let error = try XCTUnwrap(document.errors.first)
        XCTAssertEqual(error.code, "invalid-utf8")
        XCTAssertEqual(error.range.start.description, "2:5")
    }
}
