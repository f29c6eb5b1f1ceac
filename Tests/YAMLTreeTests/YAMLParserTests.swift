import Dispatch
import Threads
import XCTest
@testable import YAMLTree
import SourceText

/// The tree libyaml's events become: ranges, styles, aliases, merge keys, and the limits.
final class YAMLParserTests: XCTestCase {
    private func parse(_ text: String, name: String = "test.yaml", limits: YAMLLimits = YAMLLimits()) -> YAMLDocument {
        YAMLParser.parse(SourceFile(name: name, text: text), format: YAMLInputFormat(fileName: name), limits: limits)
    }

    private func parse(bytes: [UInt8], name: String = "test.yaml") -> YAMLDocument {
        YAMLParser.parse(SourceFile(name: name, contents: bytes), format: YAMLInputFormat(fileName: name))
    }

    /// A manifest-like text of `entries` mappings, with aliases, a merge key and every scalar style.
    private func largeText(entries: Int) -> String {
        var text = "defaults: &defaults\n  color: red\n  size: 3\nitems:\n"
        for index in 0..<entries {
            text += "  - id: item-\(index)\n    <<: *defaults\n    title: \"Item \\u00e9 \(index)\"\n"
            text += "    note: |\n      line one\n      line two\n    tags: [a, 'b', \(index)]\n"
        }
        return text
    }

    func testParsingOnAThreadGivesTheSameTreeAndErrors() throws {
        let valid = largeText(entries: 3_000)
        let broken = valid + "  - id: [unclosed\n"
        let stopsEarly = "first: *missing\n" + valid
        let secondDocument = valid + "---\nmore: 1\n"
        for text in [valid, broken, stopsEarly, secondDocument] {
            let file = SourceFile(name: "large.yaml", text: text)
            let threaded = YAMLParser.parse(file, format: .yaml, limits: YAMLLimits(), threadedFrom: 0)
            let inline = YAMLParser.parse(file, format: .yaml, limits: YAMLLimits(), threadedFrom: .max)
            XCTAssertEqual(threaded.root?.dump(), inline.root?.dump())
            XCTAssertEqual(threaded.errors.map(\.message), inline.errors.map(\.message))
            XCTAssertEqual(threaded.errors.map(\.range), inline.errors.map(\.range))
        }
        let file = SourceFile(name: "large.yaml", text: valid)
        let tree = try XCTUnwrap(YAMLParser.parse(file, format: .yaml, limits: YAMLLimits(), threadedFrom: 0).root)
        XCTAssertEqual(tree["items"]?.sequence?.count, 3_000)
        XCTAssertEqual(tree["items"]?.sequence?[2_999]["color"]?.scalar?.text, "red")
        XCTAssertEqual(YAMLParser.parse(SourceFile(name: "b.yaml", text: broken), format: .yaml, limits: YAMLLimits(),
                                        threadedFrom: 0).errors.first?.code, "yaml-syntax")
        XCTAssertEqual(YAMLParser.parse(SourceFile(name: "s.yaml", text: stopsEarly), format: .yaml, limits: YAMLLimits(),
                                        threadedFrom: 0).errors.first?.code, "undefined-alias")
    }

    func testEveryMarkAgreesWithTheLineTable() throws {
        // The parser turns libyaml's character index into byte offsets with a cursor; the line table, made
        // on demand, turns each offset back into the same line and column.
        let text = "title: \"新功能 ⭐\"\r\nlist:\r\n  - é\u{85}  - \"😀 x\"\n  - {a: 1, b: [ü, 2]}\u{2028}map:\n"
            + "  key: |\n    line one ✓\n    line two\n  other: >-\n    folded\n    text\nlast: 'ok'\n"
        let file = SourceFile(name: "marks.yaml", text: text)
        for threadedFrom in [0, Int.max] {
            let document = YAMLParser.parse(file, format: .yaml, limits: YAMLLimits(), threadedFrom: threadedFrom)
            XCTAssertEqual(document.errors.map(\.message), [])
            var pending = [try XCTUnwrap(document.root)]
            var checked = 0
            while let node = pending.popLast() {
                XCTAssertEqual(file.mark(atOffset: node.range.start.offset), node.range.start, node.dump())
                XCTAssertEqual(file.mark(atOffset: node.range.end.offset), node.range.end, node.dump())
                checked += 1
                switch node.content {
                case .scalar: break
                case .sequence(let items): pending.append(contentsOf: items)
                case .mapping(let pairs): for pair in pairs { pending.append(pair.key); pending.append(pair.value) }
                }
            }
            XCTAssertEqual(checked, 22)
        }
    }

    func testTwoThreadsWalkOneTreeAtOnce() throws {
        // The schema's thread and the decoder walk the same tree, through the same storage: nothing is copied.
        let root = try XCTUnwrap(parse("a: &x {k: v}\nb: *x\nc: [1, two]\n").root)
        let expected = root.dump()
        let dumps = Locked([String](repeating: "", count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var dump = ""
            for _ in 0..<200 { dump = root.dump() }
            let walked = dump
            dumps.withLock { $0[thread] = walked }
        }
        XCTAssertEqual(dumps.withLock { $0 }, [expected, expected])
        // An alias is its anchor's node, whichever thread asks.
        XCTAssertEqual(root["a"], root["b"])
    }

    func testRangesCountScalarsAndBytes() throws {
        let document = parse("title: 新功能 ⭐\nnext: x\n")
        let root = try XCTUnwrap(document.root)
        let title = try XCTUnwrap(root["title"])
        XCTAssertEqual(title.range.start, Mark(line: 1, column: 8, offset: 7))
        XCTAssertEqual(title.range.end, Mark(line: 1, column: 13, offset: 7 + 9 + 1 + 3))
        XCTAssertEqual(root.mapping?[1].key.range.start, Mark(line: 2, column: 1, offset: 21))
    }

    func testEveryKindOfNodeHasTheRangeItIsWrittenAt() throws {
        // A scalar written as it is keeps no range of its own (its text and quotes are its range); every other
        // node keeps libyaml's in a span.
        XCTAssertEqual(MemoryLayout<NodeRecord>.size, 12)
        let text = "a: plain\nb: 'single'\nc: \"double\"\nd: \"esc\\tape\"\ne: 'it''s'\nf: [x, 'y', \"z\"]\ng: {h: 1}\n"
            + "i:\nj: |\n  block\nk: \"\"\nl: ''\n"
        let root = try XCTUnwrap(parse(text).root)
        let bytes = Array(text.utf8)
        func written(_ node: YAMLNode?) -> String? {
            node.map { String(decoding: bytes[$0.startOffset..<$0.endOffset], as: UTF8.self) }
        }
        XCTAssertEqual(written(root["a"]), "plain")
        XCTAssertEqual(written(root["b"]), "'single'")
        XCTAssertEqual(written(root["c"]), "\"double\"")
        XCTAssertEqual(written(root["d"]), "\"esc\\tape\"")
        XCTAssertEqual(root["d"]?.scalar?.text, "esc\tape")
        XCTAssertEqual(written(root["e"]), "'it''s'")
        XCTAssertEqual(root["e"]?.scalar?.text, "it's")
        XCTAssertEqual(written(root["f"]), "[x, 'y', \"z\"]")
        XCTAssertEqual(root["f"]?.sequence.map { $0.map { written($0) ?? "" } }, ["x", "'y'", "\"z\""])
        XCTAssertEqual(written(root["g"]), "{h: 1}")
        XCTAssertEqual(written(root["g"]?["h"]), "1")
        XCTAssertEqual(root["i"]?.scalar?.kind, .null)
        XCTAssertEqual(root["i"]?.startOffset, root["i"]?.endOffset)
        XCTAssertEqual(written(root["j"])?.hasPrefix("|\n  block"), true)
        XCTAssertEqual(written(root["k"]), "\"\"")
        XCTAssertEqual(written(root["l"]), "''")
        XCTAssertEqual(root["l"]?.scalar?.text, "")
        XCTAssertEqual(root.startOffset, 0)
        XCTAssertEqual(root["b"]?.range.start, Mark(line: 2, column: 4, offset: 12))
        XCTAssertEqual(root["b"]?.range.end, Mark(line: 2, column: 12, offset: 20))
    }

    func testLineBreaksLibYAMLCountsAreLinesToo() throws {
        for newline in ["\n", "\r\n", "\r", "\u{85}", "\u{2028}"] {
            let document = parse("a: 1" + newline + "b: 2" + newline)
            let root = try XCTUnwrap(document.root, newline.debugDescription)
            let b = try XCTUnwrap(root.mapping?[1].key)
            XCTAssertEqual(b.range.start.line, 2, newline.debugDescription)
            XCTAssertEqual(b.range.start.column, 1, newline.debugDescription)
            XCTAssertEqual(b.range.start.offset, 4 + newline.utf8.count, newline.debugDescription)
        }
    }

    func testStylesAndTypes() throws {
        let root = try XCTUnwrap(parse("a: 'x'\nb: \"1\"\nc: |\n  lit\nd: >\n  fold\ne: 1\nf: !!str 2\ng:\n").root)
        XCTAssertEqual(root["a"]?.scalar, YAMLScalar(text: "x", style: .singleQuoted, kind: .string))
        XCTAssertEqual(root["b"]?.scalar, YAMLScalar(text: "1", style: .doubleQuoted, kind: .string))
        XCTAssertEqual(root["c"]?.scalar, YAMLScalar(text: "lit\n", style: .literal, kind: .string))
        XCTAssertEqual(root["d"]?.scalar, YAMLScalar(text: "fold\n", style: .folded, kind: .string))
        XCTAssertEqual(root["e"]?.scalar?.kind, .int)
        XCTAssertEqual(root["f"]?.scalar?.kind, .string)
        XCTAssertEqual(root["g"]?.scalar?.kind, .null)
    }

    func testAliasesShareTheAnchoredNode() throws {
        let root = try XCTUnwrap(parse("a: &x {k: v}\nb: *x\n").root)
        XCTAssertEqual(root["a"], root["b"])
        // root + key a + {k: v} (3) + key b + the alias expanded (3)
        XCTAssertEqual(root.expandedCount, 1 + 1 + 3 + 1 + 3)
        // Below the root the count is walked: a list of the alias twice and the anchor's own mapping.
        let nested = try XCTUnwrap(parse("a: &x {k: v}\nb: [*x, *x, {c: d}]\n").root)
        XCTAssertEqual(nested["b"]?.expandedCount, 1 + 3 + 3 + 3)
        XCTAssertEqual(nested["a"]?.expandedCount, 3)
        XCTAssertEqual(nested["a"]?["k"]?.expandedCount, 1)
    }

    func testMergeKeysExplicitKeysWin() throws {
        let root = try XCTUnwrap(parse("base: &b {x: 1, y: 2}\nmore: &m {z: 0, x: 9}\nd:\n  <<: [*b, *m]\n  y: 3\n").root)
        let merged = try XCTUnwrap(root["d"]?.mapping)
        XCTAssertEqual(merged.map { $0.key.scalar?.text }, ["x", "z", "y"], "merged pairs stand where the << key was")
        XCTAssertEqual(root["d"]?["x"]?.scalar?.text, "1", "the first merged mapping wins")
        XCTAssertEqual(root["d"]?["y"]?.scalar?.text, "3", "explicit keys win over merged ones")
    }

    func testDuplicateKeysNameBothPlaces() {
        let document = parse("a: 1\nb: 2\na: 3\n")
        XCTAssertEqual(document.errors.count, 1)
        let error = document.errors[0]
        XCTAssertEqual(error.code, "duplicate-key")
        XCTAssertEqual(error.range.start, Mark(line: 3, column: 1, offset: 10))
        XCTAssertEqual(error.notes.first?.range?.start, Mark(line: 1, column: 1, offset: 0))
        XCTAssertNotNil(document.root, "a duplicate key is reported but reading goes on")
    }

    func testDuplicateKeysInLargeMappingsAndNestedCollections() throws {
        // Past 16 pairs the composer looks keys up in a dictionary instead of comparing them one by one.
        let keys = (0..<40).map { "k\($0): \($0)" }
        let document = parse((keys + ["nested: [1, [2, 3], {x: 1}]", "k7: again"]).joined(separator: "\n") + "\n")
        XCTAssertEqual(document.errors.map(\.code), ["duplicate-key"])
        XCTAssertEqual(document.errors.first?.range.start.line, 42)
        XCTAssertEqual(document.errors.first?.notes.first?.range?.start.line, 8)
        let root = try XCTUnwrap(document.root)
        XCTAssertEqual(root.mapping?.count, 41)
        XCTAssertEqual(root["k39"]?.scalar?.text, "39")
        let nested = try XCTUnwrap(root["nested"]?.sequence)
        XCTAssertEqual(nested.count, 3)
        XCTAssertEqual(nested[1].sequence?.map { $0.scalar?.text }, ["2", "3"])
        XCTAssertEqual(nested[2]["x"]?.scalar?.text, "1")
        // root + 40 pairs + 'nested' with [1, [2, 3], {x: 1}] + the duplicate pair (read, then dropped)
        XCTAssertEqual(root.expandedCount, 1 + 40 * 2 + (1 + 1 + 1 + 3 + 3) + 2)
    }

    func testAliasBombFailsFastWithinTheBudget() {
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...12 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let document = parse(lines.joined(separator: "\n"))
        XCTAssertNil(document.root)
        XCTAssertEqual(document.errors.map(\.code), ["alias-budget-exceeded"])
        // a0 costs 206 bytes (16 per node, 3 per "lol"), a1 2,076, a2 20,776: the third alias in a3 crosses the
        // 64 KiB floor of a small input.
        XCTAssertEqual(document.errors.first?.range.start.line, 4)
        XCTAssertEqual(document.errors.first?.range.start.column, 20)
    }

    func testTheBudgetCountsTheBytesOfWhatAliasesRepeat() {
        // Each alias repeats 1,000 bytes and one node (1,016 in all): 64 fit in the 64 KiB floor, the 65th does not.
        // A budget of nodes let all of them through, however long the text.
        let text = "s: &s " + String(repeating: "x", count: 1000) + "\nl: [" + Array(repeating: "*s", count: 100).joined(separator: ", ") + "]\n"
        let document = parse(text)
        XCTAssertNil(document.root)
        XCTAssertEqual(document.errors.map(\.code), ["alias-budget-exceeded"])
        XCTAssertEqual(document.errors.first?.range.start, Mark(line: 2, column: 5 + 4 * 64, offset: 1007 + 4 + 4 * 64))
        XCTAssertEqual(parse(text, limits: YAMLLimits(aliasExpansionPerByte: 80)).errors, [], "a budget of 80 bytes per input byte takes them")
    }

    func testModestAliasUseStaysWithinTheBudget() {
        var lines = ["shared: &s {title: Continue, foregroundColor: white}"]
        for index in 0..<500 { lines.append("k\(index): *s") }
        let document = parse(lines.joined(separator: "\n"))
        XCTAssertEqual(document.errors, [])
    }

    func testRecursiveAndUndefinedAliases() {
        XCTAssertEqual(parse("a: &x [1, *x]\n").errors.map(\.code), ["recursive-alias"])
        XCTAssertEqual(parse("a: *nope\n").errors.map(\.code), ["undefined-alias"])
    }

    func testNestingLimit() {
        let deep = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
        XCTAssertEqual(parse(deep, limits: YAMLLimits(maxDepth: 50)).errors, [])
        let document = parse(deep, limits: YAMLLimits(maxDepth: 49))
        XCTAssertEqual(document.errors.map(\.code), ["nesting-too-deep"])
        XCTAssertEqual(document.errors.first?.range.start.column, 50)
    }

    func testSizeLimit() {
        XCTAssertEqual(parse("a: 1\n", limits: YAMLLimits(maxInputBytes: 5)).errors, [])
        XCTAssertEqual(parse("a: 12\n", limits: YAMLLimits(maxInputBytes: 5)).errors.map(\.code), ["input-too-large"])
    }

    func testEmptyCommentOnlyAndMultiDocument() {
        XCTAssertEqual(parse("").errors.map(\.code), ["empty-document"])
        XCTAssertEqual(parse("# nothing\n").errors.first?.message, "the file holds only comments; expected a document")
        let multi = parse("a: 1\n---\nb: 2\n")
        XCTAssertEqual(multi.errors.map(\.code), ["multiple-documents"])
        XCTAssertEqual(multi.errors.first?.range.start.line, 2)
        XCTAssertEqual(parse("---\na: 1\n...\n").errors, [], "one explicit document is fine")
    }

    func testEncodings() throws {
        let text = "a: \"日本\"\nb: 2\n"
        var utf16BE: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { utf16BE += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        var utf32LE: [UInt8] = [0xFF, 0xFE, 0, 0]
        for scalar in text.unicodeScalars {
            let value = scalar.value
            utf32LE += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), 0]
        }
        for (bytes, encoding) in [(utf16BE, SourceEncoding.utf16BigEndian), (utf32LE, .utf32LittleEndian),
                                  ([0xEF, 0xBB, 0xBF] + Array(text.utf8), .utf8)] {
            let document = parse(bytes: bytes)
            XCTAssertEqual(document.file.encoding, encoding)
            XCTAssertEqual(document.errors, [])
            XCTAssertEqual(document.root?["a"]?.scalar?.text, "日本")
            XCTAssertEqual(document.root?["b"]?.range.start, Mark(line: 2, column: 4, offset: 15))
        }
    }

    func testInvalidUTF8AndNULArePositioned() {
        let invalid = parse(bytes: Array("a: ok\nb: \"x".utf8) + [0xC3, 0x28] + Array("\"\n".utf8))
        XCTAssertEqual(invalid.errors.map(\.code), ["invalid-utf8"])
        XCTAssertEqual(invalid.errors.first?.range.start, Mark(line: 2, column: 6, offset: 11))
        let nul = parse(bytes: Array("a: x".utf8) + [0] + Array("y\n".utf8))
        XCTAssertEqual(nul.errors.map(\.code), ["nul-byte"])
        XCTAssertEqual(nul.errors.first?.range.start, Mark(line: 1, column: 5, offset: 4))
    }

    func testEscapedNULDoesNotTruncate() {
        XCTAssertEqual(parse("a: \"x\\0y\"\n").root?["a"]?.scalar?.text, "x\u{0}y")
    }

    func testTabsAndUnknownTags() {
        let tabs = parse("a:\n\tb: 1\n")
        XCTAssertEqual(tabs.errors.map(\.code), ["tab-indentation"])
        XCTAssertEqual(tabs.errors.first?.range.start, Mark(line: 2, column: 1, offset: 3))
        let tags = parse("a: !!python/object:os.system x\nb: !!binary aGk=\nc: !!int 3\nd: !!int x\n")
        XCTAssertEqual(tags.errors.map(\.code), ["unknown-tag", "unknown-tag", "invalid-tagged-value"])
        XCTAssertEqual(tags.errors.first?.message,
                       "unknown tag '!!python/object:os.system'; expected no tag, or one of !!str, !!int, !!float, !!bool, !!null")
    }

    func testLibYAMLErrorsCarryTheirProblemAndContext() throws {
        let document = parse("a: [1, 2\nb: 3\n")
        let error = try XCTUnwrap(document.errors.first)
        XCTAssertEqual(error.code, "yaml-syntax")
        XCTAssertTrue(error.message.hasPrefix("malformed YAML: "), error.message)
        XCTAssertEqual(error.notes.first?.message, "while parsing a flow sequence")
        XCTAssertEqual(error.notes.first?.range?.start, Mark(line: 1, column: 4, offset: 3))
    }

    func testDumpIsTheSameForYAMLAndJSONWithoutPositions() throws {
        let yaml = try XCTUnwrap(parse("a: [1, x, true]\nb: {c: null}\n").root)
        let json = try XCTUnwrap(parse("{\"a\": [1, \"x\", true], \"b\": {\"c\": null}}", name: "t.json").root)
        XCTAssertEqual(yaml.dump(positions: false), json.dump(positions: false))
        XCTAssertNotEqual(yaml.dump(), json.dump())
    }
}
