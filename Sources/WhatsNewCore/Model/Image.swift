/// A feature's image or the app's icon: an SF Symbol name, an emoji, or a file beside the manifest; a symbol
/// or a file may name an emoji beside it, which the text outputs show instead of the table's glyph or '•'.
public struct Image: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// An SF Symbol name (shown as an emoji from a built-in table, or '•').
        case systemName(String)
        /// A glyph shown everywhere.
        case emoji(String)
        /// An SVG, PNG, JPEG, GIF or WebP path relative to the directory of the file that declares it.
        case file(String)
    }

    public enum RenderingMode: String, Sendable, Hashable, CaseIterable {
        case original, template
    }

    public enum SymbolRenderingMode: String, Sendable, Hashable, CaseIterable {
        case monochrome, hierarchical, palette, multicolor
    }

    public var source: Source
    /// An `emoji` written beside `systemName` or `file`: the glyph shown instead of the symbol table's (in
    /// every output) or of the file (in the terminal and Markdown; the HTML page still shows the file itself).
    /// Nil for an `emoji` image, whose emoji is its source.
    public var emoji: String?
    public var foregroundColor: ColorValue?
    public var renderingMode: RenderingMode?
    public var symbolRenderingMode: SymbolRenderingMode?
    /// Accessibility text; defaults to the title of the feature it illustrates (the app's name for the app icon).
    public var alt: LocalizedText?
    public var location: SourceLocation?
    /// Where the value of `systemName`, `emoji` or `file` is written (a `file:` path's problems point there).
    public var sourceLocation: SourceLocation?
    /// The sources written beside `source` in an image with errors (`invalid-image`: more than one source),
    /// kept so that the rules check their files too (see `ManifestDecoder`). Empty in a valid manifest.
    public var otherSources: [(source: Source, location: SourceLocation?)] = []

    /// `source` and `otherSources`, each with where it was written.
    var writtenSources: [(source: Source, location: SourceLocation?)] { [(source, sourceLocation)] + otherSources }

    public init(source: Source, emoji: String? = nil, foregroundColor: ColorValue? = nil, renderingMode: RenderingMode? = nil,
                symbolRenderingMode: SymbolRenderingMode? = nil, alt: LocalizedText? = nil, location: SourceLocation? = nil,
                sourceLocation: SourceLocation? = nil) {
        self.source = source
        self.emoji = emoji
        self.foregroundColor = foregroundColor
        self.renderingMode = renderingMode
        self.symbolRenderingMode = symbolRenderingMode
        self.alt = alt
        self.location = location
        self.sourceLocation = sourceLocation
    }

    public static func == (lhs: Image, rhs: Image) -> Bool {
        lhs.source == rhs.source && lhs.emoji == rhs.emoji && lhs.foregroundColor == rhs.foregroundColor && lhs.renderingMode == rhs.renderingMode
            && lhs.symbolRenderingMode == rhs.symbolRenderingMode && lhs.alt == rhs.alt
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(emoji)
        hasher.combine(foregroundColor)
    }
}

/// A color as written in the manifest (a name like `accentColor` or a hex code), with where it was written.
/// Whether it is a valid color is a rule's job, so decoding never fails on a color.
public struct ColorValue: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    public let location: SourceLocation?

    public init(_ text: String, location: SourceLocation? = nil) {
        self.text = text
        self.location = location
    }

    public var description: String { text }

    public static func == (lhs: ColorValue, rhs: ColorValue) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
