import WhatsNewDiagnostics

/// `empty-text` (error): a title, subtitle or action title that is empty or only white space in some locale.
struct EmptyTextRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        manifest.forEachText(where: Self.mayHaveBlankEntry) { text, name in
            for entry in text.entries where Self.isBlank(entry.text) {
                let locale = entry.locale.map { " ('\($0)')" } ?? ""
                engine.report(Diagnostic(.error, code: .emptyText, message: "\(name())\(locale) is empty; expected text",
                                         at: entry.location ?? text.location, fix: "write the text, or remove the field"))
            }
        }
    }

    /// Whether a text is empty or only white space.
    static func isBlank(_ text: String) -> Bool {
        !startsVisibly(text) && text.allSatisfy(\.isWhitespace)
    }

    /// Whether some entry of `text` might be blank: a look at first bytes only, for the walk over every text.
    static func mayHaveBlankEntry(_ text: LocalizedText) -> Bool {
        text.containsUTF8 { bytes in
            guard let first = bytes.first else { return true }
            return !(first > 0x20 && first < 0x7F)
        }
    }

    /// Whether a text starts with a visible ASCII character, and so is not blank (settled by its first byte,
    /// without breaking the text into characters).
    private static func startsVisibly(_ text: String) -> Bool {
        if let first = text.utf8.first { return first > 0x20 && first < 0x7F }
        return false
    }
}
