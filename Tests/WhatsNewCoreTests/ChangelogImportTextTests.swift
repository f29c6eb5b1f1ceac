import XCTest
import SourceText
@testable import WhatsNewCore

/// `ChangelogImporter` keeping a changelog's text in the form it was written: a release's summary paragraphs
/// as the version's `summary`, inline HTML converted where Markdown has its exact equivalent and kept as
/// written otherwise, code blocks in bullets as code blocks; and a warning over whatever the written-back
/// changelog writes in another form.
final class ChangelogImportTextTests: XCTestCase {
    private func importing(_ markdown: String) -> (changelog: ImportedChangelog?, diagnostics: [Diagnostic]) {
        let engine = DiagnosticEngine()
        let changelog = ChangelogImporter().read(SourceFile(name: "CHANGELOG.md", contents: Array(markdown.utf8)), engine: engine)
        return (changelog, engine.diagnostics)
    }

    // MARK: Summaries

    func testParagraphsUnderAReleaseHeadingAreItsSummary() throws {
        let imported = importing("""
        ## [2.0.0] - 2026-11-01

        Trails 2.0 draws maps *twice as fast*,
        and works offline.

        Read [the guide](https://example.com/guide) first.

        ### Added

        - Offline maps.

        """)
        let release = try XCTUnwrap(imported.changelog?.releases.first)
        XCTAssertEqual(release.summary, "Trails 2.0 draws maps *twice as fast*,\nand works offline.\n\nRead [the guide](https://example.com/guide) first.")
        XCTAssertEqual(release.changes.map(\.title), ["Offline maps."])
        XCTAssertEqual(imported.diagnostics.map(\.message), [])
        XCTAssertTrue(imported.changelog?.yaml.contains(
            "    summary: \"Trails 2.0 draws maps *twice as fast*,\\nand works offline.\\n\\nRead [the guide](https://example.com/guide) first.\"\n") == true,
                      imported.changelog?.yaml ?? "")
    }

    func testAParagraphAfterTheFirstSectionIsAChangeOfItsOwn() throws {
        let imported = importing("""
        ## [2.0.0] - 2026-11-01

        ### Added

        - Offline maps.

        A paragraph between bullets.

        """)
        let release = try XCTUnwrap(imported.changelog?.releases.first)
        XCTAssertNil(release.summary)
        XCTAssertEqual(release.changes.map(\.title), ["Offline maps.", "A paragraph between bullets."])
        XCTAssertEqual(imported.diagnostics.map { "\($0.code) \($0.range?.start.line ?? 0)" }, ["import-unmapped 7"])
    }

    func testTwoHeadingsOfOneVersionJoinTheirSummaries() throws {
        let imported = importing("""
        ## [1.0.0]

        First.

        ## [1.0.0]

        Second.

        """)
        XCTAssertEqual(imported.changelog?.releases.map(\.summary), ["First.\n\nSecond."])
    }

    // MARK: Inline HTML

    func testInlineHTMLWithAnExactMarkdownEquivalentIsConverted() throws {
        let imported = importing("""
        ## [1.0.0]

        - The <code>--offline</code> flag, a <b>bold</b>, <i>slanted</i> and <del>struck</del> word.
        - Two lines<br/>in one.

        """)
        XCTAssertEqual(imported.changelog?.releases.first?.changes.map(\.title),
                       ["The `--offline` flag, a **bold**, *slanted* and ~~struck~~ word.", "Two lines\\\nin one."])
        XCTAssertEqual(imported.diagnostics.map(\.message), [])
    }

    func testOtherInlineHTMLIsKeptAsWrittenWithAWarningOverTheBullet() throws {
        let imported = importing("""
        ## [1.0.0]

        - Search with <kbd>Ctrl</kbd>+<kbd>K</kbd>,
          from anywhere.
        - A break at the end<br>

        """)
        XCTAssertEqual(imported.changelog?.releases.first?.changes.map(\.title),
                       ["Search with <kbd>Ctrl</kbd>+<kbd>K</kbd>, from anywhere.", "A break at the end<br>"])
        let warnings = imported.diagnostics.filter { $0.code == "import-unmapped" }
        XCTAssertEqual(warnings.map { "\($0.range?.start.line ?? 0)-\($0.range?.end.line ?? 0)" }, ["3-4", "5-5"])
        XCTAssertEqual(warnings.first?.message,
                       "inline HTML '<kbd>', '</kbd>' is kept as written, but every output shows raw HTML as text (the written-back changelog escapes it)")
    }

    // MARK: Code blocks

    func testAFencedCodeBlockInABulletStaysACodeBlockWithItsLanguage() throws {
        let imported = importing("""
        ## [1.0.0]

        - A config file:
          ```toml
          offline = true
          ```
        - **Completion**: load it.
          ```sh
          eval "$(trails completion zsh)"
          ```
          It knows every subcommand.

        """)
        let changes = try XCTUnwrap(imported.changelog?.releases.first?.changes)
        XCTAssertEqual(changes.map(\.title), ["A config file:", "Completion"])
        XCTAssertEqual(changes.map(\.subtitle), ["```toml\noffline = true\n```",
                                                 "load it.\n\n```sh\neval \"$(trails completion zsh)\"\n```\n\nIt knows every subcommand."])
        XCTAssertEqual(imported.diagnostics.map(\.message), [])
    }

    func testASecondParagraphWithoutALeadInIsStillFolded() throws {
        let imported = importing("""
        ## [1.0.0]

        - Fixed a crash.

          It happened on start.

        """)
        XCTAssertEqual(imported.changelog?.releases.first?.changes.map(\.title), ["Fixed a crash. It happened on start."])
        XCTAssertEqual(imported.diagnostics.map(\.code), ["import-folded"])
    }

    // MARK: What is written back in another form

    func testADateParagraphIsWarnedFromTheHeadingItMovesInto() throws {
        let imported = importing("""
        ## 5.4.0

        _2026-06-08_

        - Faster.

        """)
        XCTAssertEqual(imported.changelog?.releases.first?.date, "2026-06-08")
        let warnings = imported.diagnostics.filter { $0.code == "import-unmapped" }
        XCTAssertEqual(warnings.map { "\($0.range?.start.line ?? 0)-\($0.range?.end.line ?? 0)" }, ["1-3"])
    }

    func testASectionHeadingWithoutBulletsOfItsOwnIsWarned() throws {
        let imported = importing("""
        ## [1.0.0]

        ### 1. Enhancements

        #### Elixir

        - Faster.

        ### Empty at the end

        """)
        let warnings = imported.diagnostics.filter { $0.code == "import-unmapped" }
        XCTAssertEqual(warnings.map { $0.range?.start.line }, [3, 9])
        XCTAssertEqual(warnings.first?.message, "section '1. Enhancements' has no bullets before the next section, so the written-back changelog leaves its heading out")
    }

    func testAnImageAndATableAreWarned() throws {
        let imported = importing("""
        ## [1.0.0]

        | Module | Use |
        |--------|-----|
        | core   | all |

        - Jump actions ![demo](https://example.com/jump.png)

        """)
        let warnings = imported.diagnostics.filter { $0.code == "import-unmapped" }
        XCTAssertEqual(warnings.map { "\($0.range?.start.line ?? 0)-\($0.range?.end.line ?? 0)" }, ["3-5", "7-7"])
    }
}
