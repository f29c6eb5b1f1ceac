import Foundation
import TestSupport
import XCTest

/// `compile --locale all` through the binary: a file per locale of the manifest for the per-locale formats, named
/// after it, the HTML pages linked to each other (every `hreflang` link a file that was written), the other
/// formats written once; the usage errors say what to do.
final class EveryLocaleTests: XCTestCase {
    private let golden = Paths.fixtures.appendingPathComponent("locales/notes-1.2.0")

    /// The example manifest (en, de, zh-Hans) as one set of pages: every file compared with its golden, and
    /// nothing written that has none.
    func testEveryLocaleOfTheExampleMatchesItsGoldenSet() throws {
        let directory = try TemporaryDirectory("every-locale")
        let result = try CommandRunner.run(["compile", "notes.yaml", "--locale", "all", "--release", "1.2.0", "--format", "html",
                                            "--format", "markdown", "--format", "json", "-o", directory.path("site/")], in: Paths.fixtures)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        let written = try directory.names(in: "site")
        XCTAssertEqual(written, ["CHANGELOG.de.md", "CHANGELOG.en.md", "CHANGELOG.zh-Hans.md", "changelog.de.html", "changelog.en.html",
                                 "changelog.zh-Hans.html", "notes.json"])
        for name in written {
            Golden.assertMatches(try directory.read("site/" + name), golden: golden.appendingPathComponent(name))
        }
        if !Golden.isRecording {
            let goldens = try FileManager.default.contentsOfDirectory(atPath: golden.path).sorted()
            XCTAssertEqual(goldens, written, "a golden file that is no longer written")
        }
    }

    /// Each page is in its language, names every page (itself too) in `<link hreflang>` and in its switcher, each
    /// link a file that was written, and marks itself as the current one.
    func testThePagesLinkToEachOthersLanguages() throws {
        let directory = try TemporaryDirectory("every-locale-links")
        let result = try CommandRunner.run(["compile", "notes.yaml", "--locale", "all", "--page", "changelog", "-o", directory.path("site/")],
                                           in: Paths.fixtures)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try directory.names(in: "site"), ["CHANGELOG.de.md", "CHANGELOG.en.md", "CHANGELOG.zh-Hans.md", "changelog.de.html",
                                                         "changelog.en.html", "changelog.zh-Hans.html", "notes.de.txt", "notes.en.txt",
                                                         "notes.json", "notes.zh-Hans.txt"])
        let pages = ["en": "changelog.en.html", "de": "changelog.de.html", "zh-Hans": "changelog.zh-Hans.html"]
        for (language, name) in pages {
            let html = try directory.read("site/" + name)
            XCTAssertTrue(html.contains("<html lang=\"\(language)\">"), name)
            let alternates = Self.matches(#"<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">"#, in: html)
            XCTAssertEqual(alternates.map { $0[0] }, ["en", "de", "zh-Hans", "x-default"], name)
            XCTAssertEqual(alternates.last?[1], "changelog.en.html", "x-default is the default locale's page")
            for link in alternates {
                XCTAssertTrue(directory.exists("site/" + link[1]), "\(name) links to \(link[1]), which was not written")
                if link[0] != "x-default" { XCTAssertEqual(pages[link[0]], link[1]) }
            }
            let switcher = Self.matches(#"<li><a href="([^"]+)" hreflang="([^"]+)" lang="[^"]+" dir="auto"( aria-current="page")?>([^<]+)</a></li>"#, in: html)
            XCTAssertEqual(switcher.map { $0[3] }, ["English", "Deutsch", "简体中文"], name)
            XCTAssertEqual(switcher.filter { !$0[2].isEmpty }.map { $0[0] }, [name], "\(name) marks itself, and only itself, as the current page")
        }
        XCTAssertTrue(try directory.read("site/changelog.de.html").contains("<nav class=\"languages\" aria-label=\"Sprachen\">"))
        XCTAssertTrue(try directory.read("site/CHANGELOG.de.md").contains("Versionshinweise"))
        XCTAssertTrue(try directory.read("site/notes.zh-Hans.txt").contains("新功能"))
        // The JSON is written once, without a locale of its own (each text by the default chain).
        let json = try directory.read("site/notes.json")
        XCTAssertTrue(json.contains("\"locale\": null"), String(json.prefix(300)))
    }

    /// `defaults.locale` is the first page and `x-default`, whatever order the texts give; a regional code keeps
    /// its region in the name; a release body is written per locale too.
    func testTheDefaultLocaleComesFirstAndRegionalCodesKeepTheirRegion() throws {
        let directory = try TemporaryDirectory("every-locale-default")
        let manifest = try directory.write("notes.yaml", """
        defaults: { locale: pt-BR }
        versions:
          - version: 1.0.0
            title: { en: "What's New", pt-BR: "Novidades", de: "Neuigkeiten" }
            features:
              - { title: { en: Maps, pt-BR: Mapas }, subtitle: Offline. }
        """)
        let result = try CommandRunner.run(["compile", manifest, "--locale", "all", "--release", "1.0.0", "--format", "html", "--format", "release-body",
                                            "-o", directory.path("out/")])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try directory.names(in: "out"), ["changelog.de.html", "changelog.en.html", "changelog.pt-BR.html",
                                                        "release-notes.de.md", "release-notes.en.md", "release-notes.pt-BR.md"])
        let page = try directory.read("out/changelog.en.html")
        XCTAssertEqual(Self.matches(#"hreflang="([^"]+)" href="([^"]+)">"#, in: page).map { $0.joined(separator: " ") },
                       ["pt-BR changelog.pt-BR.html", "en changelog.en.html", "de changelog.de.html", "x-default changelog.pt-BR.html"])
        XCTAssertTrue(try directory.read("out/release-notes.pt-BR.md").contains("Mapas"))
        XCTAssertTrue(try directory.read("out/release-notes.en.md").contains("Maps"))
    }

    func testWithoutAnOutputDirectoryItIsAUsageErrorThatSaysWhatToDo() throws {
        let result = try CommandRunner.run(["compile", "notes.yaml", "--locale", "all"], in: Paths.fixtures)
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("--locale all writes one file per locale of the manifest (CHANGELOG.de.md, changelog.de.html, …), "
                                             + "which standard output cannot take; add '-o DIRECTORY/' (e.g. -o site/), or give one --locale"), result.stderr)
        let template = try CommandRunner.run(["compile", "notes.yaml", "--locale", "all", "--template", "../Templates/CHANGELOG.md.mustache", "-o", "/nonexistent/"],
                                             in: Paths.fixtures)
        XCTAssertEqual(template.status, 64)
        XCTAssertTrue(template.stderr.contains("--locale all cannot render a --template"), template.stderr)
    }

    func testAManifestWithoutLocalesIsAUsageErrorAndWritesNothing() throws {
        let directory = try TemporaryDirectory("every-locale-none")
        let manifest = try directory.write("notes.yaml", "versions:\n  - { version: 1.0.0, features: [{ title: Maps, subtitle: Offline. }] }\n")
        let result = try CommandRunner.run(["compile", manifest, "--locale", "all", "-o", directory.path("out/")])
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("whatsnew: error: --locale all writes one file per locale of the manifest, and it has none"), result.stderr)
        XCTAssertFalse(directory.exists("out"))
    }

    /// An output that would be an input is refused once the names are known, before anything is written.
    func testAPerLocaleFileThatIsAnInputIsRefused() throws {
        let directory = try TemporaryDirectory("every-locale-input")
        let manifest = try directory.write("notes.de.md", "defaults: { locale: de }\nversions:\n  - { version: 1.0.0, features: [{ title: Karten, subtitle: Offline. }] }\n")
        let result = try CommandRunner.run(["compile", manifest, "--locale", "all", "--format", "markdown",
                                            "-o", directory.path("notes.md")])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertTrue(result.stderr.contains("is an input of this run"), result.stderr)
        XCTAssertTrue(try directory.read("notes.de.md").hasPrefix("defaults:"))
    }

    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (1..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }
}
