import XCTest
import YAMLTree
import SourceText
@testable import WhatsNewCore

/// `ChangelogImporter` on the patterns real changelogs are written in (small inputs written for these tests):
/// every release heading a version, non-SemVer versions mapped with their tag kept, duplicates merged,
/// section names read by meaning, unreleased releases kept where they are, links never invented, bullets
/// kept whole, and warnings whose range covers what they drop.
final class ChangelogImportPatternsTests: XCTestCase {
    private struct Imported {
        var changelog: ImportedChangelog?
        var diagnostics: [Diagnostic]

        var versions: [String] { changelog?.releases.map(\.version) ?? [] }
        /// Each version's `tag` in the YAML written (nil for a version without one).
        var tags: [String?] {
            var tags: [String?] = []
            for line in (changelog?.yaml ?? "").split(separator: "\n") {
                if line.hasPrefix("  - version: ") { tags.append(nil) }
                if line.hasPrefix("    tag: "), !tags.isEmpty { tags[tags.count - 1] = String(line.dropFirst("    tag: ".count)) }
            }
            return tags
        }
        func codes(_ code: String) -> [Diagnostic] { diagnostics.filter { $0.code == code } }
    }

    private func importing(_ markdown: String) -> Imported {
        let engine = DiagnosticEngine()
        let changelog = ChangelogImporter().read(SourceFile(name: "CHANGELOG.md", contents: Array(markdown.utf8)), engine: engine)
        return Imported(changelog: changelog, diagnostics: engine.diagnostics)
    }

    /// The imported manifest, loaded and checked as `whatsnew validate` does: no error.
    private func assertValidates(_ imported: Imported, file: StaticString = #filePath, line: UInt = #line) throws {
        let yaml = try XCTUnwrap(imported.changelog?.yaml, file: file, line: line)
        let engine = DiagnosticEngine()
        _ = try Compiler().load(contents: Array(yaml.utf8), name: "notes.yaml", engine: engine)
        XCTAssertFalse(engine.hasErrors, engine.diagnostics.map { "\($0.code): \($0.message)" }.joined(separator: "\n") + "\n" + yaml,
                       file: file, line: line)
    }

    // MARK: Release headings

    func testEveryReleaseHeadingStyleIsAVersion() throws {
        let imported = importing("""
        # my-package

        ## <small>[8.2.2](https://github.com/o/r/compare/v8.2.1...v8.2.2) (2026-08-20)</small>

        - Small heading.

        <a name="8.2.1"></a>
        # [8.2.1](https://github.com/o/r/compare/v8.2.0...v8.2.1) (2026-08-01)

        - Anchor before an H1.

        ## Version 8.2.0

        - Version prefix.

        ### mermaid@8.1.0 / 2026-07-20

        - Package tag at level 3.

        ## v8.0.0 (July 4th, 2026)

        - Date in words.

        7.9.0
        -----

        - Setext heading.

        """)
        XCTAssertEqual(imported.versions, ["8.2.2", "8.2.1", "8.2.0", "8.1.0", "8.0.0", "7.9.0"])
        XCTAssertEqual(imported.changelog?.releases.map(\.date), ["2026-08-20", "2026-08-01", nil, "2026-07-20", "2026-07-04", nil])
        XCTAssertEqual(imported.codes("import-not-a-version").count, 0)
        XCTAssertEqual(imported.changelog?.releases.map(\.changes.count), [1, 1, 1, 1, 1, 1])
        try assertValidates(imported)
    }

    func testDatesInTheCommonForms() {
        let imported = importing("""
        ## 1.5.0 (6th December, 2024)
        - a
        ## 1.4.0 (March 15th, 2021)
        - b
        ## 1.3.0 - Nov 3, 2020
        - c
        ## 1.2.0 / 2019/10/02
        - d
        ## 1.1.0 (December 19, 2018) [YANKED]
        - e

        """)
        XCTAssertEqual(imported.changelog?.releases.map(\.date), ["2024-12-06", "2021-03-15", "2020-11-03", "2019-10-02", "2018-12-19"])
        XCTAssertEqual(imported.changelog?.releases.map(\.yanked), [false, false, false, false, true])
        XCTAssertEqual(imported.codes("import-unmapped").count, 0, imported.diagnostics.map(\.message).joined(separator: "\n"))
    }

    func testNonSemVerVersionsMapWithANoteAndKeepTheirTag() throws {
        let imported = importing("""
        ## [1.2.0rc2] - 2026-08-26
        - Python release candidate.
        ## 1.2.0b3
        - Python beta.
        ## 2.0.0.dev1
        - Python development release.
        ## 3.6.0.beta2 / 2026-01-02
        - RubyGems beta.
        ## [0.24]
        - Two parts.
        ## 18.3a0
        - Calendar alpha.

        """)
        XCTAssertEqual(imported.versions, ["1.2.0-rc.2", "1.2.0-beta.3", "2.0.0-dev.1", "3.6.0-beta.2", "0.24.0", "18.3.0-alpha.0"])
        XCTAssertEqual(imported.tags, ["\"v1.2.0rc2\"", "\"v1.2.0b3\"", "\"v2.0.0.dev1\"", "\"v3.6.0.beta2\"", "\"v0.24\"", "\"v18.3a0\""])
        let notes = imported.codes("import-version-mapped")
        XCTAssertEqual(notes.map { $0.range?.start.line }, [1, 3, 5, 7, 9, 11])
        let first = try XCTUnwrap(notes.first)
        XCTAssertTrue(first.message.contains("'1.2.0rc2'") && first.message.contains("1.2.0-rc.2"), first.message)
        XCTAssertEqual(imported.codes("import-not-a-version").count, 0)
        try assertValidates(imported)
    }

    func testARangeIsItsFirstVersionAndASeriesIsNoVersion() {
        let imported = importing("""
        ## v3.45.0-v3.45.2
        - Range.
        ## 3.44.0
        - Release.
        ### 1.12.x
        - Series heading: a section of 3.44.0.

        """)
        XCTAssertEqual(imported.versions, ["3.45.0", "3.44.0"])
        XCTAssertEqual(imported.tags, ["\"v3.45.0-v3.45.2\"", nil])
        XCTAssertEqual(imported.changelog?.releases.last?.changes.count, 2)
    }

    // MARK: Unreleased

    func testUnreleasedSpellingsStayUnreleased() throws {
        let imported = importing("""
        ## master
        - Next.
        ## 1.17.0 (Unreleased)
        - Soon.
        ## [12.5.34] - 2026-MM-DD
        - Placeholder date.
        ## 1.16.0 - 2026-01-01
        - Out.

        """)
        XCTAssertEqual(imported.changelog?.releases.map(\.unreleased), [true, true, true, false])
        XCTAssertEqual(imported.versions, ["12.6.0", "1.17.0", "12.5.34", "1.16.0"])
        XCTAssertEqual(imported.changelog?.releases.map(\.date), [nil, nil, nil, "2026-01-01"])
        try assertValidates(imported)
    }

    func testAWordForAReleaseToComeIsTheWholeHeading() {
        let imported = importing("""
        ## Next steps

        Read the guide.

        ## [1.0.0] - 2026-01-01

        - First.

        """)
        XCTAssertEqual(imported.versions, ["1.0.0"])
        XCTAssertEqual(imported.codes("import-not-a-version").map { $0.range?.start.line }, [1])
    }

    func testAStaleUnreleasedSectionStaysWhereItWas() throws {
        let imported = importing("""
        ## [8.9.0] - 2026-05-01
        - Newer.
        ## [Next]
        - Stale.
        ## [8.8.1] - 2026-04-01
        - Older.

        """)
        XCTAssertEqual(imported.versions, ["8.9.0", "8.9.0-unreleased", "8.8.1"])
        XCTAssertEqual(imported.changelog?.releases.map(\.unreleased), [false, true, false])
        try assertValidates(imported)
    }

    // MARK: Duplicates

    func testADuplicateVersionIsMergedWithAWarningAndValidates() throws {
        let imported = importing("""
        ## [1.2.0] - 2026-11-01
        - First.
        ## [1.1.0] - 2026-10-01
        - Between.
        ## [1.2.0] - 2026-11-01
        - Second.
        - Third.

        """)
        XCTAssertEqual(imported.versions, ["1.2.0", "1.1.0"])
        XCTAssertEqual(imported.changelog?.releases.first?.changes.map(\.title), ["First.", "Second.", "Third."])
        let warnings = imported.codes("import-duplicate-version")
        XCTAssertEqual(warnings.map { $0.range?.start.line }, [5])
        XCTAssertTrue(warnings.first?.message.contains("line 1") == true, warnings.first?.message ?? "")
        try assertValidates(imported)
    }

    // MARK: Sections

    func testSectionNamesMapToKindsByMeaning() {
        let imported = importing("""
        ## 2.0.0
        ### 🐛 Bug Fixes
        - a
        ### ⛰️  Features
        - b
        ### BREAKING CHANGES
        - c
        ### Performance Improvements
        - d
        ### 1. Enhancements
        - e
        ### Deprecations
        - f
        ### Patch Changes
        - g
        ### Added (unstable)
        - h
        ### Miscellaneous
        - i

        """)
        XCTAssertEqual(imported.changelog?.releases.first?.changes.map(\.kind),
                       [.fixed, .added, .changed, .changed, .changed, .deprecated, .fixed, .added, nil])
        XCTAssertEqual(imported.codes("import-unknown-section").map { $0.range?.start.line }, [18])
    }

    func testParagraphLabelsNameTheSectionOfTheBulletsAfterThem() {
        let imported = importing("""
        ### 3.13.2 / 2024-10-18

        Enhancements:

        * Better.

        Bug Fixes:

        * Fixed.

        **BUG FIXES:**

        * Bold fixed.

        **Deprecations**:

        * Old.

        """)
        XCTAssertEqual(imported.changelog?.releases.first?.changes.map(\.title), ["Better.", "Fixed.", "Bold fixed.", "Old."])
        XCTAssertEqual(imported.changelog?.releases.first?.changes.map(\.kind), [.changed, .fixed, .fixed, .deprecated])
        // Each label is written back as a heading: a difference of the written-back file, which its warning explains.
        XCTAssertEqual(imported.codes("import-unmapped").map { $0.range?.start.line }, [3, 7, 11, 15])
        XCTAssertEqual(imported.codes("import-unmapped").first?.message,
                       "the paragraph 'Enhancements:' is imported as the section of the bullets after it, which the written-back changelog writes as the heading '### Enhancements'")
    }

    func testSectionsUnderH1ReleasesAndSiblingHeadingsStayInTheRelease() {
        let imported = importing("""
        # 1.53.1 (July 20th, 2026)

        ## Fixed

        - a

        # 1.53.0 (July 1st, 2026)

        ### 2.0 regressions

        - b

        ## New Contributors

        - c

        """)
        XCTAssertEqual(imported.versions, ["1.53.1", "1.53.0"])
        XCTAssertEqual(imported.changelog?.releases.map(\.changes.count), [1, 2])
        XCTAssertEqual(imported.changelog?.releases.first?.changes.first?.kind, .fixed)
    }

    // MARK: Text

    func testABulletIsOneChangeWithItsWholeText() {
        let imported = importing("""
        ## 1.0.0
        - Support more formats (e.g. WebP). Works on macOS too.
        - Requires Xcode v. 16 or later. See the notes.
        - **Breaking**: removed the old API.

        """)
        let changes = imported.changelog?.releases.first?.changes ?? []
        XCTAssertEqual(changes.map(\.title), ["Support more formats (e.g. WebP). Works on macOS too.", "Requires Xcode v. 16 or later. See the notes.",
                                              "Breaking"])
        XCTAssertEqual(changes.map(\.subtitle), ["", "", "removed the old API."])
    }

    // MARK: Links

    func testNoCompareLinkIsInventedForHeadingsThatHadNone() {
        let imported = importing("""
        ## [11.14.0](https://github.com/o/r/compare/v11.13.0...v11.14.0)
        - Linked.
        ## 11.13.0
        - Not linked.
        ## 11.12.0
        - Not linked either.

        """)
        XCTAssertNil(imported.changelog?.repository)
        XCTAssertFalse(imported.changelog?.yaml.contains("repository") ?? true)
        XCTAssertEqual(imported.codes("import-link-dropped").map { $0.range?.start.line }, [1])
    }

    func testLinksOfEveryHeadingKeepTheRepository() {
        let imported = importing("""
        ## [1.1.0](https://github.com/o/r/compare/v1.0.0...v1.1.0)
        - Newer.
        ## [1.0.0](https://github.com/o/r/releases/tag/v1.0.0)
        - First.

        """)
        XCTAssertEqual(imported.changelog?.repository, "https://github.com/o/r")
        XCTAssertEqual(imported.codes("import-link-dropped").count, 0)
    }

    // MARK: Warnings

    func testAWarningCoversTheWholeBlockItDrops() throws {
        let imported = importing("""
        Intro line one
        line two
        line three.

        ## 1.0.0
        - a
          - nested one
          - nested two
          - nested three

        """)
        let intro = try XCTUnwrap(imported.diagnostics.first { $0.range?.start.line == 1 })
        XCTAssertEqual(intro.range?.end.line, 3)
        let folded = try XCTUnwrap(imported.codes("import-folded").first)
        XCTAssertEqual(folded.range?.start.line, 7)
        XCTAssertEqual(folded.range?.end.line, 9)
    }
}
