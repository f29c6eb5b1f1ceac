import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewReader

/// Each tip rule with an input that triggers it (at the expected position) and one that does not.
final class TipRuleTests: XCTestCase {
    private let head = "versions:\n  - { version: 1.0.0, features: [] }\n"

    private func diagnostics(_ rule: any ManifestRule, _ tail: String) -> [Diagnostic] {
        RuleTesting.diagnostics(of: rule, in: head + tail)
    }

    /// Line and column (1-based) of the first diagnostic.
    private func position(_ found: [Diagnostic]) -> String? {
        found.first?.range.map { "\($0.start.line):\($0.start.column)" }
    }

    private func decodingDiagnostics(_ tail: String) -> [Diagnostic] {
        let engine = DiagnosticEngine()
        let file = SourceFile(name: "test.yaml", text: head + tail)
        guard let root = YAMLParser.parse(file, format: YAMLInputFormat(fileName: "test.yaml")).root else { return [] }
        var decoder = ManifestDecoder(engine: engine)
        decoder.addInput(root, file: file)
        _ = decoder.finish(firstFile: file)
        return engine.diagnostics
    }

    func testUnknownTipInAGroupIsReportedWithASuggestion() {
        let found = diagnostics(UnknownTipRule(), "tips: [{ id: rotate-map, title: R }]\ntipGroups: [{ id: g, tips: [rotate-mpa] }]\n")
        XCTAssertEqual(found.map(\.code), ["unknown-tip"])
        XCTAssertEqual(found.first?.message, "tip group 'g' names the unknown tip 'rotate-mpa'; did you mean 'rotate-map'?")
        XCTAssertEqual(position(found), "4:29")
        XCTAssertEqual(diagnostics(UnknownTipRule(), "tips: [{ id: rotate-map, title: R }]\ntipGroups: [{ id: g, tips: [rotate-map] }]\n").count, 0)
    }

    func testATipTwiceInAGroupIsReported() {
        let tail = "tips: [{ id: a, title: A }, { id: b, title: B }]\ntipGroups: [{ id: g, tips: [a, b, a] }]\n"
        let found = diagnostics(DuplicateGroupTipRule(), tail)
        XCTAssertEqual(found.map(\.code), ["duplicate-group-tip"])
        XCTAssertEqual(position(found), "4:35")
        XCTAssertEqual(found.first?.notes.count, 1)
        XCTAssertEqual(diagnostics(DuplicateGroupTipRule(), tail.replacingOccurrences(of: "a, b, a", with: "a, b")).count, 0)
    }

    func testDuplicateTipAndGroupIDsAreReported() {
        let found = diagnostics(DuplicateTipIDRule(), "tips: [{ id: a, title: A }, { id: a, title: B }]\ntipGroups: [{ id: g, tips: [a] }, { id: g, tips: [a] }]\n")
        XCTAssertEqual(found.map(\.code), ["duplicate-tip-id", "duplicate-tip-id"])
        XCTAssertEqual(found.map(\.message), ["duplicate tip id 'a'; expected each tip id once in the manifest",
                                              "duplicate tip group id 'g'; expected each tip group id once in the manifest"])
        XCTAssertEqual(position(found), "3:35")
        XCTAssertEqual(diagnostics(DuplicateTipIDRule(), "tips: [{ id: a, title: A }, { id: b, title: B }]\n").count, 0)
    }

    func testPlaceholdersNoValueCanFillAreReportedWhereTheyAre() {
        let found = diagnostics(InvalidPlaceholderRule(), "tips:\n  - id: \"new-{{trail}}\"\n    title: \"{{ trail name }} is open\"\n")
        XCTAssertEqual(found.map(\.code), ["invalid-placeholder"])
        XCTAssertEqual(found.first?.message,
                       "'{{ trail name }}' in the title of tip 'new-{{trail}}' holds no placeholder name, so no --with can fill it; did you mean '{{trail}}'?")
        XCTAssertEqual(position(found), "5:13")
        let unclosed = diagnostics(InvalidPlaceholderRule(), "tips: [{ id: \"x-{{trail\", title: T }]\n")
        XCTAssertEqual(unclosed.first?.message.contains("is not closed with '}}'"), true)
        let inLink = diagnostics(InvalidPlaceholderRule(),
                                 "tips: [{ id: x, title: T, actions: [{ id: d, title: D, openURL: \"https://example.com/{{trail}}\" }] }]\n")
        XCTAssertEqual(inLink.map(\.code), ["invalid-placeholder"])
        XCTAssertEqual(inLink.first?.message.contains("would never be filled"), true)
        // Placeholders outside the id are filled by --with too (as in docs/tips.md's reusable tip).
        let fine = "tips:\n  - id: \"new-trail-{{trail}}\"\n    title: \"{{trail}} is now available\"\n"
            + "    rules: [{ event: \"visited-{{region}}\", count: { atLeast: 4 } }]\n"
        XCTAssertEqual(diagnostics(InvalidPlaceholderRule(), fine).count, 0)
    }

    func testRulesNoAppCanMakeHoldAreReported() {
        let cases: [(String, String)] = [
            ("{ event: \"sync finished\" }", "no app can donate the event 'sync finished': it contains U+0020; expected letters, digits and _ . - : /"),
            ("{ parameter: loggedIn, equals: \"true\" }", "'tip param loggedIn true' sets a boolean, never the string 'true'"),
            ("{ parameter: runs, equals: on, gt: 3 }", "'runs' is compared as a number and must equal a string at once"),
            ("{ parameter: runs, gt: 5, lt: 3 }", "no number is < 3 and > 5"),
            ("{ event: e, count: { atLeast: 5, atMost: 2 } }", "no number of donations of 'e' is at least 5 and at most 2"),
            ("{ event: e, count: { atLeast: 1001 } }", "it needs 1001 donations of 'e', and only the latest 1000 of an event are kept"),
        ]
        for (rule, message) in cases {
            let found = diagnostics(UnsatisfiableTipRuleRule(), "tips: [{ id: t, title: T, rules: [\(rule)] }]\n")
            XCTAssertEqual(found.map(\.code), ["unsatisfiable-tip-rule"], rule)
            XCTAssertEqual(found.first?.message, "a rule of tip 't' can never hold: " + message, rule)
        }
        let fine = "tips: [{ id: t, title: T, rules: [{ event: sync.finished, count: { atLeast: 3 }, within: 7d }, "
            + "{ parameter: loggedIn, equals: true }, { parameter: runs, ge: 3, lt: 10 }, { parameter: plan, equals: pro }] }]\n"
        XCTAssertEqual(diagnostics(UnsatisfiableTipRuleRule(), fine).count, 0)
    }

    func testInvalidDurationsAreReportedWithASuggestion() {
        let found = decodingDiagnostics("tips: [{ id: t, title: T, rules: [{ event: e, within: 7 days }] }]\n")
        XCTAssertEqual(found.map(\.code), ["invalid-duration"])
        XCTAssertEqual(found.first?.message,
                       "expected a duration such as '30m', '12h', '7d' or '2w' for 'tips[0].rules[0].within', found '7 days'; did you mean '7d'?")
        XCTAssertEqual(position(found), "3:55")
        for good in ["30m", "12h", "7d", "2w"] {
            XCTAssertEqual(decodingDiagnostics("tips: [{ id: t, title: T, rules: [{ event: e, within: \(good) }] }]\n").count, 0, good)
        }
        XCTAssertEqual(TipDuration.suggestion(for: "7D"), "7d")
        XCTAssertEqual(TipDuration.suggestion(for: "1 month"), "4w")
        XCTAssertNil(TipDuration.suggestion(for: "30s"))
        XCTAssertNil(TipDuration("07d"))
        XCTAssertEqual(TipDuration("2w")?.milliseconds, 14 * 86_400_000)
    }

    func testTipImagesJoinTheReferenceRules() {
        let tail = "images: { bolt: { systemName: bolt.fill } }\ntips: [{ id: t, title: T, image: blot }]\n"
        let found = diagnostics(UnresolvedReferenceRule(), tail)
        XCTAssertEqual(found.map(\.message), ["unknown image 'blot'; did you mean 'bolt'?"])
        XCTAssertEqual(diagnostics(UnusedReferenceRule(), tail.replacingOccurrences(of: "blot", with: "bolt")).count, 0)
        let link = diagnostics(InvalidURLRule(), "tips: [{ id: t, title: T, actions: [{ id: d, title: D, openURL: \"javascript:alert(1)\" }] }]\n")
        XCTAssertEqual(link.map(\.code), ["invalid-url"])
    }
}
