import Markdown
import WhatsNewDiagnostics
import WhatsNewText

/// What a `tip show --template FILE` template sees (a custom tip style, TipKit's `TipViewStyle`): `id`,
/// `glyph`, `glyphColor`, `title`, `message` (with `hasMessage`), `actions` (each `id`, `title`, `url`,
/// `hasURL`), `hasActions`. Each text comes pre-rendered and escaped for each output, so a template cannot
/// forget to: `.terminal` (styled for this terminal, escapes only when color is on), and `.plain`,
/// `.markdown`, `.html` exactly as `compile --template` has them (`TemplateContext.text`: control characters
/// replaced, bidi controls shown visibly). Use triple braces (`{{{title.terminal}}}`): double braces
/// HTML-escape, which only an HTML template wants (`{{title.plain}}`).
enum TipTemplateContext {
    static func make(_ card: TipCard, capabilities: TerminalCapabilities) -> [String: Any] {
        let renderer = ANSIRenderer(capabilities: capabilities)
        func text(_ markdown: String, base: ANSIStyle = .plain) -> [String: Any] {
            var values: [String: Any] = TemplateContext.text(markdown)
            values["terminal"] = renderer.encode(renderer.styled(MarkdownText(parsing: markdown), base: base))
            return values
        }
        let clean = TemplateContext.clean
        return [
            "id": clean(card.id),
            "glyph": clean(card.glyph),
            "glyphColor": clean(card.glyphColor ?? ""),
            "title": text(card.title, base: ANSIStyle(bold: true)),
            "message": card.message.map { text($0) } ?? [:],
            "hasMessage": card.message != nil,
            "actions": card.actions.map { action -> [String: Any] in
                ["id": clean(action.id), "title": text(action.title), "url": action.url ?? "", "hasURL": action.url != nil]
            },
            "hasActions": !card.actions.isEmpty,
        ]
    }
}

extension TemplateEmitter {
    /// A tip through the template (see `TipTemplateContext`), reporting unknown variables to `engine`.
    package func emit(_ card: TipCard, capabilities: TerminalCapabilities, engine: DiagnosticEngine? = nil) -> String {
        render(TipTemplateContext.make(card, capabilities: capabilities), engine: engine)
    }
}
