/// A feature's image or the app's icon: an SF Symbol name, an emoji, or a file beside the manifest; a symbol
/// or a file may name an emoji beside it, which the text outputs show instead of the table's glyph or '•'.
package struct Image: Sendable, Hashable {
    package enum Source: Sendable, Hashable {
        /// An SF Symbol name (shown as an emoji from a built-in table, or '•').
        case systemName(String)
        /// A glyph shown everywhere.
        case emoji(String)
        /// An SVG, PNG, JPEG, GIF or WebP path relative to the directory of the file that declares it.
        case file(String)
    }

    package enum RenderingMode: String, Sendable, Hashable, CaseIterable {
        case original, template
    }

    package enum SymbolRenderingMode: String, Sendable, Hashable, CaseIterable {
        case monochrome, hierarchical, palette, multicolor
    }

    package var source: Source
    /// An `emoji` written beside `systemName` or `file`: the glyph shown instead of the symbol table's (in
    /// every output) or of the file (in the terminal and Markdown; the HTML page still shows the file itself).
    /// Nil for an `emoji` image, whose emoji is its source.
    package var emoji: String?
    package var foregroundColor: ColorValue?
    package var renderingMode: RenderingMode?
    package var symbolRenderingMode: SymbolRenderingMode?
    /// Accessibility text; defaults to the title of the feature it illustrates (the app's name for the app icon).
    package var alt: LocalizedText?
    package var location: SourceLocation?
    /// Where the value of `systemName`, `emoji` or `file` is written (a `file:` path's problems point there).
    package var sourceLocation: SourceLocation?
    /// The sources written beside `source` in an image with errors (`invalid-image`: more than one source),
    /// kept so that the rules check their files too (see `ManifestDecoder`). Empty in a valid manifest.
    package var otherSources: [(source: Source, location: SourceLocation?)] = []

    /// `source` and `otherSources`, each with where it was written.
    var writtenSources: [(source: Source, location: SourceLocation?)] { [(source, sourceLocation)] + otherSources }

    package init(source: Source, emoji: String? = nil, foregroundColor: ColorValue? = nil, renderingMode: RenderingMode? = nil,
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

    package static func == (lhs: Image, rhs: Image) -> Bool {
        lhs.source == rhs.source && lhs.emoji == rhs.emoji && lhs.foregroundColor == rhs.foregroundColor && lhs.renderingMode == rhs.renderingMode
            && lhs.symbolRenderingMode == rhs.symbolRenderingMode && lhs.alt == rhs.alt
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(emoji)
        hasher.combine(foregroundColor)
    }
}

/// A color as written in the manifest (a name like `accentColor` or a hex code), with where it was written.
/// Whether it is a valid color is a rule's job, so decoding never fails on a color.
package struct ColorValue: Sendable, Hashable, CustomStringConvertible {
    package let text: String
    package let location: SourceLocation?

    package init(_ text: String, location: SourceLocation? = nil) {
        self.text = text
        self.location = location
    }

    package var description: String { text }

    package static func == (lhs: ColorValue, rhs: ColorValue) -> Bool { lhs.text == rhs.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
