import Foundation
import TestSupport
import XCTest

/// `whatsnew import` end to end on the patterns of real changelogs (inputs written for these tests): the
/// imported manifest validates, and compiling it back with `--markdown-style keepachangelog` writes the
/// versions as the project wrote them and no link the source did not have.
final class ImportPatternsTests: XCTestCase {
    private func roundTrip(_ markdown: String) throws -> (imported: CommandResult, manifest: String, validated: CommandResult, compiled: CommandResult) {
        let temporary = try TemporaryDirectory("import-patterns")
        let changelog = try temporary.write("CHANGELOG.md", Array(markdown.utf8))
        let manifest = temporary.path("notes.yaml")
        let imported = try CommandRunner.run(["import", changelog, "-o", manifest])
        let written = (try? String(contentsOfFile: manifest, encoding: .utf8)) ?? ""
        let validated = try CommandRunner.run(["validate", manifest])
        let compiled = try CommandRunner.run(["compile", manifest, "--format", "markdown", "--markdown-style", "keepachangelog", "-o", "-"])
        return (imported, written, validated, compiled)
    }

    func testNonSemVerVersionsAndTheirLinksComeBackAsWritten() throws {
        let source = """
        ## [0.25.0rc1] - 2026-02-01

        - Release candidate.

        ## [0.24] - 2026-01-10

        - Two-part version.

        ## [0.23.1] - 2025-12-01

        - Patch.

        [0.25.0rc1]: https://github.com/o/r/compare/0.24...0.25.0rc1
        [0.24]: https://github.com/o/r/compare/0.23.1...0.24
        [0.23.1]: https://github.com/o/r/releases/tag/0.23.1

        """
        let result = try roundTrip(source)
        XCTAssertEqual(result.imported.status, 0, result.imported.stderr)
        XCTAssertTrue(result.imported.stderr.contains("[import-version-mapped]"), result.imported.stderr)
        XCTAssertTrue(result.manifest.contains("tag: \"0.24\""), result.manifest)
        XCTAssertEqual(result.validated.status, 0, result.validated.stderr)
        XCTAssertEqual(result.compiled.status, 0, result.compiled.stderr)
        let headings = result.compiled.stdout.split(separator: "\n").filter { $0.hasPrefix("## ") || $0.hasPrefix("[0.") }
        XCTAssertEqual(headings, ["## [0.25.0rc1] - 2026-02-01", "## [0.24] - 2026-01-10", "## [0.23.1] - 2025-12-01",
                                  "[0.25.0rc1]: https://github.com/o/r/compare/0.24...0.25.0rc1",
                                  "[0.24]: https://github.com/o/r/compare/0.23.1...0.24",
                                  "[0.23.1]: https://github.com/o/r/releases/tag/0.23.1"])
    }

    func testADuplicateVersionImportsIntoAManifestThatValidates() throws {
        let result = try roundTrip("""
        ## [1.2.0] - 2026-11-01

        - First.

        ## [1.2.0] - 2026-11-01

        - Second.

        """)
        XCTAssertEqual(result.imported.status, 0, result.imported.stderr)
        XCTAssertTrue(result.imported.stderr.contains("CHANGELOG.md:5:1: warning: version 1.2.0 has a heading at line 1 already"), result.imported.stderr)
        XCTAssertTrue(result.imported.stderr.contains("[import-duplicate-version]"), result.imported.stderr)
        XCTAssertEqual(result.validated.status, 0, result.validated.stderr)
        XCTAssertEqual(result.compiled.status, 0, result.compiled.stderr)
        XCTAssertTrue(result.compiled.stdout.contains("- First.\n- Second.\n"), result.compiled.stdout)
    }

    func testLinksAreNotInventedForHeadingsWithoutOne() throws {
        let result = try roundTrip("""
        ## [mermaid@11.14.0](https://github.com/o/r/compare/mermaid@11.13.0...mermaid@11.14.0)

        - Linked.

        ## mermaid@11.13.0

        - Not linked.

        """)
        XCTAssertEqual(result.imported.status, 0, result.imported.stderr)
        XCTAssertEqual(result.validated.status, 0, result.validated.stderr)
        XCTAssertFalse(result.compiled.stdout.contains("compare/"), result.compiled.stdout)
        XCTAssertTrue(result.imported.stderr.contains("[import-link-dropped]"), result.imported.stderr)
    }

    func testAnUnreleasedVersionIsNotPublishedAsLatest() throws {
        let result = try roundTrip("""
        ## 1.17.0 (Unreleased)

        - Soon.

        ## 1.16.0 - 2026-01-01

        - Out.

        """)
        XCTAssertEqual(result.imported.status, 0, result.imported.stderr)
        XCTAssertTrue(result.manifest.contains("version: \"1.17.0\"\n    unreleased: true"), result.manifest)
        XCTAssertEqual(result.validated.status, 0, result.validated.stderr)
        XCTAssertTrue(result.compiled.stdout.contains("## [Unreleased]"), result.compiled.stdout)
    }

    func testPythonAndRubyReleasesAreAllImported() throws {
        let result = try roundTrip("""
        # Change Log

        ## Version 22.1.0

        - Stable.

        ## Version 21.12b0

        - Beta.

        ### 3.6.0.beta2 / 2026-01-02

        - Ruby beta.

        ## 2.0.0.dev1

        - Development release.

        """)
        XCTAssertEqual(result.imported.status, 0, result.imported.stderr)
        XCTAssertFalse(result.imported.stderr.contains("import-not-a-version"), result.imported.stderr)
        XCTAssertEqual(result.manifest.components(separatedBy: "  - version: ").count - 1, 4, result.manifest)
        XCTAssertEqual(result.validated.status, 0, result.validated.stderr)
        for heading in ["## [22.1.0]", "## [21.12b0]", "## [3.6.0.beta2] - 2026-01-02", "## [2.0.0.dev1]"] {
            XCTAssertTrue(result.compiled.stdout.contains(heading + "\n"), heading + " in\n" + result.compiled.stdout)
        }
    }

    func testWarningsInJSONGiveTheWholeRangeOfWhatWasDropped() throws {
        let temporary = try TemporaryDirectory("import-ranges")
        let changelog = try temporary.write("CHANGELOG.md", Array("""
        A preamble of
        three lines
        that is not imported.

        ## 1.0.0

        - Change.

        """.utf8))
        let imported = try CommandRunner.run(["import", changelog, "-o", temporary.path("notes.yaml"), "--diagnostics", "json"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let diagnostics = try JSONSerialization.jsonObject(with: Data(imported.stderr.utf8)) as? [[String: Any]] ?? []
        let preamble = try XCTUnwrap(diagnostics.first { $0["line"] as? Int == 1 })
        XCTAssertEqual(preamble["endLine"] as? Int, 3)
    }

    func testSectionHeadingsAreKeptAndWrittenBackAsTheirGroups() throws {
        let result = try roundTrip("""
        ## [2.0.0] - 2026-03-01

        ### Highlights

        - A new engine.

        ### Features

        - Sharing.

        ### 🐛 Bug Fixes

        - A crash.

        ### Fixed

        - A leak.

        """)
        XCTAssertEqual(result.imported.status, 0, result.imported.stderr)
        XCTAssertTrue(result.manifest.contains("kind: fixed\n        section: \"🐛 Bug Fixes\""), result.manifest)
        XCTAssertEqual(result.validated.status, 0, result.validated.stderr)
        let headings = result.compiled.stdout.split(separator: "\n").filter { $0.hasPrefix("### ") }
        XCTAssertEqual(headings, ["### Highlights", "### Features", "### 🐛 Bug Fixes", "### Fixed"])
    }

    func testAManifestsTagAndSectionAreTheUsersTextEscaped() throws {
        let temporary = try TemporaryDirectory("tag-section")
        let manifest = try temporary.write("notes.yaml", Array("""
        app:
          repository: https://github.com/o/r
        versions:
          - version: 1.1.0
            tag: "v1.1.0 [final]"
            features:
              - { title: Newer, kind: fixed, section: "*Fixes* [sic]" }
          - version: 1.0.0
            features: [{ title: First }]

        """.utf8))
        let compiled = try CommandRunner.run(["compile", manifest, "--format", "markdown", "--markdown-style", "keepachangelog", "-o", "-"])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        XCTAssertTrue(compiled.stdout.contains("## [1.1.0 \\[final\\]]\n"), compiled.stdout)
        // (A section is inline Markdown, written as a heading's content: its emphasis stays emphasis.)
        XCTAssertTrue(compiled.stdout.contains("### *Fixes* [sic]\n"), compiled.stdout)
        XCTAssertTrue(compiled.stdout.contains("[1.1.0 \\[final\\]]: https://github.com/o/r/compare/v1.0.0...v1.1.0%20[final]\n"), compiled.stdout)
        let wrong = try temporary.write("wrong.yaml", Array("versions:\n  - { version: 1.0.0, tag: 5, features: [{ title: A, section: [x] }] }\n".utf8))
        let validated = try CommandRunner.run(["validate", wrong])
        XCTAssertEqual(validated.status, 1, validated.stderr)
        XCTAssertTrue(validated.stderr.contains("'tag'") && validated.stderr.contains("'section'"), validated.stderr)
    }
}
