import Foundation
import TestSupport
import XCTest

/// The templates in `Templates/` are the built-in Markdown and HTML changelogs: a user who copies one starts
/// from exactly what whatsnew writes.
final class TemplateEquivalenceTests: XCTestCase {
    private let selections: [[String]] = [
        ["notes.yaml"], ["notes.yaml", "--locale", "de"], ["notes.yaml", "--locale", "zh-Hans", "--platform", "ios"],
        ["notes.yaml", "--release", "1.0.0"], ["whatsnewkit/notes.json", "--refs", "whatsnewkit/refs.yaml"], ["hostile/notes.json"],
    ]

    private func assertSame(builtIn: [String], template: String) throws {
        for selection in selections {
            let expected = try CommandRunner.run(["compile"] + selection + builtIn, in: Paths.fixtures)
            let actual = try CommandRunner.run(["compile"] + selection + ["--template", "../Templates/" + template], in: Paths.fixtures)
            XCTAssertEqual(expected.status, 0, expected.stderr)
            XCTAssertEqual(actual.status, 0, actual.stderr)
            XCTAssertEqual(actual.stderr, expected.stderr, "the built-in templates use only variables the notes have")
            XCTAssertEqual(actual.stdout, expected.stdout,
                           "\(template) \(selection):\n" + Golden.lineDiff(expected: expected.stdout, actual: actual.stdout))
        }
    }

    func testMarkdownTemplateIsTheBuiltInMarkdown() throws {
        try assertSame(builtIn: ["--format", "markdown"], template: "CHANGELOG.md.mustache")
    }

    func testHTMLTemplateIsTheBuiltInChangelog() throws {
        try assertSame(builtIn: ["--format", "html", "--page", "changelog"], template: "changelog.html.mustache")
    }
}
