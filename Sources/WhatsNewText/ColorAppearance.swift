/// Whether colors are shown on a light or a dark background; named colors have a value for each.
package enum ColorAppearance: String, Sendable, Hashable, CaseIterable {
    case light, dark

    /// The background the appearance stands for, which translucent colors are blended over.
    package var background: RGBColor {
        self == .light ? RGBColor(red: 255, green: 255, blue: 255) : RGBColor(red: 0, green: 0, blue: 0)
    }
}
