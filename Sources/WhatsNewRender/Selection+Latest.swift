import WhatsNewDiagnostics
import WhatsNewModel

/// `--release latest` and `--release latest-prerelease`: the newest version, without or with pre-releases.
package enum LatestRelease: String, Sendable, Hashable, CaseIterable {
    /// The newest version that is not a pre-release.
    case latest
    /// The newest version, pre-releases included.
    case latestPrerelease = "latest-prerelease"

    /// The keyword of `--release` for `text`, if it is one.
    package init?(argument text: String) {
        self.init(rawValue: text.lowercased())
    }
}

extension Selection {
    /// The selection with `latest` turned into the version it names in `manifest`; nil (after reporting
    /// `unknown-release`) when there is none, e.g. `latest` in a manifest of pre-releases only.
    public func resolvingLatest(in manifest: Manifest, engine: DiagnosticEngine) -> Selection? {
        guard let latest else { return self }
        let candidates = manifest.sortedVersions.lazy.filter { $0.hasVersion && !$0.unreleased }
        let newest: VersionEntry?
        switch latest {
        case .latest: newest = candidates.first { !$0.version.isPrerelease }
        case .latestPrerelease: newest = candidates.first
        }
        guard let newest else {
            let hasVersions = !candidates.isEmpty
            engine.report(Diagnostic(.error, code: .unknownRelease,
                                     message: "--release \(latest.rawValue) names no version: the manifest has \(hasVersions ? "only pre-releases" : "no versions")",
                                     fix: hasVersions ? "use --release latest-prerelease to include pre-releases, or give the version" : nil))
            return nil
        }
        var resolved = self
        resolved.latest = nil
        resolved.release = newest.version
        return resolved
    }
}
