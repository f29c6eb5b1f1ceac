extension SymbolGlyphs {
    /// The SF Symbol names the terminal and Markdown show a glyph of their own for, sorted.
    public static var knownNames: [String] { table.keys.sorted() }
}
