/// How a run of terminal text looks: SGR attributes and colors.
package struct ANSIStyle: Sendable, Hashable {
    package var bold: Bool
    package var dim: Bool
    package var italic: Bool
    package var underline: Bool
    package var strikethrough: Bool
    package var inverse: Bool
    package var foreground: Color?
    package var background: Color?

    package init(bold: Bool = false, dim: Bool = false, italic: Bool = false, underline: Bool = false,
                 strikethrough: Bool = false, inverse: Bool = false, foreground: Color? = nil, background: Color? = nil) {
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.inverse = inverse
        self.foreground = foreground
        self.background = background
    }

    /// No attribute and no color.
    package static let plain = ANSIStyle()

    package var isPlain: Bool { self == .plain }

    /// This style with `other`'s attributes added and its colors, where set, taking over.
    package func adding(_ other: ANSIStyle) -> ANSIStyle {
        ANSIStyle(bold: bold || other.bold, dim: dim || other.dim, italic: italic || other.italic,
                  underline: underline || other.underline, strikethrough: strikethrough || other.strikethrough,
                  inverse: inverse || other.inverse, foreground: other.foreground ?? foreground,
                  background: other.background ?? background)
    }
}
