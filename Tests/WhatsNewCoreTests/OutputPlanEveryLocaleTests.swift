import XCTest
@testable import WhatsNewCore
@testable import WhatsNewRender

/// `--locale all`'s plan: a target per locale for the per-locale formats, the locale before the extension, and
/// no locale code that could leave the directory or hide in a name.
final class OutputPlanEveryLocaleTests: XCTestCase {
    private func targets(_ formats: [OutputFormat], _ output: String, locales: [String]) -> [String] {
        guard case .success(let plan) = OutputPlan.make(formats: formats, output: output, outputIsDirectory: false) else {
            return ["error: no plan"]
        }
        switch plan.forEveryLocale(locales) {
        case .success(let plan): return plan.targets.map { "\($0.format.rawValue) \($0.path) \($0.locale ?? "-")" }
        case .failure(let error): return ["error: \(error)"]
        }
    }

    func testPerLocaleFormatsGetAFilePerLocaleAndTheOthersOne() {
        XCTAssertEqual(targets([.markdown, .html, .json, .ansi, .releaseBody, .atom], "site/", locales: ["en", "de", "zh-Hans"]), [
            "markdown site/CHANGELOG.en.md en", "markdown site/CHANGELOG.de.md de", "markdown site/CHANGELOG.zh-Hans.md zh-Hans",
            "html site/changelog.en.html en", "html site/changelog.de.html de", "html site/changelog.zh-Hans.html zh-Hans",
            "json site/notes.json -",
            "ansi site/notes.en.txt en", "ansi site/notes.de.txt de", "ansi site/notes.zh-Hans.txt zh-Hans",
            "release-body site/release-notes.en.md en", "release-body site/release-notes.de.md de", "release-body site/release-notes.zh-Hans.md zh-Hans",
            "atom site/feed.atom -",
        ])
    }

    func testTheLocaleGoesBeforeTheExtensionOfTheFileNamed() {
        XCTAssertEqual(targets([], "docs/v1.2/CHANGELOG.md", locales: ["de", "pt-BR"]),
                       ["markdown docs/v1.2/CHANGELOG.de.md de", "markdown docs/v1.2/CHANGELOG.pt-BR.md pt-BR"])
        XCTAssertEqual(OutputPlan.path("out.d/notes", locale: "de"), "out.d/notes.de")
        XCTAssertEqual(OutputPlan.path(".hidden", locale: "de"), ".hidden.de")
        XCTAssertEqual(OutputPlan.path("page.tar.html", locale: "ja"), "page.tar.ja.html")
    }

    func testStandardOutputAndAManifestWithoutLocalesAreRefused() {
        guard case .success(let plan) = OutputPlan.make(formats: [.markdown], output: nil, outputIsDirectory: false) else {
            return XCTFail("no plan")
        }
        guard case .failure(let error) = plan.forEveryLocale(["en", "de"]) else { return XCTFail("standard output was planned") }
        XCTAssertEqual(error.description, "--locale all writes one file per locale, and --format markdown would go to standard output; add '-o DIRECTORY/'")
        XCTAssertEqual(targets([], "site/", locales: []), ["error: --locale all writes one file per locale of the manifest, and it has none: no text is a map from locale to text, "
                                                           + "and there is no 'defaults.locale'; give one --locale, or add 'defaults.locale'"])
    }

    func testALocaleThatCouldNotBePartOfAFileNameIsRefused() {
        for unsafe in ["../etc", "de/x", "..", ".", "", "de.x", "de x", "de\u{1}", "de\n", "-de", "1de", "dé", "de\\x",
                       String(repeating: "a", count: 36)] {
            XCTAssertFalse(OutputPlan.isSafeLocaleCode(unsafe), unsafe)
            let planned = targets([.html], "site/", locales: ["en", unsafe])
            XCTAssertEqual(planned.count, 1, unsafe)
            XCTAssertTrue(planned[0].hasPrefix("error: the locale '"), planned[0])
            XCTAssertTrue(planned[0].contains("cannot be part of a file name"), planned[0])
            XCTAssertFalse(planned[0].contains("\u{1}") || planned[0].contains("\n"), "a control character printed: \(planned[0])")
        }
        for safe in ["en", "de-AT", "zh-Hans", "es-419", "sr-Latn-RS", String(repeating: "a", count: 35)] {
            XCTAssertTrue(OutputPlan.isSafeLocaleCode(safe), safe)
        }
    }
}
