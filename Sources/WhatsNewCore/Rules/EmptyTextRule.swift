/// `empty-text` (error): a title, subtitle or action title that is empty or only white space in some locale.
struct EmptyTextRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        for (name, text) in manifest.localizedTexts {
            for entry in text.entries where entry.text.allSatisfy(\.isWhitespace) {
                let locale = entry.locale.map { " ('\($0)')" } ?? ""
                engine.report(Diagnostic(.error, code: "empty-text", message: "\(name)\(locale) is empty; expected text",
                                         at: entry.location ?? text.location, fix: "write the text, or remove the field"))
            }
        }
    }
}
