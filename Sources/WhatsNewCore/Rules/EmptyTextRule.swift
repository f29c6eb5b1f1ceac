/// `empty-text` (error): a title, subtitle or action title that is empty or only white space in some locale.
struct EmptyTextRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        manifest.forEachText { text, name in
            for entry in text.entries where Self.isBlank(entry.text) {
                let locale = entry.locale.map { " ('\($0)')" } ?? ""
                engine.report(Diagnostic(.error, code: "empty-text", message: "\(name())\(locale) is empty; expected text",
                                         at: entry.location ?? text.location, fix: "write the text, or remove the field"))
            }
        }
    }

    /// Whether a text is empty or only white space. (Text starting with a visible ASCII character is
    /// settled by its first byte, without breaking it into characters.)
    static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first > 0x20, first < 0x7F { return false }
        return text.allSatisfy(\.isWhitespace)
    }
}
