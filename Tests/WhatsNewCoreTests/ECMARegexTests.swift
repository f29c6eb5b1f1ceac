import XCTest
@testable import WhatsNewCore
@testable import JSONSchema

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
        assertRejected("[\\d-z]", "a class range cannot start or end with a class escape such as '\\d', '\\w' or '\\p{…}'", at: 1)
        assertRejected("\\A", "unknown escape '\\A'", at: 0)
        assertRejected("\\z", "unknown escape '\\z'", at: 0)
        assertRejected("^*", "an assertion cannot be repeated", at: 0)
        assertRejected("a\\", "the pattern ends with a lone '\\'", at: 1)
        assertRejected("a{1001}", "repetition counts above 1000 are not supported", at: 1)
        assertRejected("\\u{110000}", "'\\u{…}' is above U+10FFFF", at: 0)
    }

    // MARK: Unicode property escapes

    func testGeneralCategoryByLongAndShortNames() {
        for pattern in ["^\\p{L}+$", "^\\p{Letter}+$", "^\\p{gc=L}+$", "^\\p{General_Category=Letter}+$"] {
            assertMatches(pattern, ["Hello", "π", "новый", "新功能", "ǅ"], notMatching: ["123", "a1", "", "_", "a b"])
        }
        assertMatches("^\\p{Lu}$", ["A", "Ω", "Ж"], notMatching: ["a", "ω", "1"])
        assertMatches("^\\p{gc=Uppercase_Letter}$", ["A"], notMatching: ["a"])
        assertMatches("^\\p{LC}$", ["a", "A", "ǅ"], notMatching: ["新", "ʰ"])
        assertMatches("^\\p{Nd}+$", ["0123", "٣٤", "१२"], notMatching: ["Ⅻ", "½", "x"])
        assertMatches("^\\p{digit}+$", ["٣"], notMatching: ["x"])
        assertMatches("^\\p{N}+$", ["1Ⅻ½"], notMatching: ["x"])
        assertMatches("^\\p{Mn}$", ["\u{301}"], notMatching: ["a"])
        assertMatches("^\\p{Combining_Mark}$", ["\u{301}", "\u{903}"], notMatching: ["a"])
        assertMatches("^\\p{P}+$", ["!?,.-«»"], notMatching: ["+"])
        assertMatches("^\\p{punct}$", ["!"], notMatching: ["+"])
        assertMatches("^\\p{Sm}$", ["+", "∑"], notMatching: ["!"])
        assertMatches("^\\p{Zs}$", [" ", "\u{3000}", "\u{A0}"], notMatching: ["\t", "\n"])
        assertMatches("^\\p{Cc}$", ["\t", "\u{7F}"], notMatching: [" "])
        assertMatches("^\\p{Co}$", ["\u{E000}", "\u{10FFFD}"], notMatching: ["a"])
        assertMatches("^\\p{Cn}$", ["\u{378}", "\u{50000}"], notMatching: ["a", "\u{E000}"])
        assertMatches("^\\p{C}$", ["\u{378}", "\t", "\u{E000}", "\u{200B}"], notMatching: ["a"])
    }

    func testNegatedPropertyEscapes() {
        assertMatches("^\\P{L}+$", ["123", "_ !", "😀"], notMatching: ["a", "1a", "π"])
        assertMatches("^\\P{gc=Nd}$", ["x"], notMatching: ["٣"])
        assertMatches("^\\P{sc=Latin}$", ["π", "1"], notMatching: ["a"])
        assertMatches("^\\P{Any}$", [], notMatching: ["a", "😀", ""])
    }

    func testScriptsAndScriptExtensions() {
        for pattern in ["^\\p{Script=Greek}+$", "^\\p{sc=Grek}+$", "^\\p{Script=Grek}+$", "^\\p{sc=Greek}+$"] {
            assertMatches(pattern, ["αβγ", "Ω", "ϰ", "\u{1F00}"], notMatching: ["a", "ж", "1", "α1", "\u{342}"])
        }
        assertMatches("^\\p{sc=Latin}+$", ["abc", "ÉÅ", "ﬀ"], notMatching: ["1", "π"])
        assertMatches("^\\p{sc=Han}+$", ["新功能"], notMatching: ["新a", "あ"])
        assertMatches("^\\p{sc=Common}+$", ["1 !", "😀"], notMatching: ["a"])
        assertMatches("^\\p{sc=Zinh}$", ["\u{300}"], notMatching: ["a"])
        assertMatches("^\\p{sc=Qaai}$", ["\u{300}"], notMatching: ["a"])
        assertMatches("^\\p{sc=Unknown}$", ["\u{378}", "\u{50000}"], notMatching: ["a", "1", "\u{300}"])
        // U+0342 COMBINING GREEK PERISPOMENI is Inherited, but used with Greek only; U+0660 ARABIC-INDIC
        // DIGIT ZERO is Arabic, used with Thaana too; U+3001 IDEOGRAPHIC COMMA is Common, used with Han and others.
        for pattern in ["^\\p{scx=Grek}$", "^\\p{Script_Extensions=Greek}$"] {
            assertMatches(pattern, ["α", "\u{342}"], notMatching: ["a", "\u{300}"])
        }
        assertMatches("^\\p{scx=Thaa}$", ["\u{660}", "\u{780}"], notMatching: ["a"])
        assertMatches("^\\p{scx=Hani}$", ["\u{3001}", "新"], notMatching: ["a"])
        assertMatches("^\\p{sc=Hani}$", ["新"], notMatching: ["\u{3001}"])
        assertMatches("^\\p{scx=Zinh}$", ["\u{300}"], notMatching: ["\u{342}"])
        assertMatches("^\\p{scx=Zyyy}$", ["1"], notMatching: ["\u{3001}"])
    }

    func testBinaryProperties() {
        for pattern in ["^\\p{Alphabetic}+$", "^\\p{Alpha}+$"] {
            assertMatches(pattern, ["abc", "π", "Ⅻ", "\u{345}"], notMatching: ["1", "!", "\u{301}"])
        }
        for pattern in ["^\\p{White_Space}$", "^\\p{space}$"] {
            assertMatches(pattern, [" ", "\t", "\n", "\u{85}", "\u{3000}"], notMatching: ["a", "\u{200B}", "\u{FEFF}"])
        }
        assertMatches("^\\p{Any}$", ["a", "😀", "\u{10FFFF}"], notMatching: [""])
        assertMatches("^\\p{ASCII}+$", ["a~\u{0}\u{7F}"], notMatching: ["é"])
        assertMatches("^\\p{Assigned}$", ["a", "\u{E000}"], notMatching: ["\u{378}", "\u{50000}"])
        assertMatches("^\\p{Uppercase}$", ["A", "Ⓐ"], notMatching: ["a"])
        assertMatches("^\\p{Lower}$", ["a", "ª"], notMatching: ["A"])
        assertMatches("^\\p{Emoji}$", ["😀", "#", "1"], notMatching: ["a"])
        assertMatches("^\\p{Emoji_Presentation}$", ["😀"], notMatching: ["#"])
        assertMatches("^\\p{ExtPict}$", ["😀", "©"], notMatching: ["#"])
        assertMatches("^\\p{EComp}$", ["#", "\u{1F3FB}", "\u{200D}"], notMatching: ["😀"])
        assertMatches("^\\p{RI}{2}$", ["🇫🇷"], notMatching: ["FR"])
        assertMatches("^\\p{Hex}+$", ["09afAF", "ＡＦ"], notMatching: ["g"])
        assertMatches("^\\p{AHex}+$", ["09afAF"], notMatching: ["ＡＦ"])
        assertMatches("^\\p{ID_Start}\\p{ID_Continue}*$", ["a1", "π_"], notMatching: ["1a"])
        assertMatches("^\\p{NChar}$", ["\u{FFFF}", "\u{10FFFE}"], notMatching: ["a"])
        assertMatches("^\\p{CWKCF}$", ["A", "\u{AD}"], notMatching: ["a"])
    }

    func testPropertyEscapesInClasses() {
        assertMatches("^[\\p{L}\\d]+$", ["π1", "abc", "12"], notMatching: ["٣", "_", "a b"])
        assertMatches("^[\\p{Lu}\\p{Nd}_-]+$", ["A٣_-"], notMatching: ["a"])
        assertMatches("^[^\\p{L}]+$", ["123", "!"], notMatching: ["a", "1π"])
        assertMatches("^[\\P{L}]+$", ["123"], notMatching: ["a"])
        assertMatches("^[^\\P{L}]+$", ["abc"], notMatching: ["1"])
        assertMatches("^[\\p{sc=Greek}a-c]+$", ["αb"], notMatching: ["d"])
    }

    func testPropertyEscapesStayLinear() {
        let letters = String(repeating: "π", count: 5_000)
        assertMatches("^(\\p{L}+)+$", [letters], notMatching: [letters + "!"])
        assertMatches("^(\\p{L}|\\p{Ll})*$", [letters], notMatching: [letters + "1"])
    }

    func testUnknownOrMalformedPropertyEscapesAreRejectedWithTheirPosition() {
        assertRejected("\\p{Lettr}", "unknown Unicode property 'Lettr'; did you mean 'Letter'?", at: 0)
        assertRejected("x\\p{letter}", "unknown Unicode property 'letter'; did you mean 'Letter'?", at: 1)
        assertRejected("^[a\\P{Alphabetc}]", "unknown Unicode property 'Alphabetc'; did you mean 'Alphabetic'?", at: 3)
        assertRejected("\\p{Klingon}", "unknown Unicode property 'Klingon'", at: 0)
        assertRejected("\\p{Greek}", "'Greek' is a script: write '\\p{Script=Greek}'", at: 0)
        assertRejected("\\p{sc=Greeek}", "unknown sc value 'Greeek'; did you mean 'Greek'?", at: 0)
        assertRejected("\\p{gc=Lx}", "unknown General_Category value 'Lx'; did you mean 'L'?", at: 0)
        assertRejected("\\p{Scrip=Greek}", "unknown Unicode property 'Scrip'; did you mean 'Script'? ('\\p{name=value}' takes General_Category, Script or Script_Extensions)", at: 0)
        assertRejected("\\p{Alpha=Yes}", "the binary property 'Alpha' takes no value: write '\\p{Alpha}'", at: 0)
        assertRejected("\\p{sc=}", "expected a property and its value, such as '\\p{Script=Greek}', found '\\p{sc=}'", at: 0)
        assertRejected("\\p{}", "'\\p{}' names no property; write one such as '\\p{Letter}'", at: 0)
        assertRejected("\\pL", "'\\p' must be followed by a property in braces, such as '\\p{Letter}'", at: 0)
        assertRejected("a\\P", "'\\P' must be followed by a property in braces, such as '\\P{Letter}'", at: 1)
        assertRejected("\\p{L", "missing '}' for the '\\p{' opened here", at: 0)
        assertRejected("\\p{L u}", "'\\p{…}' takes letters, digits, '_' and one '=', found ' '", at: 4)
        assertRejected("[\\p{L}-z]", "a class range cannot start or end with a class escape such as '\\d', '\\w' or '\\p{…}'", at: 1)
    }

    func testManyDifferentPropertyClassesAreRejectedBeforeTheyTakeMuchMemory() throws {
        // Each `[\p{L}X]` (X a private-use scalar, next to no letter) holds the letters' bounds and two more;
        // the class that takes the pattern past `maxSetBounds` is rejected, where it starts.
        let letterBounds = try UnicodeProperty.set(for: "L").bounds.count
        let allowed = ECMARegexParser.maxSetBounds / (letterBounds + 2)
        let pattern = (0...allowed).map { "[\\p{L}\(Character(Unicode.Scalar(0xE000 + UInt32($0))!))]" }.joined()
        assertRejected(pattern, "the pattern's character classes are too large together; expected fewer different classes with '\\p{…}'",
                       at: 8 * allowed)
        XCTAssertNoThrow(try ECMARegex(String(pattern.unicodeScalars.prefix(8 * allowed))))
        // The same class again is shared, not counted again.
        let repeated = try ECMARegex("^" + String(repeating: "[\\p{L}\\d]", count: 2 * allowed))
        XCTAssertFalse(repeated.matches("π1"))
    }

    func testThePropertyTablesAreOfTheUnicodeVersionOfTheGeneralCategory() {
        // `\p{L}` (utf8proc) and `\p{Alphabetic}` or `\p{sc=Latin}` (the generated tables) must agree on what
        // a letter is: regenerate the tables (Scripts/generate-unicode-scripts.py) when utf8proc moves on.
        XCTAssertEqual(UnicodePropertyData.unicodeVersion, UnicodeProperty.generalCategoryUnicodeVersion)
    }
}
