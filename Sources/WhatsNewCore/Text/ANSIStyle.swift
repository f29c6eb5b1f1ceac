/// How a run of terminal text looks: SGR attributes and colors.
public struct ANSIStyle: Sendable, Hashable {
    public var bold: Bool
    public var dim: Bool
    public var italic: Bool
    public var underline: Bool
    public var strikethrough: Bool
    public var inverse: Bool
    public var foreground: Color?
    public var background: Color?

    public init(bold: Bool = false, dim: Bool = false, italic: Bool = false, underline: Bool = false,
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
    public static let plain = ANSIStyle()

    public var isPlain: Bool { self == .plain }

    /// This style with `other`'s attributes added and its colors, where set, taking over.
    public func adding(_ other: ANSIStyle) -> ANSIStyle {
        ANSIStyle(bold: bold || other.bold, dim: dim || other.dim, italic: italic || other.italic,
                  underline: underline || other.underline, strikethrough: strikethrough || other.strikethrough,
                  inverse: inverse || other.inverse, foreground: other.foreground ?? foreground,
                  background: other.background ?? background)
    }
}
