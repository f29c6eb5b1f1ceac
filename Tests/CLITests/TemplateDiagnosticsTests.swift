import Foundation
import TestSupport
import XCTest

/// `--template` diagnostics (issue 17, item 7): a Mustache syntax error is said in words with its fix (it was
/// swift-mustache's enum case, `sectionCloseNameIncorrect`), and a variable the notes do not have where it is
/// used is a warning naming it and the variables there (it rendered as nothing, silently).
final class TemplateDiagnosticsTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let manifest = Paths.fixtures.appendingPathComponent("notes.yaml").path

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("template")
    }

    override func tearDown() {
        directory = nil
    }

    private func compile(template: String, _ arguments: [String] = []) throws -> CommandResult {
        try directory.write("t.mustache", template)
        return try CommandRunner.run(["compile", manifest, "--template", "t.mustache", "--color", "never"] + arguments, in: directory.url)
    }

    func testASectionClosedWithAnotherNameIsSaidInWords() throws {
        let result = try compile(template: "{{#versions}}\n{{version}}\n{{/version}}\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            t.mustache:3:4: error: invalid Mustache template: '{{/version}}' closes a section that is not the one open; expected \
            '{{/versions}}', the close of '{{#versions}}' (opened at 1:1) [invalid-template]
              |
            3 | {{/version}}
              |    ^
               = fix: close 'versions' with '{{/versions}}' first, or correct the name
            1 error generated.

            """)
    }

    /// A template larger than `--max-input-bytes` is refused as an input of that size is, at its start; it was
    /// read to the limit and one byte, and that part rendered as if it were the whole template.
    func testATemplateLargerThanTheInputLimitIsRefused() throws {
        let template = "{{#versions}}{{version}}{{/versions}}|" + String(repeating: "x", count: 200) + "|END\n"
        try directory.write("tips.yaml", "versions:\n  - { version: 1.0.0, features: [{ title: A, subtitle: a }] }\ntips:\n  - { id: t, title: T, message: M }\n")
        try directory.write("t.mustache", template)
        for command in [["compile", "tips.yaml", "--template", "t.mustache"],
                        ["tip", "show", "tips.yaml", "--tip", "t", "--template", "t.mustache", "--no-tty-check", "--dry-run",
                         "--state-file", directory.path("state/s.json")]] {
            let result = try CommandRunner.run(command + ["--max-input-bytes", "150", "--color", "never"], in: directory.url,
                                               environment: ["XDG_STATE_HOME": directory.path("home"), "WHATSNEW_TIPS_SESSION": "test"])
            XCTAssertEqual(result.status, 1, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(command)")
            XCTAssertTrue(result.stderr.hasPrefix("""
                t.mustache:1:1: error: the template is \(template.utf8.count) bytes; expected at most 150 bytes, the input size limit \
                [input-too-large]
                  |
                1 | {{#versions}}{{version}}{{/versions}}|
                """), "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasSuffix("""
                   = fix: raise the limit with --max-input-bytes \(template.utf8.count) or more
                1 error generated.

                """), "\(command): \(result.stderr)")
        }
    }

    func testEverySyntaxErrorIsSaidInWordsWithAFix() throws {
        let cases: [(template: String, says: String)] = [
            ("{{#a}}{{#b}}x{{/b}}", "the section '{{#a}}' opened at 1:1 is never closed; expected '{{/a}}' before the end of the template"),
            ("{{/a}}", "'{{/a}}' closes a section that is not open; expected a '{{#a}}' or '{{^a}}' before it"),
            ("{{a b}}", "a tag is not finished; expected a name of letters, digits"),
            ("{{=<% %>}}", "invalid set-delimiter tag; expected two delimiters"),
            ("{{$f(x)}}{{/f(x)}}", "a block ('{{$name}}') cannot take a transform"),
            ("{{<parent}}{{x}}{{/parent}}", "inside a parent ('{{<name}}' … '{{/name}}') only blocks"),
            ("{{% FOO: bar }}", "unknown pragma; expected '{{% CONTENT_TYPE: HTML }}' or '{{% CONTENT_TYPE: TEXT }}'"),
            ("{{%x}}", "invalid pragma; expected '{{% NAME: VALUE }}'"),
            ("{{! a comment never closed", "the template ends inside a tag or comment; expected '}}' to close it"),
        ]
        for (template, says) in cases {
            let result = try compile(template: template)
            XCTAssertEqual(result.status, 1, template)
            XCTAssertTrue(result.stderr.contains("error: invalid Mustache template: " + says), "\(template): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("   = fix: "), "\(template): \(result.stderr)")
            for raw in ["Incorrect", "unfinishedName", "expectedSectionEnd", "invalidSetDelimiter", "InheritanceSection", "InheritSection",
                        "ConfigVariable", "overflow"] {
                XCTAssertFalse(result.stderr.contains(raw), "\(template): \(result.stderr)")
            }
        }
    }

    func testAnUnknownVariableIsAWarningNamingTheVariablesThere() throws {
        let result = try compile(template: "{{#versions}}{{version}} {{titel}} {{title.htlm}}{{#secondaryAction}}{{url}}{{/secondaryAction}}\n{{/versions}}"
                                 + "{{app.name}}{{nope}}\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("1.3.0"), "the rest renders")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        XCTAssertEqual(warnings.count, 3, result.stderr)
        XCTAssertEqual(warnings.first.map(String.init), """
            t.mustache:1:28: warning: unknown template variable 'titel', which renders as nothing; did you mean 'title'? expected a variable \
            of 'versions' (anchor, date, dateHTML, displayVersion, features, hasDate, hasFeatures, hasMarkdownFooter, isPrerelease, \
            markdownFollowsBlock, markdownFooter, markdownHeading, permalinkLabel, primaryAction, secondaryAction, showsIndexTitle, \
            showsIndexTitleText, title, titleLang, titleStyle, version) or of the top level (app, css, feeds, hasMarkdownTitle, \
            hasNoVersions, hasSeveralVersions, lang, markdownTitle, title, versionCount, versions, words, wordsLang) [unknown-template-variable]
            """)
        XCTAssertTrue(result.stderr.contains("""
            t.mustache:1:38: warning: unknown template variable 'htlm' in 'title.htlm', which renders as nothing; did you mean 'html'? \
            expected a variable of 'versions.title' (html, linkedHTML, markdown, plain) [unknown-template-variable]
            """), result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: unknown template variable 'nope', which renders as nothing; expected a variable of "
                                             + "the top level ("), result.stderr)
        XCTAssertTrue(result.stderr.contains("   = fix: use one of the variables listed, or remove the tag"), result.stderr)
        XCTAssertFalse(result.stderr.contains("'url'"), "a version without a link has no url, but others do")
        XCTAssertFalse(result.stderr.contains("'secondaryAction'"), "a version without a secondary action")

        try directory.write("out.md", "old")
        let strict = try compile(template: "{{nope}}", ["--strict", "-o", "out.md"])
        XCTAssertEqual(strict.status, 1, "--strict makes the warning an error")
        XCTAssertEqual(try directory.read("out.md"), "old", "and nothing is written")
    }
}
