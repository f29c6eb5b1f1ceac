/// A color as a manifest spells it: a named system color or a hex value (docs/manifest.md, "Colors").
package enum Color: Sendable, Hashable, CustomStringConvertible {
    case named(NamedColor)
    case rgb(RGBColor)

    /// The color `text` names: one of `NamedColor`'s names (exact case) or `#RGB`, `#RRGGBB`, `#RRGGBBAA`.
    package static func parse(_ text: String) -> Color? {
        if let named = NamedColor(rawValue: text) { return .named(named) }
        return RGBColor.parseHex(text).map(Color.rgb)
    }

    /// The concrete value on `appearance`; `accentColor` takes `accent`'s value (blue when nil or itself
    /// the accent color).
    package func resolved(for appearance: ColorAppearance, accent: Color? = nil) -> RGBColor {
        switch self {
        case .rgb(let value):
            return value
        case .named(.accentColor):
            if let accent, accent != .named(.accentColor) { return accent.resolved(for: appearance) }
            return NamedColor.blue.value(for: appearance)
        case .named(let name):
            return name.value(for: appearance)
        }
    }

    /// The CSS value on `appearance` (see `RGBColor.cssValue`).
    package func cssValue(for appearance: ColorAppearance, accent: Color? = nil) -> String {
        resolved(for: appearance, accent: accent).cssValue
    }

    /// The spelling a manifest would use: the name, or the hex value.
    package var description: String {
        switch self {
        case .named(let name): return name.rawValue
        case .rgb(let value): return value.hex
        }
    }
}
