import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import JSONSchema

/// What schema failures say and where: codes, messages, positions, JSON Pointers, and the choice of the
/// closest `anyOf`/`oneOf` alternative.
final class SchemaDiagnosticsTests: XCTestCase {
    private let minimalVersion = "versions:\n  - version: 1.0.0\n    features:\n      - title: T\n        subtitle: S\n"

    private func summary(_ instance: String, _ validator: SchemaValidator = .builtin, name: String = "input.yaml",
                         file: StaticString = #filePath, line: UInt = #line) -> String {
        SchemaTesting.summary(SchemaTesting.diagnostics(instance, validator, name: name, file: file, line: line))
    }

    func testTheFixturesManifestIsValid() {
        XCTAssertEqual(summary(minimalVersion), "")
    }

    func testUnknownKeyIsReportedAtTheKeyWithASuggestion() {
        let diagnostics = SchemaTesting.diagnostics(minimalVersion + "        subtilte: x\napp: {idd: x, foo: 1}\n")
        XCTAssertEqual(SchemaTesting.summary(diagnostics), """
        6:9 schema-additionalProperties unknown key 'subtilte' in item 1 of 'features'; did you mean 'subtitle'?
        7:7 schema-additionalProperties unknown key 'idd' in 'app'; did you mean 'id'?
        7:15 schema-additionalProperties unknown key 'foo' in 'app'; expected 'id', 'name', 'url', 'icon', 'repository' or 'tagPrefix'
        """)
        XCTAssertEqual(diagnostics.map(\.path), ["/versions/0/features/0/subtilte", "/app/idd", "/app/foo"])
        XCTAssertEqual(diagnostics[0].range?.end.column, 17, "the range covers the key")
        XCTAssertTrue(diagnostics.allSatisfy { $0.severity == .error })
    }

    func testMissingRequiredKeyIsReportedAtTheMappingNamingTheKey() {
        let diagnostics = SchemaTesting.diagnostics("app:\n  name: Trails\n")
        XCTAssertEqual(SchemaTesting.summary(diagnostics), "1:1 schema-required missing required key 'versions' in the document")
        XCTAssertEqual(diagnostics.first?.path, "")
        XCTAssertEqual(summary("versions:\n  - version: 1.0.0\n    features:\n      - subtitle: S\n"),
                       "4:9 schema-required missing required key 'title' in item 1 of 'features'")
    }

    func testWrongTypesSayWhatWasExpectedAndFound() {
        XCTAssertEqual(summary("app: Trails\n" + minimalVersion),
                       "1:6 schema-type expected a mapping for 'app', found a string 'Trails'")
        XCTAssertEqual(summary("versions: {}\n"), "1:11 schema-type expected a sequence for 'versions', found a mapping")
        XCTAssertEqual(summary("~\n"), "1:1 schema-type expected a mapping for the document, found null")
    }

    func testEnumAndPatternMessages() {
        let text = minimalVersion + "        platforms: [iOS]\n        id: Offline Maps\n"
        let diagnostics = SchemaTesting.diagnostics(text)
        XCTAssertEqual(SchemaTesting.summary(diagnostics), """
        6:21 schema-enum expected one of 'ios', 'ipados', 'macos', 'tvos', 'watchos', 'visionos', 'linux', 'windows', 'android' or 'web' for item 1 of 'platforms', found 'iOS'; did you mean 'ios'?
        7:13 schema-pattern expected a feature identifier for 'id', found 'Offline Maps'
        """)
        XCTAssertEqual(diagnostics[1].notes.map(\.message), ["a feature identifier matches the pattern '^[a-z0-9][a-z0-9-]*$'"])
        XCTAssertEqual(diagnostics[0].path, "/versions/0/features/0/platforms/0")
    }

    func testDuplicateItemPointsAtTheFirstOccurrence() {
        let diagnostics = SchemaTesting.diagnostics(minimalVersion + "        platforms: [ios, macos, ios]\n")
        XCTAssertEqual(SchemaTesting.summary(diagnostics),
                       "6:33 schema-uniqueItems duplicate item 'ios' in 'platforms'; expected each item once")
        XCTAssertEqual(diagnostics.first?.notes.first?.message, "item 1 is the same")
        XCTAssertEqual(diagnostics.first?.notes.first?.range?.start.column, 21)
        XCTAssertEqual(diagnostics.first?.path, "/versions/0/features/0/platforms/2")
    }

    func testNumbersAndLengths() {
        let text = minimalVersion + "        image: {emoji: ''}\n    primaryAction:\n      hapticFeedback: {impact: {intensity: 2}}\n"
        XCTAssertEqual(summary(text), """
        6:24 schema-minLength expected at least 1 character for 'emoji', found an empty string
        8:44 schema-maximum expected at most 1 for 'intensity', found '2'
        """)
    }

    func testKeysAreCheckedByPropertyNames() {
        XCTAssertEqual(summary("images:\n  1star: {systemName: star}\n" + minimalVersion),
                       "2:3 schema-propertyNames expected a registry key for a key of 'images', found '1star'")
        XCTAssertEqual(summary(minimalVersion.replacingOccurrences(of: "title: T", with: "title: {english: T}")),
                       "4:17 schema-propertyNames expected a locale for a key of 'title', found 'english'")
    }

    // MARK: Closest alternative

    func testTypeMismatchInEveryAlternativeNamesAllTheTypes() {
        // title: anyOf [anyOf [string, localized mapping], colored mapping]
        XCTAssertEqual(summary(minimalVersion + "    title: [a, b]\n"),
                       "6:12 schema-type expected a string, a number or a mapping for 'title', found a sequence")
    }

    func testAlternativeThatAcceptsTheTypeWins() {
        // hapticFeedback: anyOf [enum ["selection"], {notification}, {impact}] with a string.
        XCTAssertEqual(summary(minimalVersion + "    primaryAction: {hapticFeedback: impact}\n"),
                       "6:37 schema-enum expected 'selection' for 'hapticFeedback', found 'impact'")
        // version: anyOf [version string, number]; a quoted string can only be meant as the former.
        XCTAssertEqual(summary(minimalVersion.replacingOccurrences(of: "1.0.0", with: "'1.2.3.4'")),
                       "2:14 schema-pattern expected a version string for 'version', found '1.2.3.4'")
    }

    func testDeepestAlternativeWins() {
        // title as a localized mapping with a wrong value: the mapping alternative got further.
        XCTAssertEqual(summary(minimalVersion + "    title: {en: [x]}\n"),
                       "6:17 schema-type expected a string or a number for 'en', found a sequence")
        // An inline image with a bad key: the image alternative, not the registry-key one.
        XCTAssertEqual(summary(minimalVersion + "        image: {systemName: star, tint: red}\n"),
                       "6:35 schema-additionalProperties unknown key 'tint' in 'image'; expected 'systemName', 'emoji', 'file', 'foregroundColor', 'renderingMode', 'symbolRenderingMode' or 'alt'")
    }

    func testAlternativesWrongAtTheSameValueAreNamedByTheirTitles() {
        XCTAssertEqual(summary(minimalVersion + "    primaryAction: {backgroundColor: '#12345', foregroundColor: Blue}\n"), """
        6:38 schema-anyOf expected a named color or a hex color for 'backgroundColor', found '#12345'
        6:65 schema-anyOf expected a named color or a hex color for 'foregroundColor', found 'Blue'; did you mean 'blue'?
        """)
    }

    func testOneOfNamesTheKeysThatAreMissingOrTooMany() {
        XCTAssertEqual(summary(minimalVersion + "    secondaryAction: {title: x, openURL: 'https://x.dev', dismiss: true}\n"),
                       "6:22 schema-oneOf expected exactly one of the keys 'openURL', 'present', 'dismiss' or 'custom' in 'secondaryAction', found 'openURL' and 'dismiss'")
        XCTAssertEqual(summary(minimalVersion + "        image: {foregroundColor: red}\n"),
                       "6:16 schema-oneOf expected one of the keys 'systemName', 'emoji' or 'file' in 'image', found none of them")
    }

    func testOneOfWithSeveralMatchesNamesThem() {
        guard let validator = SchemaTesting.validator(#"""
        {"oneOf": [{"title": "Small number", "maximum": 10}, {"title": "Even number", "multipleOf": 2}, {"type": "string"}]}
        """#) else { return }
        XCTAssertEqual(summary("4\n", validator),
                       "1:1 schema-oneOf expected the document to match exactly one of a small number, an even number or alternative 3, found 2 that match: a small number and an even number")
    }

    func testIfThenElseReportsTheBranchErrorsDirectly() {
        // The root schema dispatches with if/then/else; a WhatsNewKit document is checked as one.
        let document = #"{"version": "1.0.0", "title": "t", "features": [], "primaryAction": "continue", "extra": 1}"#
        XCTAssertEqual(summary(document, name: "input.json"), """
        1:1 schema-required missing required key 'secondaryAction' in the document
        1:81 schema-additionalProperties unknown key 'extra' in the document; expected 'version', 'title', 'features', 'primaryAction' or 'secondaryAction'
        """)
        XCTAssertEqual(summary("[]\n"), "1:1 schema-minItems expected at least 1 item in the document, found none")
    }

    func testNotAndFalseSchemas() {
        guard let validator = SchemaTesting.validator(#"""
        {"properties": {"a": {"not": {"required": ["b"]}}, "c": {"not": {"title": "Empty string", "const": ""}}, "d": false}}
        """#) else { return }
        XCTAssertEqual(summary("a: {b: 1}\nc: ''\nd: 1\n", validator), """
        1:4 schema-not unexpected key 'b' in 'a'; expected a mapping without it
        2:4 schema-not expected 'c' not to be an empty string, found an empty string
        3:1 schema-properties key 'd' is not allowed in the document
        """)
    }

    func testFragmentsAreCheckedWithoutRequiringVersions() {
        let fragment = "images:\n  star: {systemName: star.fill}\n"
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics(fragment, role: .fragment)), "")
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics(fragment + "extra: 1\n", role: .fragment)),
                       "3:1 schema-additionalProperties unknown key 'extra' in the document; expected '$schema', 'app', 'defaults', 'images', 'primaryActions', 'secondaryActions', 'stores', 'versions', 'tips' or 'tipGroups'")
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics(fragment, role: .manifest)),
                       "1:1 schema-required missing required key 'versions' in the document")
        XCTAssertEqual(SchemaTesting.summary(SchemaTesting.diagnostics(fragment, role: .refs)), "")
    }

    func testYAMLNumbersMeetTheSchemaAsNumbers() {
        // `1.10` is a YAML float: the schema's number branch accepts it (the model reads its literal text).
        XCTAssertEqual(summary(minimalVersion.replacingOccurrences(of: "1.0.0", with: "1.10")), "")
        XCTAssertEqual(summary(minimalVersion.replacingOccurrences(of: "1.0.0", with: "-1")),
                       "2:14 schema-minimum expected at least 0 for 'version', found '-1'")
        // A text field given a plain number keeps its literal text (a YAML surprise never changes what was
        // written), so the schema accepts numbers there.
        XCTAssertEqual(summary(minimalVersion.replacingOccurrences(of: "title: T", with: "title: 2.0")), "")
        XCTAssertEqual(summary(minimalVersion.replacingOccurrences(of: "title: T", with: "title: true")),
                       "4:16 schema-type expected a string, a number or a mapping for 'title', found a boolean 'true'")
    }

    func testJSONInputPositions() {
        let json = "{\n  \"versions\": [\n    {\"version\": \"1.0.0\", \"features\": [{\"title\": \"T\", \"subtitle\": null}]}\n  ]\n}\n"
        XCTAssertEqual(summary(json, name: "input.json"), "3:66 schema-type expected a string, a number or a mapping for 'subtitle', found null")
    }
}
