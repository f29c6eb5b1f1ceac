import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText

final class ColorTests: XCTestCase {
    func testParsesNamesAndHex() {
        XCTAssertEqual(Color.parse("orange"), .named(.orange))
        XCTAssertEqual(Color.parse("accentColor"), .named(.accentColor))
        XCTAssertEqual(Color.parse("#F80"), .rgb(RGBColor(red: 0xFF, green: 0x88, blue: 0x00)))
        XCTAssertEqual(Color.parse("#1a2B3c"), .rgb(RGBColor(red: 0x1A, green: 0x2B, blue: 0x3C)))
        XCTAssertEqual(Color.parse("#11223380"), .rgb(RGBColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x80)))
        for bad in ["Orange", "orange ", "", "#", "#12", "#1234", "#12345", "#1234567", "#GGG", "123456", "#ff00ff00ff", "rgb(1,2,3)"] {
            XCTAssertNil(Color.parse(bad), bad)
        }
        XCTAssertEqual(NamedColor.allCases.count, 19)
    }

    func testDescriptionSpellsItAsAManifestWould() {
        XCTAssertEqual(Color.named(.mint).description, "mint")
        XCTAssertEqual(Color.parse("#abc")?.description, "#AABBCC")
        XCTAssertEqual(Color.parse("#abcdef80")?.description, "#ABCDEF80")
    }

    func testNamedColorsHaveLightAndDarkValues() {
        XCTAssertEqual(NamedColor.red.light, RGBColor(red: 255, green: 59, blue: 48))
        XCTAssertEqual(NamedColor.red.dark, RGBColor(red: 255, green: 69, blue: 58))
        XCTAssertEqual(Color.named(.primary).resolved(for: .light), RGBColor(red: 0, green: 0, blue: 0))
        XCTAssertEqual(Color.named(.primary).resolved(for: .dark), RGBColor(red: 255, green: 255, blue: 255))
        XCTAssertEqual(Color.named(.clear).resolved(for: .dark).alpha, 0)
        for name in NamedColor.allCases where name != .clear && name != .secondary {
            XCTAssertTrue(name.light.isOpaque && name.dark.isOpaque, name.rawValue)
        }
    }

    func testAccentColorTakesTheManifestsChoice() {
        XCTAssertEqual(Color.named(.accentColor).resolved(for: .light), NamedColor.blue.light)
        XCTAssertEqual(Color.named(.accentColor).resolved(for: .dark, accent: .named(.pink)), NamedColor.pink.dark)
        let hex = RGBColor(red: 1, green: 2, blue: 3)
        XCTAssertEqual(Color.named(.accentColor).resolved(for: .light, accent: .rgb(hex)), hex)
        XCTAssertEqual(Color.named(.accentColor).resolved(for: .light, accent: .named(.accentColor)), NamedColor.blue.light)
    }

    func testCSSValues() {
        XCTAssertEqual(Color.named(.blue).cssValue(for: .light), "#007aff")
        XCTAssertEqual(Color.named(.clear).cssValue(for: .light), "transparent")
        XCTAssertEqual(Color.named(.secondary).cssValue(for: .light), "rgba(60, 60, 67, 0.6)")
        XCTAssertEqual(RGBColor(red: 1, green: 2, blue: 3, alpha: 128).cssValue, "rgba(1, 2, 3, 0.502)")
        XCTAssertEqual(RGBColor(red: 1, green: 2, blue: 3, alpha: 1).cssValue, "rgba(1, 2, 3, 0.004)")
    }

    func testCompositingOverTheBackground() {
        let secondary = NamedColor.secondary.light
        XCTAssertEqual(secondary.composited(over: ColorAppearance.light.background), RGBColor(red: 138, green: 138, blue: 142))
        XCTAssertEqual(NamedColor.red.light.composited(over: ColorAppearance.dark.background), NamedColor.red.light)
    }

    /// The nearest entry of the 256-color palette keeps the hue (see `TerminalColorsTests`); grays stay gray.
    func testNearest256Color() {
        let cases: [(RGBColor, Int)] = [
            (RGBColor(red: 0, green: 0, blue: 0), 16),
            (RGBColor(red: 255, green: 255, blue: 255), 231),
            (RGBColor(red: 255, green: 0, blue: 0), 196),
            (RGBColor(red: 0x5F, green: 0x87, blue: 0xAF), 67),
            (RGBColor(red: 128, green: 128, blue: 128), 244),
            (RGBColor(red: 8, green: 8, blue: 8), 232),
            (RGBColor(red: 250, green: 250, blue: 250), 231),
            (RGBColor(red: 238, green: 238, blue: 238), 255),
        ]
        for (color, index) in cases {
            XCTAssertEqual(color.ansi256Index, index, color.hex)
        }
    }
}
