import WhatsNewDiagnostics

/// `unreachable-patch` (warning): a patch release x.y.z (z > 0) whose x.y.0 is not in the manifest.
/// WhatsNewKit's patch fallback goes from x.y.z to x.y.0, so users who update from an older x.y.z' never see
/// the notes unless their exact version has them.
struct UnreachablePatchRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        // (Lazily: a copy of the entries would cost as much as the manifest's versions.)
        let versions = Set(manifest.versions.lazy.filter(\.hasVersion).map(\.version))
        for index in manifest.versions.indices where manifest.versions[index].hasVersion && manifest.versions[index].version.patch > 0 {
            let version = manifest.versions[index].version
            guard !version.isPrerelease, !versions.contains(version.minorRelease) else { continue }
            let entry = manifest.versions[index]
            let minor = entry.version.minorRelease
            engine.report(Diagnostic(.warning, code: .unreachablePatch,
                                     message: "patch release \(entry.version) has no \(minor) in the manifest; the fallback of automatic presentation (\(entry.version.major).\(entry.version.minor).x → \(minor)) can never reach notes for other \(entry.version.major).\(entry.version.minor) patches",
                                     at: entry.versionLocation,
                                     fix: "add notes for \(minor), or release these notes as \(minor)"))
        }
    }
}
