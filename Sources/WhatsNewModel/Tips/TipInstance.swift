import Markdown

/// A tip with its placeholders filled by `--with` values: the id that names its status, and the texts and
/// rules to show and evaluate. A tip without placeholders is its own one instance.
package struct TipInstance: Sendable, Hashable {
    /// The id with its placeholders filled.
    package var id: String
    /// The tip as written (placeholders unfilled).
    package var template: Tip
    /// The tip with every placeholder of its id, texts and rules filled; texts get the values escaped as
    /// Markdown, so a value is always shown as typed.
    package var tip: Tip

    /// The instance of `template` for `values`, or the names it needs that `values` lacks.
    package static func make(_ template: Tip, values: [String: String]) -> Result<TipInstance, MissingValues> {
        var needed: [String] = []
        func note(_ text: String) {
            for name in Placeholders.names(in: text) where values[name] == nil && !needed.contains(name) { needed.append(name) }
        }
        note(template.id)
        template.title.entries.forEach { note($0.text) }
        template.message?.entries.forEach { note($0.text) }
        for action in template.actions { action.title.entries.forEach { note($0.text) } }
        for rule in template.rules { note(rule.name) }
        guard needed.isEmpty else { return .failure(MissingValues(names: needed)) }
        var tip = template
        tip.id = Placeholders.fill(template.id, with: values)
        tip.title = fill(template.title, values)
        tip.message = template.message.map { fill($0, values) }
        tip.actions = template.actions.map { action in
            var filled = action
            filled.title = fill(action.title, values)
            return filled
        }
        tip.rules = template.rules.map { rule in
            var filled = rule
            switch rule.condition {
            case .event(let name, let count, let within):
                filled.condition = .event(Placeholders.fill(name, with: values), count: count, within: within)
            case .parameter(let name, let condition):
                filled.condition = .parameter(Placeholders.fill(name, with: values), condition)
            }
            return filled
        }
        return .success(TipInstance(id: tip.id, template: template, tip: tip))
    }

    package struct MissingValues: Error, Sendable, Hashable {
        package var names: [String]
    }

    private static func fill(_ text: LocalizedText, _ values: [String: String]) -> LocalizedText {
        guard text.entries.contains(where: { $0.text.contains("{{") }) else { return text }
        let entries = text.entries.map {
            LocalizedText.Entry(locale: $0.locale, text: Placeholders.fill($0.text, with: values, escape: MarkdownEscaping.escape),
                                location: $0.location)
        }
        return LocalizedText(entries: Array(entries), location: text.location)
    }
}
