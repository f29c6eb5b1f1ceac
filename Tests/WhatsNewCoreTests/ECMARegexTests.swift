import XCTest
@testable import WhatsNewCore

/// The `pattern` dialect: ECMA-262 syntax and meaning (not ICU's or Swift Regex's), search semantics.
final class ECMARegexTests: XCTestCase {
    private func assertMatches(_ pattern: String, _ matching: [String], notMatching: [String] = [],
                               file: StaticString = #filePath, line: UInt = #line) {
        do {
            // Every engine: the automaton most patterns get, the backtracker, and the Pike VM that long texts get.
            for (engine, limit, automaton) in [("automaton", Int.max, true), ("backtracker", Int.max, false), ("Pike VM", 0, false)] {
                let regex = try ECMARegex(pattern, backtrackingLimit: limit, usesAutomaton: automaton)
                for text in matching {
                    XCTAssertTrue(regex.matches(text), "/\(pattern)/ should match \(text.debugDescription) (\(engine))", file: file, line: line)
                }
                for text in notMatching {
                    XCTAssertFalse(regex.matches(text), "/\(pattern)/ should not match \(text.debugDescription) (\(engine))",
                                   file: file, line: line)
                }
            }
        } catch {
            XCTFail("/\(pattern)/ does not compile: \(error.message) at \(error.offset)", file: file, line: line)
        }
    }

    private func assertRejected(_ pattern: String, _ message: String, at offset: Int,
                                file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try ECMARegex(pattern)
            XCTFail("/\(pattern)/ should be rejected", file: file, line: line)
        } catch {
            XCTAssertEqual(error.message, message, file: file, line: line)
            XCTAssertEqual(error.offset, offset, file: file, line: line)
        }
    }

    func testSearchIsUnanchoredUnlessThePatternAnchors() {
        assertMatches("es", ["es", "yes", "test"], notMatching: ["e", ""])
        assertMatches("^es", ["es", "est"], notMatching: ["yes"])
        assertMatches("es$", ["es", "yes"], notMatching: ["est"])
        assertMatches("", ["", "anything"])
    }

    func testDollarMatchesOnlyAtTheVeryEnd() {
        // ICU and Python let `$` match before a final newline; ECMA-262 does not.
        assertMatches("^1\\.0$", ["1.0"], notMatching: ["1.0\n", "1x0"])
    }

    func testClassEscapesAreASCII() {
        assertMatches("^\\d+$", ["0123456789"], notMatching: ["٣", "１", ""])
        assertMatches("^\\w+$", ["A_z9"], notMatching: ["é", "a-b"])
        assertMatches("^\\s$", [" ", "\t", "\n", "\u{A0}", "\u{2028}", "\u{FEFF}", "\u{3000}"], notMatching: ["x", "\u{85}"])
        assertMatches("^\\D\\S\\W$", ["a.-"], notMatching: ["1.-", "a -", "a.b"])
    }

    func testDotStopsAtLineTerminatorsOnly() {
        assertMatches("^.$", ["a", "é", "😀", "\u{85}", "\t"], notMatching: ["\n", "\r", "\u{2028}", "\u{2029}", ""])
    }

    func testMatchingIsByUnicodeScalar() {
        assertMatches("^.{2}$", ["新功", "😀😀", "ab"], notMatching: ["新", "新功能"])
        assertMatches("^[😀-😂]$", ["😁"], notMatching: ["😃"])
        assertMatches("^\\u{1F600}\\uD83D\\uDE00\\u00e9\\x41$", ["😀😀éA"])
    }

    func testClasses() {
        assertMatches("^[a-c-]+$", ["abc-", "-"], notMatching: ["d"])
        assertMatches("^[^a-c]$", ["d", "新"], notMatching: ["b", ""])
        assertMatches("^[\\d.]+$", ["1.2"], notMatching: ["1,2"])
        assertMatches("^[\\b]$", ["\u{8}"], notMatching: ["b"])
        assertMatches("^[\\]\\\\-]$", ["]", "\\", "-"], notMatching: ["["])
        assertMatches("^[^\\s]$", ["x"], notMatching: [" "])
        assertMatches("^[]$", [], notMatching: ["", "a"])
        assertMatches("^[^]$", ["a", "\n"], notMatching: [""])
    }

    func testQuantifiers() {
        assertMatches("^a{2}$", ["aa"], notMatching: ["a", "aaa"])
        assertMatches("^a{2,}$", ["aa", "aaaa"], notMatching: ["a"])
        assertMatches("^a{1,3}$", ["a", "aaa"], notMatching: ["", "aaaa"])
        assertMatches("^a{0,2}?b*?c+?$", ["c", "aabcc"], notMatching: ["aaac"])
        assertMatches("^(ab)*$", ["", "abab"], notMatching: ["aba"])
        assertMatches("^(?:a|bc)+$", ["abca"], notMatching: ["abd"])
        assertMatches("^(a*)*$", ["", "aaaa"], notMatching: ["ab"])
    }

    func testAlternationGroupsAndNamedGroups() {
        assertMatches("^(?:cat|dog)s?$", ["cat", "dogs"], notMatching: ["cow"])
        assertMatches("^(?<major>0|[1-9][0-9]*)$", ["0", "12"], notMatching: ["01"])
        assertMatches("a|^b", ["xa", "b"], notMatching: ["xb"])
    }

    func testLookaheadAndWordBoundaries() {
        assertMatches("^(?=.*\\d)[a-z0-9]+$", ["abc1"], notMatching: ["abc"])
        assertMatches("^(?!www\\.)[a-z.]+$", ["example.com"], notMatching: ["www.example.com"])
        assertMatches("\\bcat\\b", ["a cat", "cat"], notMatching: ["concat", "cats"])
        assertMatches("\\Bcat", ["concat"], notMatching: ["cat"])
    }

    func testEscapes() {
        assertMatches("^\\^\\$\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/\\\\$", ["^$.*+?()[]{}|/\\"])
        assertMatches("^\\t\\n\\r\\f\\v\\0\\cJ$", ["\t\n\r\u{C}\u{B}\u{0}\n"])
    }

    func testTheSchemasPatterns() {
        let version = "^v?(0|[1-9][0-9]*)(\\.(0|[1-9][0-9]*)){0,2}(-(0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)(\\.(0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*))*)?(\\+[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?$"
        assertMatches(version, ["1", "1.2", "v1.2.3", "1.0.0-alpha.1", "1.0.0-x-y-z.--", "2.0.0-rc.1+build.1"],
                      notMatching: ["01.2", "1.2.3.4", "1.0.0-01", "1.0.0-", "V1.2.3", " 1.0.0", "1.0.0+build+2"])
        assertMatches("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$", ["#abc", "#A1B2C3", "#A1B2C3D4"],
                      notMatching: ["#ab", "#abcd", "#A1B2C3D", "#GGG"])
        assertMatches("^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$", ["en", "zh-Hans", "es-419", "de-AT"],
                      notMatching: ["english", "e"])
    }

    func testPathologicalPatternsStayLinear() {
        // Exponential for a naive backtracker; here every (instruction, position) state runs once.
        let text = String(repeating: "a", count: 5_000) + "!"
        assertMatches("^(a+)+$", [String(repeating: "a", count: 5_000)], notMatching: [text])
        assertMatches("^(a|a)*$", [], notMatching: [text])
        assertMatches("(x+x+)+y", [], notMatching: [String(repeating: "x", count: 2_000)])
    }

    func testAutomatonAgreesWithTheBacktrackerPastItsStateLimit() throws {
        // The automaton of "an 'a' eleven scalars before the end" needs 2^12 states, more than it may make;
        // it gives up and the backtracker answers, so the answers stay right.
        let pattern = "[ab]*a[ab]{11}$"
        let automaton = try ECMARegex(pattern)
        let backtracker = try ECMARegex(pattern, usesAutomaton: false)
        var seed: UInt64 = 7
        var matching = 0
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<40 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(seed >> 62 & 1 == 0 ? "a" : "b")
            }
            let expected = backtracker.matches(text)
            if expected { matching += 1 }
            XCTAssertEqual(automaton.matches(text), expected, text)
        }
        XCTAssertGreaterThan(matching, 50)
        XCTAssertLessThan(matching, 250)
    }

    func testLongTexts() throws {
        let long = String(repeating: "ab", count: 20_000)
        assertMatches("^(ab)+$", [long], notMatching: [long + "a"])
        assertMatches("b$", [long], notMatching: [long + "a"])
        assertMatches("^(?=a)(?!ab{2})[ab]*\\b$", [long], notMatching: ["b" + long])
        assertMatches("ba\\bb|x", [long + "x"], notMatching: [long])
        assertMatches("^[^\\n]*$", [long], notMatching: [long + "\n"])
        assertMatches("ab{2,3}", [long + "bb"], notMatching: [long])
        let regex = try ECMARegex("^(a|b)*c")
        let veryLong = String(repeating: "ab", count: 300_000)
        XCTAssertGreaterThan(veryLong.utf8.count * 8, ECMARegex.defaultBacktrackingLimit, "the default engine for this text is the Pike VM")
        XCTAssertFalse(regex.matches(veryLong))
        XCTAssertTrue(regex.matches(veryLong + "c"))
    }

    func testUnsupportedOrInvalidSyntaxIsRejectedWithItsPosition() {
        assertRejected("(a)\\1", "backreferences such as '\\1' are not supported", at: 3)
        assertRejected("(?<=a)b", "lookbehind '(?<=' is not supported", at: 0)
        assertRejected("\\p{L}", "Unicode property escapes ('\\p{…}') are not supported", at: 0)
        assertRejected("(?i)a", "'(?' must be followed by ':', '=', '!' or '<name>'; modifiers such as '(?i)' are not ECMA-262 patterns", at: 0)
        assertRejected("a{2", "a lone '{' is not allowed; write '\\{' for the character", at: 1)
        assertRejected("a}", "a lone '}' is not allowed; write '\\}' for the character", at: 1)
        assertRejected("a]", "a lone ']' is not allowed; write '\\]' for the character", at: 1)
        assertRejected("*a", "nothing to repeat before '*'", at: 0)
        assertRejected("a{3,2}", "the quantifier {3,2} has its numbers out of order", at: 1)
        assertRejected("(ab", "missing ')' for the group opened here", at: 0)
        assertRejected("ab)", "unmatched ')'", at: 2)
        assertRejected("[ab", "missing ']' for the class opened here", at: 0)
        assertRejected("[z-a]", "the class range is out of order", at: 1)
        assertRejected("[\\d-z]", "a class range cannot start or end with '\\d', '\\s' or '\\w'", at: 1)
        assertRejected("\\A", "unknown escape '\\A'", at: 0)
        assertRejected("\\z", "unknown escape '\\z'", at: 0)
        assertRejected("^*", "an assertion cannot be repeated", at: 0)
        assertRejected("a\\", "the pattern ends with a lone '\\'", at: 1)
        assertRejected("a{1001}", "repetition counts above 1000 are not supported", at: 1)
        assertRejected("\\u{110000}", "'\\u{…}' is above U+10FFFF", at: 0)
    }
}
