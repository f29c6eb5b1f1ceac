import Foundation
import TestSupport
import XCTest

/// Tips from a manifest nobody vetted (issue 26, items 4–6): terminal escapes written raw through a tip
/// template, a group that took seconds to choose from, and tip images read from outside the manifest's folder.
final class TipAttackTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("tip-attack")
        try directory.mkdir("state", mode: 0o700)
    }

    override func tearDown() {
        directory = nil
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(arguments, in: directory.url,
                              environment: ["XDG_STATE_HOME": directory.path("home"), "WHATSNEW_TIPS_SESSION": "test"])
    }

    // MARK: - Item 4: a tip's texts through a template

    /// An OSC 52 clipboard write, a bell, a C1 CSI and a right-to-left override, in every text of a tip.
    private static let hostile = #"\e]52;c;aGk=\a\u009B2J\u202Etxt.exe"#

    /// A template that writes every value a tip template sees, each in every form.
    private static let everything = """
        {{{id}}}|{{{glyph}}}|{{{glyphColor}}}
        {{#title}}{{{terminal}}}|{{{plain}}}|{{{markdown}}}|{{{html}}}{{/title}}
        {{#message}}{{{terminal}}}|{{{plain}}}|{{{markdown}}}|{{{html}}}{{/message}}
        {{#actions}}{{{id}}}|{{{url}}}|{{#title}}{{{terminal}}}|{{{plain}}}|{{{markdown}}}|{{{html}}}{{/title}}
        {{/actions}}

        """

    func testATipTemplateNeverWritesATipsControlCharactersRaw() throws {
        try directory.write("notes.yaml", """
            versions:
              - { version: 1.0.0, features: [{ title: A, subtitle: a }] }
            tips:
              - id: hostile
                title: "Title \(Self.hostile)"
                message: "Message \(Self.hostile)"
                image: { emoji: "\\e]52;c;aGk=\\a" }
                actions: [{ id: "act\\e[2J", title: "Action \(Self.hostile)", openURL: "https://example.com/a" }]

            """)
        try directory.write("tip.mustache", Self.everything)
        for color in ["never", "always"] {
            let shown = try run(["tip", "show", "notes.yaml", "--tip", "hostile", "--template", "tip.mustache", "--no-tty-check",
                                 "--color", color, "--state-file", directory.path("state/s.json")])
            XCTAssertEqual(shown.status, 0, shown.stderr)
            XCTAssertTrue(shown.stdout.contains("txt.exe"), shown.stdout)
            let scalars = shown.stdout.unicodeScalars.map(\.value)
            XCTAssertFalse(shown.stdout.contains("\u{1B}]52"), "OSC 52 written raw with --color \(color): \(shown.stdout.debugDescription)")
            for (name, raw) in [("BEL", 0x07), ("C1 CSI", 0x9B), ("RLO", 0x202E)] as [(String, UInt32)] {
                XCTAssertFalse(scalars.contains(raw), "\(name) written raw with --color \(color): \(shown.stdout.debugDescription)")
            }
            if color == "never" {
                OutputSafety.assertPlainTerminalText(shown.stdout)
            } else {
                OutputSafety.assertColoredTerminalText(shown.stdout)
            }
        }
    }

    // MARK: - Item 5: a large ordered group

    /// 20,000 tips in one ordered group, the first 10,000 invalidated: `tip show --group` once took time
    /// super-quadratic in the group's size (9 s); it shows tip 10,000, and `tip status` holds the next one
    /// back by it.
    func testALargeOrderedGroupShowsItsFirstTipNotInvalidated() throws {
        let count = 20_000
        var yaml = "versions:\n  - { version: 1.0.0, features: [{ title: A, subtitle: a }] }\ntips:\n"
        for index in 0..<count { yaml += "  - { id: t\(index), title: Tip \(index) }\n" }
        yaml += "tipGroups:\n  - id: g\n    priority: ordered\n    tips: [" + (0..<count).map { "t\($0)" }.joined(separator: ", ") + "]\n"
        try directory.write("notes.yaml", yaml)
        let statuses = (0..<count / 2).map { "\"t\($0)\":{\"invalidated\":\"tipClosed\",\"at\":[1764300000000,0]}" }.joined(separator: ",")
        try directory.write("state/s.json", """
            {"formatVersion":2,"devices":["\(String(repeating: "a", count: 32))"],"presented":{},"statuses":{\(statuses)}}

            """)

        let shown = try run(["tip", "show", "notes.yaml", "--group", "g", "--format", "json", "--dry-run", "--state-file", directory.path("state/s.json")])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("\"id\": \"t10000\""), shown.stdout)

        let status = try run(["tip", "status", "notes.yaml", "--state-file", directory.path("state/s.json")])
        XCTAssertEqual(status.status, 0, status.stderr)
        let rows = status.stdout.split(separator: "\n")
        XCTAssertEqual(rows.count, count + 1)
        XCTAssertTrue(rows.contains { $0.hasPrefix("t10001 ") && $0.hasSuffix("group 'g' is ordered: 't10000' first") }, String(rows[10_002]))
        XCTAssertTrue(rows.contains { $0.hasPrefix("t19999 ") && $0.hasSuffix("group 'g' is ordered: 't10000' first") })
        XCTAssertTrue(rows.contains { $0.hasPrefix("t9999 ") && $0.contains("invalidated (tipClosed)") })
    }
}
