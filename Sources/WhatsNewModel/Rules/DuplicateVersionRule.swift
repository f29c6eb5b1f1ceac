import WhatsNewDiagnostics

/// `duplicate-version` (error): two versions equal after canonicalisation (`1.2` and `1.2.0`, `v2` and `2.0.0`).
struct DuplicateVersionRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        var first: [SemanticVersion: Int] = [:]
        first.reserveCapacity(manifest.versions.count)
        for index in manifest.versions.indices where manifest.versions[index].hasVersion {
            // One hash in the usual case (a new version); a repeated version puts its first index back.
            guard let earlierIndex = first.updateValue(index, forKey: manifest.versions[index].version) else { continue }
            let entry = manifest.versions[index]
            first[entry.version] = earlierIndex
            let earlier = manifest.versions[earlierIndex]
            let same = earlier.versionText == entry.versionText ? "" : " (the same as '\(earlier.versionText)')"
            engine.report(Diagnostic(.error, code: .duplicateVersion,
                                     message: "duplicate version '\(entry.versionText)'\(same); expected each version once, found \(entry.version) twice",
                                     at: entry.versionLocation,
                                     notes: [Diagnostic.Note("'\(earlier.versionText)' was first declared here", at: earlier.versionLocation)],
                                     fix: "merge the two entries, or correct one of the versions"))
        }
    }
}
