import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import Markdown

/// Colors in the terminal: a brand colour keeps its hue in 256 colors, and every colored text is readable on a
/// light terminal (#FFFFFF) and on a dark one (#000000, #1E1E1E) alike, whatever `COLORFGBG` says.
final class TerminalColorsTests: XCTestCase {
    private static let brandColors = ["#2E7D32", "#1B5E20", "#007AFF", "#FF9500", "#AF52DE", "#E91E63", "#795548", "#009688",
                                      "#3F51B5", "#FFC107", "#00BCD4", "#8BC34A", "#FF5722", "#607D8B", "#6750A4", "#B3261E"]

    /// Every color a manifest can name or write: the named colors on both appearances and some brand colours.
    private static var colors: [(name: String, color: Color)] {
        NamedColor.allCases.filter { $0 != .clear && $0 != .primary }.map { ($0.rawValue, Color.named($0)) }
            + brandColors.map { ($0, Color.parse($0)!) }
    }

    private static let backgrounds: [(String, RGBColor)] = [("#FFFFFF", RGBColor(red: 255, green: 255, blue: 255)),
                                                            ("#000000", RGBColor(red: 0, green: 0, blue: 0)),
                                                            ("#1E1E1E", RGBColor(red: 0x1E, green: 0x1E, blue: 0x1E))]

    /// The RGB value an SGR sequence sets, for `38` (foreground) or `48` (background).
    private func color(in sgr: String, _ prefix: String) -> RGBColor? {
        let codes = sgr.split(separator: ";").map(String.init)
        guard let start = codes.firstIndex(of: prefix), start + 1 < codes.count else { return nil }
        if codes[start + 1] == "5" { return TerminalColors.rgb(ofEntry: Int(codes[start + 2])!) }
        return RGBColor(red: UInt8(codes[start + 2])!, green: UInt8(codes[start + 3])!, blue: UInt8(codes[start + 4])!)
    }

    private func renderers(accent: Color = .named(.blue)) -> [(String, ANSIRenderer)] {
        var result: [(String, ANSIRenderer)] = []
        for depth in [TerminalCapabilities.ColorDepth.ansi256, .trueColor] {
            for appearance in ColorAppearance.allCases {
                result.append(("\(depth) on \(appearance)",
                               ANSIRenderer(capabilities: TerminalCapabilities(colorDepth: depth, hyperlinks: false, appearance: appearance),
                                            accentColor: accent)))
            }
        }
        return result
    }

    /// macOS Terminal (256 colors): #2E7D32 was gray 239 by the nearest RGB distance; now every colored color
    /// maps to a colored entry of the cube whose hue is within 30° of its own (OKLCh; 45° for a grayish one,
    /// whose hue shows less).
    func testColorsKeepTheirHueIn256Colors() {
        XCTAssertNotEqual(RGBColor.parseHex("#2E7D32")!.ansi256Index, 239)
        for (name, color) in Self.colors {
            for appearance in ColorAppearance.allCases {
                let value = color.resolved(for: appearance).composited(over: appearance.background)
                let source = OKLab(value)
                guard source.chroma >= TerminalColors.grayChroma else { continue }
                for constraint in [TerminalColors.Constraint.none, .text] {
                    let shaded = constraint == .text ? TerminalColors.text(value) : value
                    let index = TerminalColors.ansi256Index(shaded, keeping: constraint)
                    XCTAssertTrue((16...231).contains(index), "\(name) on \(appearance): \(index) is not in the cube")
                    let entry = OKLab(TerminalColors.rgb(ofEntry: index))
                    XCTAssertGreaterThanOrEqual(entry.chroma, TerminalColors.grayChroma, "\(name) on \(appearance): \(index) is gray")
                    var hueDifference = abs(entry.hue - source.hue)
                    hueDifference = min(hueDifference, 360 - hueDifference)
                    XCTAssertLessThanOrEqual(hueDifference, source.chroma < 0.06 ? 45 : 30, "\(name) \(value.hex) on \(appearance) \(constraint): entry \(index)")
                }
            }
        }
        // A gray stays a gray.
        XCTAssertEqual(RGBColor(red: 128, green: 128, blue: 128).ansi256Index, 244)
        XCTAssertEqual(RGBColor(red: 255, green: 255, blue: 255).ansi256Index, 231)
        XCTAssertEqual(RGBColor(red: 0, green: 0, blue: 0).ansi256Index, 16)
        XCTAssertEqual(RGBColor(red: 0xD7, green: 0x5F, blue: 0x00).ansi256Index, 166, "an entry is itself")
    }

    /// Every colored text — titles, glyphs, links, action titles and inline code (2.06:1 on white before) — has
    /// at least 3:1 on white, black and #1E1E1E, in 256 colors and in 24 bits, whatever appearance is assumed.
    func testColoredTextIsReadableOnLightAndDarkTerminals() {
        for (name, color) in Self.colors + [("accentColor", .named(.accentColor))] {
            for (label, renderer) in renderers(accent: .parse("#FFD60A")!) {
                let sgr = renderer.sgrCodes(ANSIStyle(bold: true, foreground: color))
                guard let written = self.color(in: sgr, "38") else { continue }
                for (background, value) in Self.backgrounds {
                    XCTAssertGreaterThanOrEqual(RGBColor.contrast(written, value), TerminalColors.textContrast,
                                                "\(name) (\(label)) written as \(written.hex) on \(background)")
                }
            }
        }
        for (label, renderer) in renderers() {
            for base in [ANSIStyle.plain, ANSIStyle(dim: true)] {
                let line = renderer.styled(MarkdownText(parsing: "a `code` span"), base: base)
                let code = try! XCTUnwrap(line.runs.first { $0.text == "code" })
                XCTAssertFalse(code.style.dim, "code is not dimmed toward the background (\(label))")
                let written = try! XCTUnwrap(color(in: renderer.sgrCodes(code.style), "38"), label)
                for (background, value) in Self.backgrounds {
                    XCTAssertGreaterThanOrEqual(RGBColor.contrast(written, value), TerminalColors.textContrast,
                                                "code (\(label)) \(written.hex) on \(background)")
                }
            }
        }
    }

    /// A button's text on its background: 4.5:1, the background shaded, keeping its hue.
    func testButtonTextIsReadableOnItsBackground() {
        for (name, color) in Self.colors {
            for foreground in [Color.named(.white), .named(.black), .parse("#FFF")!] {
                for (label, renderer) in renderers() {
                    let sgr = renderer.sgrCodes(ANSIStyle(bold: true, foreground: foreground, background: color))
                    guard let front = self.color(in: sgr, "38"), let back = self.color(in: sgr, "48") else {
                        return XCTFail("\(sgr) has both colors")
                    }
                    let contrast = RGBColor.contrast(front, back)
                    XCTAssertGreaterThanOrEqual(contrast, TerminalColors.buttonContrast,
                                                "\(foreground) on \(name) (\(label)): \(front.hex) on \(back.hex)")
                }
            }
        }
    }
}
