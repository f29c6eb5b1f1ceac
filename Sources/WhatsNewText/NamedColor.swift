/// The named colors of the manifest (docs/manifest.md, "Colors"), with Apple's light and dark system values.
package enum NamedColor: String, Sendable, Hashable, CaseIterable {
    case accentColor, primary, secondary, white, black, gray, red, orange, yellow, green, mint, teal, cyan
    case blue, indigo, purple, pink, brown, clear

    /// The value on a light background; `accentColor` stands for blue here, since what it means is the
    /// manifest's choice (see `Color.resolved(for:accent:)`).
    package var light: RGBColor { values.light }

    /// The value on a dark background.
    package var dark: RGBColor { values.dark }

    /// The value for `appearance`.
    package func value(for appearance: ColorAppearance) -> RGBColor {
        appearance == .light ? light : dark
    }

    private var values: (light: RGBColor, dark: RGBColor) {
        func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> RGBColor {
            RGBColor(red: r, green: g, blue: b, alpha: a)
        }
        switch self {
        case .accentColor, .blue: return (rgb(0, 122, 255), rgb(10, 132, 255))
        case .primary: return (rgb(0, 0, 0), rgb(255, 255, 255))
        case .secondary: return (rgb(60, 60, 67, 153), rgb(235, 235, 245, 153))
        case .white: return (rgb(255, 255, 255), rgb(255, 255, 255))
        case .black: return (rgb(0, 0, 0), rgb(0, 0, 0))
        case .gray: return (rgb(142, 142, 147), rgb(142, 142, 147))
        case .red: return (rgb(255, 59, 48), rgb(255, 69, 58))
        case .orange: return (rgb(255, 149, 0), rgb(255, 159, 10))
        case .yellow: return (rgb(255, 204, 0), rgb(255, 214, 10))
        case .green: return (rgb(52, 199, 89), rgb(48, 209, 88))
        case .mint: return (rgb(0, 199, 190), rgb(99, 230, 226))
        case .teal: return (rgb(48, 176, 199), rgb(64, 200, 224))
        case .cyan: return (rgb(50, 173, 230), rgb(100, 210, 255))
        case .indigo: return (rgb(88, 86, 214), rgb(94, 92, 230))
        case .purple: return (rgb(175, 82, 222), rgb(191, 90, 242))
        case .pink: return (rgb(255, 45, 85), rgb(255, 55, 95))
        case .brown: return (rgb(162, 132, 94), rgb(172, 142, 104))
        case .clear: return (rgb(0, 0, 0, 0), rgb(0, 0, 0, 0))
        }
    }
}
