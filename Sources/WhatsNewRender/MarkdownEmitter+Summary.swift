import Markdown
import WhatsNewText

extension MarkdownEmitter {
    /// A version's `summary` as Markdown blocks for under its heading (its headings below the version's, as a
    /// `present` page's are), without a trailing line feed; nil when it has none or it writes nothing.
    package static func summary(_ version: ReleaseNotes.Version, texts: MarkdownTextCache = MarkdownTextCache()) -> String? {
        guard let summary = version.summary else { return nil }
        let rendered = MarkdownRenderer(topHeadingLevel: 3).render(texts.document(parsing: summary)).trimmingTrailingNewlines()
        return rendered.isEmpty ? nil : rendered
    }
}
