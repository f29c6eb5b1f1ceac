import WhatsNewModel
import WhatsNewText

/// What `whatsnew import` read from a Keep a Changelog file: the releases, newest first as written, their
/// changes as Markdown source, and the repository its compare links point into.
package struct ImportedChangelog: Sendable, Hashable {
    package struct Change: Sendable, Hashable {
        /// Markdown source.
        package var title: String
        /// Markdown source; empty for a one-line change.
        package var subtitle: String
        package var kind: FeatureKind?
        /// The section's heading as written (inline Markdown), when it is not the kind's own (`Bug Fixes`, `Highlights`).
        package var section: String?
    }

    package struct Release: Sendable, Hashable {
        /// The version as `SemanticVersion` writes it (an `[Unreleased]` section gets the next patch version).
        package var version: String
        package var date: String?
        package var unreleased = false
        package var yanked = false
        /// A release's name written in its heading (`## [8.11.0 - Steady Flight]`): the version's `title`.
        package var title: String?
        /// The paragraphs between its heading and its first section or bullet (Keep a Changelog 2.0's release
        /// summary), as Markdown source separated by blank lines: the version's `summary`.
        package var summary: String?
        /// The line of its heading in the changelog.
        package var line = 0
        /// The git tag, when the version is written otherwise than SemVer writes it (`1.2.0rc1`, `v0.24`,
        /// `name@1.2.0`): the heading link's tag, else the tag prefix and the version as written.
        package var tag: String?
        /// The version's word as written in the heading, and the tag its link names.
        var written = ""
        var linkTag: String?
        /// Whether the heading names no version (`## [Unreleased]`, `## master`): the import numbers it.
        package var numbered = false
        package var changes: [Change] = []
    }

    package var releases: [Release] = []
    /// The repository of the compare links (`https://github.com/owner/name`), when they have one.
    package var repository: String?
    /// What the links' tags put before the version, when it is not `v`.
    package var tagPrefix: String?
}

extension ImportedChangelog {
    /// The manifest as YAML: every text is written by `YAMLScalarQuoting`, so it reads back as written.
    package var yaml: String {
        var out = "# Imported by `whatsnew import` from a Keep a Changelog file.\n"
        if repository != nil || tagPrefix != nil {
            out += "app:\n"
            if let repository { out += "  repository: " + YAMLScalarQuoting.scalar(repository) + "\n" }
            if let tagPrefix { out += "  tagPrefix: " + YAMLScalarQuoting.quoted(tagPrefix) + "\n" }
        }
        out += "versions:\n"
        for release in releases {
            out += "  - version: " + YAMLScalarQuoting.quoted(release.version) + "\n"
            if let date = release.date { out += "    date: " + YAMLScalarQuoting.quoted(date) + "\n" }
            if release.unreleased { out += "    unreleased: true\n" }
            if release.yanked { out += "    yanked: true\n" }
            if let tag = release.tag { out += "    tag: " + YAMLScalarQuoting.quoted(tag) + "\n" }
            if let title = release.title { out += "    title: " + YAMLScalarQuoting.quoted(title) + "\n" }
            if let summary = release.summary { out += "    summary: " + YAMLScalarQuoting.quoted(summary) + "\n" }
            if release.changes.isEmpty {
                out += "    features: []\n"
                continue
            }
            out += "    features:\n"
            for change in release.changes {
                out += "      - title: " + YAMLScalarQuoting.quoted(change.title) + "\n"
                if !change.subtitle.isEmpty { out += "        subtitle: " + YAMLScalarQuoting.quoted(change.subtitle) + "\n" }
                if let kind = change.kind { out += "        kind: " + kind.rawValue + "\n" }
                if let section = change.section { out += "        section: " + YAMLScalarQuoting.quoted(section) + "\n" }
            }
        }
        return out
    }
}
