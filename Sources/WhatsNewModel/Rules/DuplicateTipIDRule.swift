import WhatsNewDiagnostics

/// `duplicate-tip-id` (error): two tips, or two tip groups, with the same `id` — the id names a tip's
/// status in the state and a group for `tip show --group`.
struct DuplicateTipIDRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        report(manifest.tips.map { ($0.id, $0.idLocation) }, noun: "tip", engine: engine)
        report(manifest.tipGroups.map { ($0.id, $0.idLocation) }, noun: "tip group", engine: engine)
    }

    private func report(_ ids: [(id: String, location: SourceLocation?)], noun: String, engine: DiagnosticEngine) {
        var first: [String: SourceLocation?] = [:]
        for (id, location) in ids {
            guard let earlier = first[id] else {
                first[id] = location
                continue
            }
            engine.report(Diagnostic(.error, code: .duplicateTipId,
                                     message: "duplicate \(noun) id '\(id)'; expected each \(noun) id once in the manifest",
                                     at: location, notes: [Diagnostic.Note("'\(id)' is first used here", at: earlier)],
                                     fix: "give this \(noun) another id, e.g. '\(id)-2'"))
        }
    }
}
