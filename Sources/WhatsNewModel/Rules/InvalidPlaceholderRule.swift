import WhatsNewDiagnostics
import WhatsNewText

/// `invalid-placeholder` (error): a `{{…}}` that no `--with name=value` can fill: one whose braces hold no
/// name (`{{ }}`, `{{two words}}`), one left open (`{{trail`), or one in a field `--with` does not fill (an
/// action's id or link, a group's id or tip list names the tip's id as written, so only `{{name}}` there).
/// `--with` fills a tip's id, title, message, action titles and rule names.
struct InvalidPlaceholderRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        for tip in manifest.tips {
            let named = Placeholders.names(in: tip.id)
            checkFilled(tip.id, at: tip.idLocation, field: "the id of tip '\(tip.id)'", names: named, engine: engine)
            var texts: [(LocalizedText, String)] = [(tip.title, "the title")]
            if let message = tip.message { texts.append((message, "the message")) }
            for action in tip.actions { texts.append((action.title, "the title of action '\(action.id)'")) }
            for (text, field) in texts {
                for entry in text.entries {
                    checkFilled(entry.text, at: entry.location ?? text.location, field: "\(field) of tip '\(tip.id)'", names: named, engine: engine)
                }
            }
            for rule in tip.rules {
                checkFilled(rule.name, at: rule.nameLocation, field: "a rule of tip '\(tip.id)'", names: named, engine: engine)
            }
            for action in tip.actions {
                checkUnfilled(action.id, at: action.idLocation, field: "the id of action '\(action.id)' of tip '\(tip.id)'", engine: engine)
                if let url = action.openURL {
                    checkUnfilled(url, at: action.urlLocation, field: "the link of action '\(action.id)' of tip '\(tip.id)'", engine: engine)
                }
            }
        }
        for group in manifest.tipGroups {
            checkUnfilled(group.id, at: group.idLocation, field: "the id of tip group '\(group.id)'", engine: engine)
        }
    }

    /// A field `--with` fills: each placeholder must be a name, closed.
    private func checkFilled(_ text: String, at location: SourceLocation?, field: String, names: [String], engine: DiagnosticEngine) {
        for found in Placeholders.find(in: text) where found.name == nil {
            // The id's placeholder a word of it names (or nearly), else its words joined by '-' when that is a name.
            let words = found.written.dropFirst(2).prefix { $0 != "}" }.split(separator: " ").map(String.init)
            let joined = words.joined(separator: "-")
            let suggestion = words.lazy.compactMap { word in names.contains(word) ? word : Suggestion.closest(to: word, in: names) }.first
                ?? (Placeholders.isName(Substring(joined)) ? joined : nil)
            let problem = found.unclosed ? "is not closed with '}}'" : "holds no placeholder name"
            engine.report(Diagnostic(.error, code: .invalidPlaceholder,
                                     message: "'\(found.written)' in \(field) \(problem), so no --with can fill it"
                                         + (suggestion.map { "; did you mean '{{\($0)}}'?" } ?? ""),
                                     at: location.flatMap { RefusedLinkRule.locate(found.written, in: text, writtenAt: $0) } ?? location,
                                     fix: "write '{{name}}' with a name of letters, digits, '_' and '-' (filled by '--with name=value')"))
        }
    }

    /// A field `--with` does not fill: any `{{` there stays as written.
    private func checkUnfilled(_ text: String, at location: SourceLocation?, field: String, engine: DiagnosticEngine) {
        guard let found = Placeholders.find(in: text).first else { return }
        engine.report(Diagnostic(.error, code: .invalidPlaceholder,
                                 message: "'\(found.written)' in \(field) would never be filled: --with fills only a tip's id, title, "
                                     + "message, action titles and rule names",
                                 at: location, fix: "write the value itself here"))
    }
}
