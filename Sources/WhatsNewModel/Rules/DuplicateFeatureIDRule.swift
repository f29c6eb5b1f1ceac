import WhatsNewDiagnostics

/// `duplicate-feature-id` (error): two features with the same `id` in the manifest — anchors and
/// permalinks must be unique.
struct DuplicateFeatureIDRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        // Where each id was first used, as (version, feature) indices: small to store, and a long
        // manifest has an id on each of its tens of thousands of features. The ids are compared as they are
        // kept (`KeptText`, mostly where the input writes them): no string is made for each.
        var first: [KeptText: (version: Int, feature: Int)] = [:]
        first.reserveCapacity(manifest.versions.reduce(0) { $0 + $1.features.count })
        for versionIndex in manifest.versions.indices {
            let features = manifest.versions[versionIndex].features
            for index in features.indices {
                guard let kept = features[index].idText else { continue }
                // One hash of the id in the usual case (a new id); a repeated id puts its first use back.
                guard let earlier = first.updateValue((versionIndex, index), forKey: kept) else { continue }
                first[kept] = earlier
                let id = kept.string
                let version = manifest.versions[versionIndex]
                let earlierVersion = manifest.versions[earlier.version]
                let earlierLocation = earlierVersion.features[earlier.feature].idLocation
                engine.report(Diagnostic(.error, code: .duplicateFeatureId,
                                         message: "duplicate feature id '\(id)'; expected each id once in the manifest (it names the feature's permalink)",
                                         at: features[index].idLocation,
                                         notes: [Diagnostic.Note("'\(id)' is first used in \(earlierVersion.name) here", at: earlierLocation)],
                                         fix: "give this feature another id, e.g. '\(id)-\(version.version.major)-\(version.version.minor)'"))
            }
        }
    }
}
