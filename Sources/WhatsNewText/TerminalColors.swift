#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Threads

/// The colors the terminal output writes. A terminal's background is not known (`COLORFGBG` is rarely set,
/// and often stale), so a color written as text on it is shaded, keeping its hue, until it is readable on a
/// light one and on a dark one: at least `textContrast` against white (#FFFFFF), black (#000000) and a dark
/// theme's gray (#1E1E1E). One color cannot do better on both: the most that one holds against both white and
/// #1E1E1E is about 4.1:1. A color that already has the contrast is written as it is. A button's background
/// is shaded instead until its own text has `buttonContrast` on it, whatever the terminal's background.
///
/// In 256 colors, a color becomes the entry of the 6×6×6 cube nearest to it by a perceptual distance (OKLab)
/// that weighs a change of hue and of chroma more than one of lightness, among the entries that keep the
/// contrast; the gray ramp (and the cube's grays) only for a color that is gray itself. The nearest entry by
/// plain RGB distance, as tmux picks it, turns many brand colours gray (#2E7D32, a dark green, becomes gray 238).
package enum TerminalColors {
    /// The contrast a color written as text has on every background of `backgrounds` (WCAG's minimum for large
    /// text and for graphics: the terminal colors titles, glyphs, links and code).
    package static let textContrast = 3.0
    /// The contrast of a button's text on its background (WCAG AA for text).
    static let buttonContrast = 4.5
    /// Typical terminal backgrounds: light, dark, and a dark theme's gray.
    static let backgrounds = [RGBColor(red: 255, green: 255, blue: 255), RGBColor(red: 0, green: 0, blue: 0),
                              RGBColor(red: 0x1E, green: 0x1E, blue: 0x1E)]

    /// `color` (opaque) shaded until it has `textContrast` on every typical background.
    package static func text(_ color: RGBColor) -> RGBColor {
        let key = ShadeKey(color: color, foreground: nil)
        if let known = shades.withLock({ $0[key] }) { return known }
        let shaded = shadedText(color)
        shades.withLock { shades in
            if shades.count < 4096 { shades[key] = shaded }
        }
        return shaded
    }

    private static func shadedText(_ color: RGBColor) -> RGBColor {
        // Too light for white: darkened just until it is not; too dark for the dark ones: lightened. (Each
        // way is a shade of its own: darkening to meet white never loses the dark backgrounds' contrast
        // before it meets white, since one color can have both.)
        let light = backgrounds[0], dark = Array(backgrounds.dropFirst())
        if RGBColor.contrast(color, light) < textContrast {
            return RGBColor.shaded(color, toContrast: textContrast, on: [light], darker: true)
        }
        return RGBColor.shaded(color, toContrast: textContrast, on: dark, darker: false)
    }

    /// A button's background shaded until `foreground` has `buttonContrast` on it (`foreground` nil: the
    /// terminal's own text color, light or dark, so the background is left as it is).
    package static func buttonBackground(_ background: RGBColor, foreground: RGBColor?) -> RGBColor {
        guard let foreground else { return background }
        let key = ShadeKey(color: background, foreground: foreground)
        if let known = shades.withLock({ $0[key] }) { return known }
        // Light text (white, say) needs a darker background, dark text a lighter one.
        let shaded = RGBColor.shaded(background, toContrast: buttonContrast, on: [foreground], darker: RGBColor.luminance(foreground) > 0.18)
        shades.withLock { shades in
            if shades.count < 4096 { shades[key] = shaded }
        }
        return shaded
    }

    /// A color to shade: as text (no foreground), or as a button's background under `foreground`.
    private struct ShadeKey: Hashable {
        var color: RGBColor
        var foreground: RGBColor?
    }

    /// Each color of a manifest is shaded once (a terminal line writes its colors anew).
    private static let shades = Locked<[ShadeKey: RGBColor]>([:])

    /// A button's text color as the terminal shows it: itself in 24 bits, its entry's value in 256 colors.
    package static func ansiFront(_ color: RGBColor, depth: TerminalCapabilities.ColorDepth) -> RGBColor {
        depth == .ansi256 ? rgb(ofEntry: ansi256Index(color, keeping: .none)) : color
    }

    /// What an entry of the palette must keep.
    package enum Constraint: Hashable {
        /// Text on the terminal's background: `textContrast` on every typical background.
        case text
        /// A button's background: `buttonContrast` with its text (the text's entry).
        case behind(RGBColor)
        /// Nothing.
        case none
    }

    /// The index (16–255) of the 256-color entry for `color`, as described above.
    package static func ansi256Index(_ color: RGBColor, keeping constraint: Constraint) -> Int {
        let key = CacheKey(color: RGBColor(red: color.red, green: color.green, blue: color.blue), constraint: constraint)
        if let known = cache.withLock({ $0[key] }) { return known }
        let index = nearestEntry(key.color, keeping: constraint)
        cache.withLock { cache in
            if cache.count < 4096 { cache[key] = index }
        }
        return index
    }

    private struct CacheKey: Hashable {
        var color: RGBColor
        var constraint: Constraint
    }

    /// A manifest uses a handful of colors on thousands of lines: each is matched once.
    private static let cache = Locked<[CacheKey: Int]>([:])

    /// The RGB value of a 256-color entry from 16 up (the 16 below are the terminal theme's own).
    package static func rgb(ofEntry index: Int) -> RGBColor {
        if index >= 232 {
            let level = UInt8(8 + 10 * (index - 232))
            return RGBColor(red: level, green: level, blue: level)
        }
        let cube: [UInt8] = [0x00, 0x5F, 0x87, 0xAF, 0xD7, 0xFF]
        let value = index - 16
        return RGBColor(red: cube[value / 36], green: cube[value / 6 % 6], blue: cube[value % 6])
    }

    /// Chroma (OKLCh) below which a color counts as gray.
    static let grayChroma = 0.03

    private static func nearestEntry(_ color: RGBColor, keeping constraint: Constraint) -> Int {
        let target = OKLab(color)
        let isGray = target.chroma < grayChroma
        var best = (index: 16, distance: Double.infinity)
        var fallback = (index: 16, distance: Double.infinity)
        for entry in entries {
            // A colored entry for a colored color, whatever the distance.
            if !isGray && entry.lab.chroma < grayChroma { continue }
            let distance = target.distance(to: entry.lab)
            if distance < fallback.distance { fallback = (entry.index, distance) }
            guard distance < best.distance else { continue }
            let keeps: Bool
            switch constraint {
            case .text: keeps = entry.meetsTextContrast
            case .behind(let foreground): keeps = RGBColor.contrast(entry.rgb, foreground) >= buttonContrast
            case .none: keeps = true
            }
            if keeps { best = (entry.index, distance) }
        }
        return best.distance.isFinite ? best.index : fallback.index
    }

    private struct Entry {
        let index: Int
        let rgb: RGBColor
        let lab: OKLab
        let meetsTextContrast: Bool
    }

    /// The cube and the gray ramp, with their OKLab values, computed once.
    private static let entries: [Entry] = (16...255).map { index in
        let rgb = rgb(ofEntry: index)
        return Entry(index: index, rgb: rgb, lab: OKLab(rgb),
                     meetsTextContrast: backgrounds.allSatisfy { RGBColor.contrast(rgb, $0) >= textContrast })
    }
}

/// A color in Björn Ottosson's OKLab space, where distances follow perceived differences.
struct OKLab {
    var lightness: Double
    var a: Double
    var b: Double

    init(_ color: RGBColor) {
        func linear(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(color.red), linear(color.green), linear(color.blue))
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        lightness = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    var chroma: Double { (a * a + b * b).squareRoot() }

    /// The hue angle in degrees (0–360).
    var hue: Double {
        let degrees = atan2(b, a) * 180 / Double.pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The distance to `other`, a change of chroma counted twice and of hue three times as much as one of
    /// lightness: in a palette of 240 colors, a lighter or darker shade of a hue is a better match than
    /// another hue or a gray of the same lightness.
    func distance(to other: OKLab) -> Double {
        let deltaL = lightness - other.lightness
        let deltaC = chroma - other.chroma
        let deltaA = a - other.a, deltaB = b - other.b
        let deltaH2 = max(0, deltaA * deltaA + deltaB * deltaB - deltaC * deltaC)
        return (deltaL * deltaL + 4 * deltaC * deltaC + 9 * deltaH2).squareRoot()
    }
}
