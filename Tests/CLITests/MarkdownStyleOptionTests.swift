import Foundation
import TestSupport
import XCTest

/// `--markdown-style` lays out the built-in Markdown output only: given without one (another format, a
/// `--template`), it is a usage error rather than an option silently ignored.
final class MarkdownStyleOptionTests: XCTestCase {
    private let manifest = "versions:\n  - { version: 1.0.0, date: 2026-01-01, features: [{ title: Trails, kind: added }] }\n"

    func testWithoutAMarkdownOutputItIsAUsageError() throws {
        let temporary = try TemporaryDirectory("markdown-style")
        let path = try temporary.write("notes.yaml", manifest)
        let template = try temporary.write("notes.mustache", "{{#versions}}{{version}}{{/versions}}\n")
        let misuses: [(arguments: [String], found: String)] = [
            (["--format", "html", "-o", temporary.path("notes.html")], "found html;"),
            (["-o", temporary.path("notes.txt")], "found ansi;"),
            (["--format", "json", "--format", "ansi", "-o", temporary.path("out") + "/"], "found json, ansi;"),
            (["--format", "markdown", "--template", template, "-o", temporary.path("notes.md")], "found --template;"),
        ]
        for misuse in misuses {
            for style in ["keepachangelog", "default"] {
                let result = try CommandRunner.run(["compile", path, "--markdown-style", style] + misuse.arguments)
                XCTAssertEqual(result.status, 64, "\(misuse.arguments): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("--markdown-style \(style) applies to --format markdown"), result.stderr)
                XCTAssertTrue(result.stderr.contains(misuse.found), result.stderr)
                XCTAssertEqual(result.stdout, "")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path).sorted(), ["notes.mustache", "notes.yaml"],
                       "a usage error writes nothing")
    }

    func testWithAMarkdownOutputItApplies() throws {
        let temporary = try TemporaryDirectory("markdown-style-used")
        let path = try temporary.write("notes.yaml", manifest)
        let explicit = try CommandRunner.run(["compile", path, "--format", "markdown", "--markdown-style", "keepachangelog", "-o", "-"])
        XCTAssertEqual(explicit.status, 0, explicit.stderr)
        XCTAssertTrue(explicit.stdout.contains("## [1.0.0] - 2026-01-01\n\n### Added\n\n- Trails\n"), explicit.stdout)
        // The format told by the output's extension, or among several in a directory, counts too.
        let byExtension = try CommandRunner.run(["compile", path, "--markdown-style", "keepachangelog", "-o", temporary.path("CHANGELOG.md")])
        XCTAssertEqual(byExtension.status, 0, byExtension.stderr)
        XCTAssertEqual(try String(contentsOfFile: temporary.path("CHANGELOG.md"), encoding: .utf8), explicit.stdout)
        let several = try CommandRunner.run(["compile", path, "--format", "html", "--format", "markdown", "--markdown-style", "keepachangelog",
                                             "-o", temporary.path("out") + "/"])
        XCTAssertEqual(several.status, 0, several.stderr)
    }
}
