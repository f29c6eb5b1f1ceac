import TestSupport
import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewText
@testable import WhatsNewDiagnostics
@testable import Markdown
@testable import WhatsNewModel
@testable import WhatsNewRender

/// The pieces of Keep a Changelog both ways: a bullet and a feature's title and subtitle, compare links, the
/// YAML scalars the import writes, and what `unreleased` means for selection.
final class KeepAChangelogTests: XCTestCase {
    private func inlines(_ markdown: String) -> [MarkdownInline] {
        MarkdownText(parsing: markdown).inlines
    }

    private func markdown(_ inlines: [MarkdownInline]) -> String {
        MarkdownRenderer().render(inlines: inlines)
    }

    // MARK: ChangeBullet

    func testABulletSplitsOnlyAtABoldLeadIn() {
        // A period also ends `e.g.`, `i.e.`, `v.` and `etc.`: a bullet is one change, split only where it has a clear title.
        let cases: [(bullet: String, title: String, subtitle: String)] = [
            ("**Offline maps**: download a region.", "Offline maps", "download a region."),
            ("Fixed a crash. It happened on iPad only.", "Fixed a crash. It happened on iPad only.", ""),
            ("Use `--fast`! Runs twice as fast.", "Use `--fast`! Runs twice as fast.", ""),
            ("Sync (e.g. photos). Tracks too.", "Sync (e.g. photos). Tracks too.", ""),
            ("Works with Xcode v. 16. And later.", "Works with Xcode v. 16. And later.", ""),
            ("One sentence only.", "One sentence only.", ""),
            ("Two spaces after.  Kept whole", "Two spaces after.  Kept whole", ""),
            ("**Note.** Bold that ends a sentence", "**Note.** Bold that ends a sentence", ""),
            ("Version 1.2. See [the notes](https://example.com/a.b).", "Version 1.2. See [the notes](https://example.com/a.b).", ""),
        ]
        for (bullet, title, subtitle) in cases {
            let split = ChangeBullet.split(inlines(bullet))
            XCTAssertEqual(markdown(split.title), title, bullet)
            XCTAssertEqual(markdown(split.subtitle), subtitle, bullet)
            XCTAssertEqual(ChangeBullet.bullet(title: split.title, subtitle: split.subtitle), ChangeBullet.normalized(inlines(bullet)), bullet)
        }
    }

    func testAFeatureJoinsByItsTitle() {
        XCTAssertEqual(markdown(ChangeBullet.bullet(title: inlines("Offline maps"), subtitle: inlines("Download a region."))),
                       "**Offline maps**: Download a region.")
        XCTAssertEqual(markdown(ChangeBullet.bullet(title: inlines("Faster."), subtitle: inlines("Twice as fast."))), "Faster. Twice as fast.")
        XCTAssertEqual(markdown(ChangeBullet.bullet(title: inlines("**Bold** title"), subtitle: inlines("text"))), "**Bold title**: text")
        XCTAssertEqual(markdown(ChangeBullet.bullet(title: inlines("Only a title"), subtitle: [])), "Only a title")
    }

    // MARK: CompareLinks

    func testCompareLinksOnGitHubAndGitLab() throws {
        let github = try XCTUnwrap(CompareLinks(repository: "https://github.com/o/r.git/", tagPrefix: "v"))
        XCTAssertEqual(github.compare(from: "1.1.0", to: "1.2.0"), "https://github.com/o/r/compare/v1.1.0...v1.2.0")
        XCTAssertEqual(github.compare(from: "1.2.0", to: nil), "https://github.com/o/r/compare/v1.2.0...HEAD")
        XCTAssertEqual(github.tag("1.0.0"), "https://github.com/o/r/releases/tag/v1.0.0")
        let gitlab = try XCTUnwrap(CompareLinks(repository: "https://gitlab.example.org/group/sub/r", tagPrefix: ""))
        XCTAssertEqual(gitlab.compare(from: "1.1.0", to: "1.2.0"), "https://gitlab.example.org/group/sub/r/-/compare/1.1.0...1.2.0")
        XCTAssertEqual(gitlab.tag("1.0.0"), "https://gitlab.example.org/group/sub/r/-/tags/1.0.0")
        for other in ["https://example.com/o/r", "http://github.com/o/r", "https://github.com/o", "https://user@github.com/o/r"] {
            XCTAssertNil(CompareLinks(repository: other, tagPrefix: "v"), other)
        }
        XCTAssertEqual(CompareLinks.parse("https://github.com/o/r/compare/v1.1.0...v1.2.0"),
                       CompareLinks.Parsed(repository: "https://github.com/o/r", tag: "v1.2.0", olderTag: "v1.1.0"))
        XCTAssertEqual(CompareLinks.parse("https://gitlab.com/g/r/-/tags/1.0.0"),
                       CompareLinks.Parsed(repository: "https://gitlab.com/g/r", tag: "1.0.0", olderTag: nil))
        XCTAssertNil(CompareLinks.parse("https://example.com/o/r/compare/a...b"))
        XCTAssertNil(CompareLinks.parse("https://github.com/o/r/pull/12"))
    }

    /// Issue 26: the version at the end of an `[Unreleased]` link's tag was found by parsing every suffix that
    /// starts with a digit, so a tag of 200,000 digits parsed some 20 billion bytes. Only its last 255 bytes
    /// (a git ref name's length) are tried now.
    func testATagOfALongDigitRunIsSearchedOnlyInItsLastBytes() {
        var parsed = 0
        let tag = "v" + String(repeating: "1", count: 200_000) + ".0.0"
        XCTAssertEqual(ChangelogImporter.versionSuffix(of: tag, parsedBytes: &parsed), String(repeating: "1", count: 19) + ".0.0",
                       "the longest suffix that parses: a major version that fits 64 bits")
        XCTAssertLessThanOrEqual(parsed, ChangelogImporter.longestVersion * ChangelogImporter.longestVersion)
        parsed = 0
        XCTAssertEqual(ChangelogImporter.versionSuffix(of: "release-1.2.0-beta.1", parsedBytes: &parsed), "1.2.0-beta.1")
        XCTAssertEqual(ChangelogImporter.versionSuffix(of: "v01.2.0"), "1.2.0")
        XCTAssertNil(ChangelogImporter.versionSuffix(of: "v1.0.0-" + String(repeating: "a", count: 300)),
                     "a version longer than a ref name is not looked for")
    }

    // MARK: YAML scalars

    func testEveryScalarReadsBackAsTheSameString() throws {
        let texts = ["yes", "No", "on", "y", "~", "null", "true", "1.0", "0777", "1e3", ".inf", "0x1F", "#x", "a #b", "a: b", "a:b", "- x", "-x",
                     "? x", "[x]", "{x}", "*x", "&x", "!x", "|", ">", "%x", "@x", "`x`", "'x'", "\"x\"", "x ", " x", "", "tab\tx",
                     "line\nbreak", "back\\slash", "ünïcödé 🚀", "bidi \u{202E}x", "bell\u{7}", "nel\u{85}", "2026-11-01", "Offline maps"]
        for text in texts {
            let source = "key: " + YAMLScalarQuoting.scalar(text) + "\nquoted: " + YAMLScalarQuoting.quoted(text) + "\n"
            let document = YAMLParser.parse(SourceFile(name: "t.yaml", text: source), format: .yaml)
            let pairs = try XCTUnwrap(document.root?.mapping, source)
            for pair in pairs {
                let scalar = try XCTUnwrap(pair.value.scalar, source)
                XCTAssertEqual(scalar.text, text, source)
                XCTAssertEqual(scalar.kind, .string, source)
            }
        }
    }

    // MARK: unreleased

    func testAnUnreleasedVersionIsLeftOutUnlessAskedFor() throws {
        let engine = DiagnosticEngine()
        let yaml = """
        versions:
          - { version: 1.3.0, unreleased: true, features: [{ title: Next, kind: added }] }
          - { version: 1.2.0, yanked: true, features: [{ title: Now }] }
        """
        let manifest = try XCTUnwrap(try Compiler().load(contents: Array(yaml.utf8), name: "notes.yaml", engine: engine))
        XCTAssertFalse(engine.hasErrors, engine.diagnostics.map(\.message).joined())
        XCTAssertEqual(Selection().versions(of: manifest).map(\.version.description), ["1.2.0"])
        var all = Selection()
        all.includesUnreleased = true
        XCTAssertEqual(all.versions(of: manifest).map(\.version.description), ["1.3.0", "1.2.0"])
        XCTAssertEqual(Selection(release: SemanticVersion(major: 1, minor: 3)).versions(of: manifest).map(\.version.description), ["1.3.0"])
        var latest = Selection()
        latest.latest = .latest
        XCTAssertEqual(latest.resolvingLatest(in: manifest, engine: engine)?.release?.description, "1.2.0")
        XCTAssertEqual(manifest.versions.map(\.unreleased), [true, false])
        XCTAssertEqual(manifest.versions.map(\.yanked), [false, true])
        XCTAssertEqual(manifest.versions[0].features[0].kind, .added)
    }
}
