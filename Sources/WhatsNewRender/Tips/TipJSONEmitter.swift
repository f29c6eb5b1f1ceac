import Markdown
import WhatsNewText

/// A tip as JSON, for apps that draw it themselves (`tip show --format json`): one object, each text as its
/// Markdown source, plain text and HTML (as in `--format json`), `null` when no tip is shown.
///
/// ```json
/// {"formatVersion": 1, "id": "parallel-sync", "title": {"markdown": …, "plain": …, "html": …},
///  "message": {…} or null, "glyph": "⚡", "glyphColor": "orange" or null,
///  "actions": [{"id": "docs", "title": {…}, "url": "https://…" or null}]}
/// ```
package struct TipJSONEmitter: Sendable {
    package static let formatVersion = 1

    package init() {}

    /// The tip as a JSON document with a final line feed; `nil` gives `null`.
    package func emit(_ card: TipCard?) -> String {
        guard let card else { return "null\n" }
        let value = JSONValue.object([
            (key: "formatVersion", value: .int(Self.formatVersion)),
            (key: "id", value: .string(card.id)),
            (key: "title", value: Self.text(card.title)),
            (key: "message", value: card.message.map(Self.text) ?? .null),
            (key: "glyph", value: .string(card.glyph)),
            (key: "glyphColor", value: card.glyphColor.map(JSONValue.string) ?? .null),
            (key: "actions", value: .array(card.actions.map { action in
                .object([(key: "id", value: .string(action.id)), (key: "title", value: Self.text(action.title)),
                         (key: "url", value: action.url.map(JSONValue.string) ?? .null)])
            })),
        ])
        return value.pretty + "\n"
    }

    package static func text(_ markdown: String) -> JSONValue {
        let parsed = MarkdownText(parsing: markdown)
        return .object([(key: "markdown", value: .string(markdown)), (key: "plain", value: .string(PlainTextRenderer.render(parsed))),
                        (key: "html", value: .string(HTMLRenderer().render(parsed)))])
    }
}
