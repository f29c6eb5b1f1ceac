import Markdown
import WhatsNewDiagnostics

/// `block-markdown` (warning): block Markdown (a heading, a list, a quote, a code block, a thematic break)
/// in a one-line text field, which every output shows flattened into one line. A `present` page body and a
/// version's `summary` are full Markdown and are not checked.
struct BlockMarkdownRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        manifest.forEachText(where: { $0.containsUTF8(where: MarkdownText.mayHoldBlockMarkdown) }) { text, name in
            for entry in text.entries {
                guard MarkdownText.mayHoldBlockMarkdown(entry.text), let kind = MarkdownText(parsing: entry.text).blockMarkdown else { continue }
                let field = name()
                guard !field.hasPrefix("the page body"), !field.hasPrefix("the summary") else { return }
                let locale = entry.locale.map { " ('\($0)')" } ?? ""
                engine.report(Diagnostic(.warning, code: .blockMarkdown,
                                         message: "\(field)\(locale) holds \(kind), which a one-line field shows flattened into one line",
                                         at: entry.location ?? text.location,
                                         fix: "use inline Markdown only (bold, emphasis, code, links), or put longer text in a 'present' page"))
            }
        }
    }
}
