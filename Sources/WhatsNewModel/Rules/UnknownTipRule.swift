import WhatsNewDiagnostics
import WhatsNewText

/// `unknown-tip` (error): a tip group naming a tip id that no tip in `tips` has, with the nearest id suggested.
struct UnknownTipRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        let ids = manifest.tips.map(\.id)
        let known = Set(ids)
        for group in manifest.tipGroups {
            for member in group.tips where !known.contains(member.id) {
                let suggestion = Suggestion.closest(to: member.id, in: ids)
                let fix = suggestion.map { "use '\($0)', or add a tip with id '\(member.id)' to 'tips'" }
                    ?? (ids.isEmpty ? "add a tip with id '\(member.id)' to 'tips'" : "name one of the tips: " + ids.joined(separator: ", "))
                engine.report(Diagnostic(.error, code: .unknownTip,
                                         message: "tip group '\(group.id)' names the unknown tip '\(member.id)'"
                                             + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                                         at: member.location, fix: fix))
            }
        }
    }
}
