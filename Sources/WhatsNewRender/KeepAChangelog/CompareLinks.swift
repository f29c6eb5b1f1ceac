/// Keep a Changelog's links at the bottom of the file, for a repository on GitHub or GitLab: a release's
/// label links to the comparison with the release before it (`…/compare/v1.1.0...v1.2.0`, GitLab's
/// `…/-/compare/…`), `[Unreleased]` to the comparison of the newest release with `HEAD`, and the first
/// release to its tag (`…/releases/tag/v0.1.0`, GitLab's `…/-/tags/v0.1.0`).
package struct CompareLinks: Sendable, Hashable {
    package enum Host: Sendable, Hashable {
        case gitHub, gitLab
    }

    /// The repository's URL without a trailing `/` or `.git`.
    package var repository: String
    package var host: Host
    /// What a tag puts before the version (`v`).
    package var tagPrefix: String

    /// Links into `repository` when it is an https URL on github.com, gitlab.com or a host named `gitlab…`;
    /// nil for any other.
    package init?(repository: String, tagPrefix: String) {
        var base = repository
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix(".git") { base.removeLast(4) }
        guard let host = Self.hostName(of: base) else { return nil }
        if host == "github.com" || host == "www.github.com" {
            self.host = .gitHub
        } else if host == "gitlab.com" || host.hasPrefix("gitlab.") {
            self.host = .gitLab
        } else {
            return nil
        }
        // A repository is at least an owner and a name.
        let path = base.dropFirst("https://".count + host.count)
        guard path.split(separator: "/").count >= 2 else { return nil }
        self.repository = base
        self.tagPrefix = tagPrefix
    }

    /// The host of an `https://host/…` URL, lower-cased; nil for anything else.
    private static func hostName(of url: String) -> String? {
        guard url.lowercased().hasPrefix("https://") else { return nil }
        let host = url.dropFirst("https://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return host.isEmpty || host.contains("@") ? nil : host.lowercased()
    }

    private var compareBase: String { repository + (host == .gitLab ? "/-/compare/" : "/compare/") }
    private var tagBase: String { repository + (host == .gitLab ? "/-/tags/" : "/releases/tag/") }

    /// The comparison of two versions (or of a version with `HEAD`, for `[Unreleased]`).
    package func compare(from older: String, to newer: String?) -> String {
        compare(fromTag: tagPrefix + older, toTag: newer.map { tagPrefix + $0 })
    }

    /// The comparison of two tags as written (or of a tag with `HEAD`).
    package func compare(fromTag older: String, toTag newer: String?) -> String {
        compareBase + older + "..." + (newer ?? "HEAD")
    }

    /// The tag of a version (the first release's link).
    package func tag(_ version: String) -> String {
        tagBase + tagPrefix + version
    }

    /// Each version's link in Keep a Changelog's file, for `versions` newest first: the comparison with the
    /// next older released version, the oldest release's tag, and for an unreleased version the comparison
    /// of the next older release with `HEAD` (nil when there is none). The style writes these, and the
    /// import reports a heading link that is not one of them.
    package func urls(for versions: [(version: String, unreleased: Bool)]) -> [String?] {
        urls(forTags: versions.map { (tagPrefix + $0.version, $0.unreleased) })
    }

    /// `urls(for:)` for versions by their tags as written (a version's `tag`, else the prefix and the version).
    package func urls(forTags versions: [(tag: String, unreleased: Bool)]) -> [String?] {
        versions.indices.map { index in
            let older = versions[(index + 1)...].first { !$0.unreleased }?.tag
            if versions[index].unreleased { return older.map { compare(fromTag: $0, toTag: nil) } }
            return older.map { compare(fromTag: $0, toTag: versions[index].tag) } ?? tagBase + versions[index].tag
        }
    }

    /// What a link's URL says, read back for import: the repository, and the newer tag it compares or the tag
    /// it shows (`HEAD` for `[Unreleased]`). Nil for a URL of another shape.
    package struct Parsed: Sendable, Hashable {
        package var repository: String
        /// The tag the link is about: the newer side of a comparison, or the tag shown.
        package var tag: String
        /// The older side of a comparison; nil for a tag link.
        package var olderTag: String?
    }

    package static func parse(_ url: String) -> Parsed? {
        for marker in ["/-/compare/", "/compare/", "/-/tags/", "/releases/tag/", "/-/releases/"] {
            guard let range = url.firstRange(of: marker) else { continue }
            let repository = String(url[..<range.lowerBound])
            let rest = String(url[range.upperBound...])
            guard CompareLinks(repository: repository, tagPrefix: "") != nil, !rest.isEmpty, !rest.contains("/") else { return nil }
            if marker.hasSuffix("compare/") {
                guard let dots = rest.firstRange(of: "...") else { return nil }
                let older = String(rest[..<dots.lowerBound])
                let newer = String(rest[dots.upperBound...])
                guard !older.isEmpty, !newer.isEmpty else { return nil }
                return Parsed(repository: repository, tag: newer, olderTag: older)
            }
            return Parsed(repository: repository, tag: rest, olderTag: nil)
        }
        return nil
    }
}
