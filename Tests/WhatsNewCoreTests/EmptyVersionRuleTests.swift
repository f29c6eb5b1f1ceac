import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewReader
@testable import WhatsNewRender

/// `empty-version`: a released version with `features: []` is a warning at its `features` key and value; an
/// unreleased one (the next release's notes to come) is not; and the outputs of an empty version stay well-formed.
final class EmptyVersionRuleTests: XCTestCase {
    /// The diagnostics of `marked` with its `«` and `»` taken out, and the ranges the marks enclosed
    /// (`line:column-line:column`, 1-based).
    private func check(_ marked: String) -> (found: [Diagnostic], expected: [String]) {
        var text = "", expected: [String] = []
        var line = 1, column = 1
        var start = ""
        for character in marked {
            switch character {
            case "«": start = "\(line):\(column)"
            case "»": expected.append("\(start)-\(line):\(column)")
            default:
                text.append(character)
                if character == "\n" { (line, column) = (line + 1, 1) } else { column += character.unicodeScalars.count }
            }
        }
        return (RuleTesting.diagnostics(of: EmptyVersionRule(), in: text), expected)
    }

    private func ranges(_ found: [Diagnostic]) -> [String] {
        found.map { diagnostic in
            guard let range = diagnostic.range else { return "nowhere" }
            return "\(range.start.line):\(range.start.column)-\(range.end.line):\(range.end.column)"
        }
    }

    func testAReleasedVersionWithoutFeaturesIsAWarningAtItsFeatures() {
        let (found, expected) = check("""
        versions:
          - version: 1.2.0
            «features: []»
          - { version: 1.1.0, date: 2026-10-01, «features: [ ]» }
          - version: 1.0.0
            features:
              - title: Offline maps

        """)
        XCTAssertEqual(found.map(\.code), ["empty-version", "empty-version"])
        XCTAssertEqual(found.map(\.severity), [.warning, .warning])
        XCTAssertEqual(ranges(found), expected)
        XCTAssertEqual(found.first?.message, "version 1.2.0 has no features; expected at least one in 'features', found an empty list")
        XCTAssertEqual(found.first?.fix,
                       "add a feature, or remove the version; mark it 'unreleased: true' if it holds the next release's notes to come")
    }

    func testAnUnreleasedPlaceholderAndVersionsWithFeaturesAreFine() {
        let (found, _) = check("""
        versions:
          - { version: 1.3.0, unreleased: true, features: [] }
          - { version: 1.2.0, features: [{ title: Sync }] }

        """)
        XCTAssertEqual(found.map(\.code), [])
    }

    func testFeaturesMissingOrOfTheWrongTypeAreNotReportedTwice() {
        // Each is an error of its own, which decoding reports; the rule adds nothing.
        let cases = ["versions:\n  - { version: 1.0.0 }\n": "missing-key", "versions:\n  - { version: 1.0.0, features: none }\n": "type-mismatch",
                     "versions:\n  - { version: 1.0.0, features: [3] }\n": "type-mismatch"]
        for (text, code) in cases {
            XCTAssertEqual(check(text).found.map(\.code), [code], text)
        }
    }

    /// The notes of `text`, every version selected.
    private func notes(_ text: String) -> ReleaseNotes {
        let file = SourceFile(name: "test.yaml", text: text)
        var decoder = ManifestDecoder(engine: DiagnosticEngine())
        if let root = YAMLParser.parse(file, format: YAMLInputFormat(fileName: "test.yaml")).root { decoder.addInput(root, file: file) }
        return ReleaseNotes(decoder.finish(firstFile: file))
    }

    func testTheMarkdownOfAnEmptyVersionIsItsHeadingAlone() {
        let empty = notes("versions:\n  - { version: 1.1.0, features: [] }\n  - { version: 1.0.0, features: [{ title: Maps }] }\n")
        XCTAssertEqual(MarkdownEmitter().emit(empty), "# Release notes\n\n## 1.1.0 — What's New\n\n## 1.0.0 — What's New\n\n- **Maps**\n")
        let last = notes("versions:\n  - { version: 1.0.0, features: [] }\n")
        XCTAssertEqual(MarkdownEmitter().emit(last), "# Release notes\n\n## 1.0.0 — What's New\n")
        XCTAssertFalse(KeepAChangelogEmitter().emit(empty).contains("\n\n\n"))
    }
}
