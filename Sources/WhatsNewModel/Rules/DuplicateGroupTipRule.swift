import WhatsNewDiagnostics

/// `duplicate-group-tip` (error): a tip group that names the same tip twice — an ordered group would wait
/// for a tip to be invalidated before showing it again.
struct DuplicateGroupTipRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        for group in manifest.tipGroups {
            var first: [String: SourceLocation?] = [:]
            for member in group.tips {
                guard let earlier = first[member.id] else {
                    first[member.id] = member.location
                    continue
                }
                engine.report(Diagnostic(.error, code: .duplicateGroupTip,
                                         message: "tip group '\(group.id)' names '\(member.id)' again; expected each tip once in a group",
                                         at: member.location, notes: [Diagnostic.Note("'\(member.id)' is first named here", at: earlier)],
                                         fix: "remove this '\(member.id)'"))
            }
        }
    }
}
