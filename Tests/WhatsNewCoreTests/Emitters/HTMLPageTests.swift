import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import WhatsNewDiagnostics
@testable import WhatsNewIO
@testable import WhatsNewReader
@testable import WhatsNewRender

/// The HTML pages' pieces that a browser cannot check by itself: the words and dates of each language, the
/// brand colour's shades, and the markup for texts in another language, icons and actions.
final class HTMLPageTests: XCTestCase {
    private func page(_ yaml: String, locale: String? = nil, page: HTMLEmitter.Page = .changelog, files: [String: [UInt8]] = [:],
                      file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let engine = DiagnosticEngine()
        let imageFiles = ImageFileOptions(fileSystem: InMemoryImageFileSystem(files: files))
        let compiler = Compiler(readOptions: ReadOptions(limits: YAMLLimits(), imageFiles: imageFiles))
        let manifest = try XCTUnwrap(try compiler.load(contents: Array(yaml.utf8), name: "notes.yaml", engine: engine),
                                     engine.diagnostics.map(\.message).joined(separator: "\n"), file: file, line: line)
        XCTAssertFalse(engine.hasErrors, engine.diagnostics.map(\.message).joined(separator: "\n"), file: file, line: line)
        let notes = ReleaseNotes(manifest, selection: Selection(locale: locale))
        return HTMLEmitter(page: page).emit(notes, imageFiles: imageFiles)
    }

    // MARK: Words and dates

    func testDatesInEachLanguage() {
        let cases: [(String, String)] = [
            ("en", "12 June 2025"), ("de", "12. Juni 2025"), ("fr", "12 juin 2025"), ("es", "12 de junio de 2025"),
            ("it", "12 giugno 2025"), ("pt-BR", "12 de junho de 2025"), ("ja", "2025年6月12日"), ("ko", "2025년 6월 12일"),
            ("zh-Hans", "2025年6月12日"), ("zh-Hant", "2025年6月12日"),
        ]
        for (locale, expected) in cases {
            XCTAssertEqual(PageText.forPage(locale: locale, defaultLocale: nil).humanDate("2025-06-12"), expected, locale)
        }
        XCTAssertEqual(PageText.french.humanDate("2026-03-01"), "1er mars 2026")
        XCTAssertEqual(PageText.portuguese.humanDate("2026-03-01"), "1º de março de 2026")
        XCTAssertEqual(PageText.english.humanDate("2026-03-01T10:00:00Z"), "1 March 2026", "the date of a date and time")
        for notADate in ["2025-13-01", "2025-06-32", "2025-6-12", "yesterday", "", "２０２５-06-12"] {
            XCTAssertNil(PageText.english.humanDate(notADate), notADate)
        }
    }

    /// The words follow the texts' fallback chain: the locale, its language, the default locale, English.
    func testWordsFollowTheFallbackChain() {
        XCTAssertEqual(PageText.forPage(locale: "de-AT", defaultLocale: "fr").language, "de")
        XCTAssertEqual(PageText.forPage(locale: "nl", defaultLocale: "fr").language, "fr")
        XCTAssertEqual(PageText.forPage(locale: "nl", defaultLocale: nil).language, "en")
        XCTAssertEqual(PageText.forPage(locale: nil, defaultLocale: "ja").language, "ja")
        XCTAssertEqual(PageText.forPage(locale: "pt", defaultLocale: nil).language, "pt-BR")
        XCTAssertEqual(PageText.forPage(locale: "zh-TW", defaultLocale: nil).language, "zh-Hant")
        XCTAssertEqual(PageText.forPage(locale: "zh_Hant_HK", defaultLocale: nil).language, "zh-Hant")
        XCTAssertEqual(PageText.forPage(locale: "zh-CN", defaultLocale: nil).language, "zh-Hans")
        XCTAssertEqual(PageText.forPage(locale: "zh", defaultLocale: nil).language, "zh-Hans")
        XCTAssertEqual(PageText.german.linkTo(version: "1.2.0"), "Link zu Version 1.2.0")
    }

    // MARK: Colors

    private func hue(_ color: RGBColor) -> Double {
        let (r, g, b) = (Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
        let (high, low) = (max(r, g, b), min(r, g, b))
        guard high > low else { return 0 }
        let degrees: Double
        if high == r { degrees = 60 * ((g - b) / (high - low)).truncatingRemainder(dividingBy: 6) }
        else if high == g { degrees = 60 * ((b - r) / (high - low) + 2) }
        else { degrees = 60 * ((r - g) / (high - low) + 4) }
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// A brand colour that fails contrast is shaded, not replaced: it meets 4.5:1 on every surface of the
    /// scheme and keeps its hue; one that passes is left as it is.
    func testBrandColoursAreShadedKeepingTheirHue() throws {
        let brands = ["#34C759", "#4285F4", "#FFCC00", "#1A0DAB", "#FF2D55", "#5E5CE6", "#8E8E93"]
        for spelled in brands {
            let color = try XCTUnwrap(Color.parse(spelled))
            let original = color.resolved(for: .light)
            for scheme in HTMLStyle.Scheme.both {
                let shaded = HTMLStyle.shaded(color, in: scheme, accent: color)
                for surface in scheme.surfaces {
                    XCTAssertGreaterThanOrEqual(RGBColor.contrast(shaded, surface), 4.5, "\(spelled) \(scheme.appearance)")
                }
                XCTAssertEqual(hue(shaded), hue(original), accuracy: 3, "\(spelled) \(scheme.appearance): \(shaded.hex)")
                if scheme.surfaces.allSatisfy({ RGBColor.contrast(original, $0) >= 4.5 }) {
                    XCTAssertEqual(shaded, original, "\(spelled) already readable in \(scheme.appearance)")
                }
            }
        }
        // iOS green fails on white as it is (2.2:1), and passes on the dark background.
        let green = try XCTUnwrap(Color.parse("#34C759"))
        XCTAssertNotEqual(HTMLStyle.shaded(green, in: .light, accent: green), green.resolved(for: .light))
        XCTAssertEqual(HTMLStyle.shaded(green, in: .dark, accent: green), green.resolved(for: .dark))
    }

    /// A button keeps its text color and has its background shaded: white on iOS blue stays white.
    func testButtonsShadeTheirBackgroundNotFlipTheirText() throws {
        let white = Color.named(.white)
        for spelled in ["#007AFF", "#34C759", "#FFCC00", "#FF9500"] {
            let background = try XCTUnwrap(Color.parse(spelled))
            for scheme in HTMLStyle.Scheme.both {
                let colors = HTMLStyle.button(background: background, foreground: white, in: scheme, accent: background)
                XCTAssertEqual(colors.foreground, RGBColor(red: 255, green: 255, blue: 255), spelled)
                XCTAssertGreaterThanOrEqual(RGBColor.contrast(colors.foreground, colors.background), 4.5, spelled)
                XCTAssertEqual(hue(colors.background), hue(background.resolved(for: scheme.appearance)), accuracy: 3, spelled)
            }
        }
        let black = Color.named(.black)
        let dark = try XCTUnwrap(Color.parse("#1A0DAB"))
        let colors = HTMLStyle.button(background: dark, foreground: black, in: .light, accent: dark)
        XCTAssertEqual(colors.foreground, RGBColor(red: 0, green: 0, blue: 0), "black text keeps its color")
        XCTAssertGreaterThanOrEqual(RGBColor.contrast(colors.foreground, colors.background), 4.5, "on a lightened background")
    }

    // MARK: Markup

    private let localized = """
    defaults: { locale: en, title: "What's New" }
    app: { name: Trails, url: "https://example.com/trails" }
    versions:
      - version: 1.1.0
        date: 2025-06-12
        title: { en: Summer, de: Sommer }
        features:
          - title: { en: Offline maps, de: Offline-Karten }
            subtitle: { en: Only in English. }
            image: { systemName: made.up.symbol }
          - title: Plain
            subtitle: Not localized.
            image: { emoji: "🗺️", alt: { en: A map, de: Eine Karte } }
        secondaryAction: { title: Close, dismiss: true }
      - version: 1.0.0
        features: [{ title: First, subtitle: Hello. }]
        secondaryAction: { title: { en: Run it }, custom: run }
      - version: 0.9.0
        features: [{ title: Older, subtitle: Hi. }]
    """

    func testTextsFromAnotherLanguageAreMarkedWithLang() throws {
        let html = try page(localized, locale: "de")
        XCTAssertTrue(html.contains("<html lang=\"de\">"))
        XCTAssertTrue(html.contains("<span class=\"version-title\" dir=\"auto\">Sommer</span>"), "in the page's language: no lang")
        XCTAssertTrue(html.contains("<p class=\"feature-subtitle\" dir=\"auto\" lang=\"en\">Only in English.</p>"))
        XCTAssertTrue(html.contains("<p class=\"feature-subtitle\" dir=\"auto\">Not localized.</p>"), "a text with no locale: the page's")
        XCTAssertTrue(html.contains("role=\"img\" aria-label=\"Eine Karte\""))
        XCTAssertTrue(html.contains("<time datetime=\"2025-06-12\">12. Juni 2025</time>"))
        XCTAssertTrue(html.contains(">Versionshinweise</h1>"))

        let dutch = try page(localized, locale: "nl")
        XCTAssertTrue(dutch.contains("<html lang=\"nl\">"))
        XCTAssertTrue(dutch.contains("<h1 lang=\"en\">Release notes</h1>"), "English words on a Dutch page say so")
        XCTAssertTrue(dutch.contains("<span class=\"version-title\" dir=\"auto\" lang=\"en\">Summer</span>"))
        XCTAssertTrue(dutch.contains("<time datetime=\"2025-06-12\" lang=\"en\">12 June 2025</time>"))
    }

    func testIconsAreDecorativeUnlessTheyHaveAltTextOfTheirOwn() throws {
        let html = try page(localized)
        XCTAssertTrue(html.contains("<span class=\"icon icon-generic\" aria-hidden=\"true\"></span>"),
                      "an unknown symbol is a plain dot, not a tiny bullet character")
        XCTAssertFalse(html.contains(">•<"))
        XCTAssertTrue(html.contains("<span class=\"icon\" role=\"img\" aria-label=\"A map\">🗺️</span>"))
        XCTAssertFalse(html.contains("aria-label=\"Offline maps\""), "a glyph is not announced with the title it stands beside")
    }

    /// An SVG file icon is drawn inside its box with a margin (a glyph-like drawing), a PNG fills it (an app icon).
    func testSVGIconsSitInsideTheirBox() throws {
        let yaml = """
        images: { drawing: { file: drawing.svg, alt: A drawing }, photo: { file: photo.png, alt: A photo } }
        versions:
          - version: 1.0.0
            features: [{ title: One, subtitle: S, image: drawing }, { title: Two, subtitle: S, image: photo }]
        """
        let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><rect width=\"1\" height=\"1\"/></svg>".utf8)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 16)
        let html = try page(yaml, files: ["drawing.svg": svg, "photo.png": png])
        XCTAssertTrue(html.contains("<span class=\"icon icon-file icon-svg\"><img src=\"data:image/svg+xml;base64,"))
        XCTAssertTrue(html.contains("<span class=\"icon icon-file\"><img src=\"data:image/png;base64,"))
        XCTAssertTrue(HTMLStyle.css(accent: .named(.blue)).contains(".icon-svg img { width: 62%; height: 62%;"))
    }

    func testPreReleasesHaveABadge() throws {
        let yaml = """
        versions:
          - { version: 2.0.0-beta.1, features: [{ title: Beta, subtitle: S }] }
          - { version: 1.0.0, features: [{ title: Release, subtitle: S }] }
        """
        let html = try page(yaml)
        XCTAssertTrue(html.contains("<p class=\"version-meta\"><span class=\"badge\">Pre-release</span> <a class=\"permalink-mark\" href=\"#v2.0.0-beta.1\""))
        XCTAssertTrue(html.contains("<bdi class=\"index-title\"><span class=\"badge\">Pre-release</span> </bdi>"), "in the index too")
        XCTAssertEqual(html.components(separatedBy: "Pre-release</span>").count - 1, 2, "only the pre-release has one")
    }

    func testAppOnlyActionsAreLeftOutOfPages() throws {
        for kind in HTMLEmitter.Page.allCases {
            let html = try page(localized, page: kind)
            XCTAssertFalse(html.contains("Close"), kind.rawValue)
            XCTAssertFalse(html.contains("Run it"), kind.rawValue)
        }
    }

    func testTheIndexLeavesOutTheTitleMostVersionsShare() throws {
        let html = try page(localized)
        XCTAssertTrue(html.contains("<li><a href=\"#v1.1.0\"><span class=\"index-version\">1.1.0</span><bdi class=\"index-title\">Summer</bdi>"))
        XCTAssertTrue(html.contains("<li><a href=\"#v1.0.0\"><span class=\"index-version\">1.0.0</span></a></li>"))
        XCTAssertFalse(html.contains("<ol>"), "no numbered list")
        XCTAssertNil(HTMLEmitter.sharedTitle([]))
    }

    func testTheShowcaseButtonGoesToTheAppsPageOrIsLeftOut() throws {
        let withURL = try page(localized, page: .showcase)
        XCTAssertTrue(withURL.contains("<a class=\"primary-button\" href=\"https://example.com/trails\""))
        XCTAssertFalse(withURL.contains("<button"))
        let withoutURL = try page(localized.replacingOccurrences(of: ", url: \"https://example.com/trails\"", with: ""), page: .showcase)
        XCTAssertFalse(withoutURL.contains("primary-button\""))
        XCTAssertFalse(withoutURL.contains("<button"))
    }
}
