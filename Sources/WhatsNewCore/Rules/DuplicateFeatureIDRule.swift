/// `duplicate-feature-id` (error): two features with the same `id` in the manifest — anchors and
/// permalinks must be unique.
struct DuplicateFeatureIDRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        var first: [String: (version: String, location: SourceLocation?)] = [:]
        for version in manifest.versions {
            for index in version.features.indices {
                guard let id = version.features[index].id else { continue }
                guard let earlier = first[id] else {
                    first[id] = (version.versionText, version.features[index].idLocation)
                    continue
                }
                let feature = version.features[index]
                engine.report(Diagnostic(.error, code: "duplicate-feature-id",
                                         message: "duplicate feature id '\(id)'; expected each id once in the manifest (it names the feature's permalink)",
                                         at: feature.idLocation,
                                         notes: [Diagnostic.Note("'\(id)' is first used in version \(earlier.version) here", at: earlier.location)],
                                         fix: "give this feature another id, e.g. '\(id)-\(version.version.major)-\(version.version.minor)'"))
            }
        }
    }
}
