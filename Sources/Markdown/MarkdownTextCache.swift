/// Parsed texts by their Markdown source, for one emitter run. Release notes repeat texts — an action's
/// title on every version, "Bug fixes" features, a default title — and a cmark parse costs about as much as
/// writing the HTML around it, so each distinct text is parsed once. Literal text (see `MarkdownFastPath`)
/// needs no parse and is not kept; the cache holds at most `capacity` texts and starts over when full, so
/// its memory stays bounded however long the manifest.
package final class MarkdownTextCache {
    package static let capacity = 4096

    package init() {}

    private var texts: [String: MarkdownText] = [:]
    private var documents: [String: MarkdownDocument] = [:]

    /// `MarkdownText(parsing: source)`, parsed at most once while it stays in the cache.
    package func text(parsing source: String) -> MarkdownText {
        if source.isEmpty || MarkdownFastPath.isLiteral(source) { return MarkdownText(literal: source) }
        if let known = texts[source] { return known }
        let text = MarkdownText(parsing: source, allowingFastPath: false)
        if texts.count >= Self.capacity { texts.removeAll(keepingCapacity: true) }
        texts[source] = text
        return text
    }

    /// `MarkdownDocument(parsing: source)` (a `present` page's body, shown on every version that uses the
    /// action), parsed at most once while it stays in the cache.
    package func document(parsing source: String) -> MarkdownDocument {
        if let known = documents[source] { return known }
        let document = MarkdownDocument(parsing: source)
        if documents.count >= Self.capacity { documents.removeAll(keepingCapacity: true) }
        documents[source] = document
        return document
    }
}
