import WhatsNewModel
import WhatsNewText

/// Which versions and features a run compiles: `--release`, `--since`, `--locale`, `--platform`.
public struct Selection: Sendable, Hashable {
    /// Only this version.
    public var release: SemanticVersion?
    /// Only the newest version (`--release latest`, `latest-prerelease`): `resolvingLatest(in:engine:)` turns it
    /// into `release` once the manifest is read.
    package var latest: LatestRelease?
    /// Only versions newer than this one.
    public var since: SemanticVersion?
    /// The locale texts are shown in (by the fallback chain of `LocalizedText.text(for:defaultLocale:)`).
    public var locale: String?
    /// Only features for this platform (features without `platforms` apply everywhere).
    public var platform: String?
    /// Whether versions marked `unreleased` are kept (Keep a Changelog's `[Unreleased]` section); without
    /// it they are left out unless `release` names one.
    public var includesUnreleased = false

    public init(release: SemanticVersion? = nil, since: SemanticVersion? = nil, locale: String? = nil, platform: String? = nil) {
        self.release = release
        self.since = since
        self.locale = locale
        self.platform = platform
    }

    /// The platforms a feature may name (the schema's `platform` enum), and `--platform` accepts.
    public static let knownPlatforms = ["ios", "ipados", "macos", "tvos", "watchos", "visionos", "linux", "windows", "android", "web"]

    /// Why `platform` cannot be a `--platform` (it is none of `knownPlatforms`, in any case), with a "did you
    /// mean" and the list; nil when it is one.
    public static func problem(withPlatform platform: String) -> String? {
        guard !knownPlatforms.contains(platform.lowercased()) else { return nil }
        let suggestion = Suggestion.closest(to: platform.lowercased(), in: knownPlatforms).map { "did you mean '\($0)'? " } ?? ""
        return "unknown platform '\(TerminalSafeText.visible(platform))' for --platform; \(suggestion)expected one of "
            + knownPlatforms.dropLast().joined(separator: ", ") + " or " + knownPlatforms.last! + " (any case)"
    }

    /// The selected versions of a manifest, newest first, with their features filtered by platform. A version
    /// that the platform leaves without features is left out (`emptiedByPlatform` names them).
    public func versions(of manifest: Manifest) -> [VersionEntry] {
        let sorted = manifest.sortedVersions
        // Without a filter, the sorted entries as they are: copying thousands again costs more than the sort.
        guard release != nil || since != nil || platform != nil || (!includesUnreleased && sorted.contains(where: \.unreleased)) else {
            return sorted
        }
        return sorted.compactMap { entry in
            guard keeps(entry) else { return nil }
            guard platform != nil else { return entry }
            var filtered = entry
            filtered.features = entry.features.filter(includes)
            return filtered
        }
    }

    /// The versions selected by `release` and `since` that have features, none of them for `platform`: left
    /// out of the outputs. Newest first; empty without a platform.
    public func emptiedByPlatform(of manifest: Manifest) -> [SemanticVersion] {
        guard platform != nil else { return [] }
        return manifest.sortedVersions.compactMap { entry in
            includes(entry) && isEmptiedByPlatform(entry) ? entry.version : nil
        }
    }

    /// Whether the outputs keep the version: `--release` and `--since` select it, and `--platform` does not
    /// leave it without features. (Every output decides by this, those that filter versions themselves too.)
    public func keeps(_ entry: VersionEntry) -> Bool {
        includes(entry) && !isEmptiedByPlatform(entry)
    }

    /// Whether the version has features, none of them for `platform`.
    private func isEmptiedByPlatform(_ entry: VersionEntry) -> Bool {
        platform != nil && !entry.features.isEmpty && !entry.features.contains(where: includes)
    }

    /// Whether `--release` and `--since` select the version (an unreleased one only when `release` names it
    /// or `includesUnreleased` is set).
    public func includes(_ entry: VersionEntry) -> Bool {
        if let release, entry.version != release { return false }
        if entry.unreleased, release == nil, !includesUnreleased { return false }
        if let since, !(entry.version > since) { return false }
        return true
    }

    /// Whether `--platform` keeps the feature (one without `platforms` applies everywhere).
    public func includes(_ feature: Feature) -> Bool {
        guard let platform else { return true }
        return feature.platforms.isEmpty || feature.platforms.contains { $0.lowercased() == platform.lowercased() }
    }
}
