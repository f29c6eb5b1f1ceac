import Markdown
import WhatsNewModel

/// GitHub Flavored Markdown in the layout of Keep a Changelog 1.1.0 (`--markdown-style keepachangelog`):
/// the `# Changelog` title and its introduction (left out when `--release` selects one version), then per
/// version a `## [1.2.0] - 2026-11-01` heading (`## [Unreleased]` for a version marked `unreleased`,
/// ` [YANKED]` after a yanked one), its features without a `kind` first, then `### Added`, `### Changed`,
/// `### Deprecated`, `### Removed`, `### Fixed` and `### Security` groups (a feature's `section` heading
/// instead, when it has one), one bullet per feature
/// (`ChangeBullet`), and at the bottom the compare links when `app.repository` is on GitHub or GitLab
/// (`CompareLinks`). Version titles, images, actions and platforms have no place in the format.
package struct KeepAChangelogEmitter: Sendable {
    package init() {}

    /// The document's title.
    package static let title = "Changelog"
    /// The introduction Keep a Changelog's own file starts with, a paragraph of two lines.
    package static let introduction = [
        "All notable changes to this project will be documented in this file.",
        "",
        "The format is based on [Keep a Changelog](https://keepachangelog.com/en/1.1.0/),",
        "and this project adheres to [Semantic Versioning](https://semver.org/spec/v2.0.0.html).",
    ]
    /// The label of the unreleased version's heading and link.
    package static let unreleasedLabel = "Unreleased"

    package func emit(_ notes: ReleaseNotes) -> String {
        var output = OutputBuffer()
        emit(notes, into: &output)
        return output.text
    }

    package func emit(_ notes: ReleaseNotes, into output: inout OutputBuffer) {
        let renderer = MarkdownRenderer()
        let texts = MarkdownTextCache()
        // Blocks are separated by a blank line.
        var first = true
        func separate(_ output: inout OutputBuffer) {
            if !first { output += "\n" }
            first = false
        }
        if !notes.selectsOneRelease {
            separate(&output)
            output += "# " + Self.title + "\n"
            separate(&output)
            output += Self.introduction.joined(separator: "\n") + "\n"
        }
        for version in notes.versions {
            separate(&output)
            append(version, tagPrefix: notes.tagPrefix, renderer: renderer, texts: texts, to: &output)
            output.flushIfFull()
        }
        let links = Self.links(notes)
        if !links.isEmpty {
            separate(&output)
            for link in links {
                output += link
                output += "\n"
            }
        }
    }

    /// A version: its heading, its summary (Keep a Changelog 2.0's), its features without a kind, then one group per
    /// section or kind (`groups`).
    private func append(_ version: ReleaseNotes.Version, tagPrefix: String, renderer: MarkdownRenderer, texts: MarkdownTextCache,
                        to output: inout OutputBuffer) {
        output += Self.heading(version, tagPrefix: tagPrefix)
        output += "\n"
        if let summary = MarkdownEmitter.summary(version, texts: texts) {
            output += "\n"
            output += summary
            output += "\n"
        }
        for group in Self.groups(version.features) {
            if let heading = group.heading {
                // A section is the user's inline Markdown; a kind's heading is plain words.
                output += "\n" + renderer.heading(texts.text(parsing: heading).inlines, level: 3) + "\n"
            }
            output += "\n"
            for feature in group.features {
                // A subtitle of several blocks: its first paragraph on the bullet's line, the others inside the bullet.
                let blocks = Self.blocks(of: feature.subtitle, texts: texts)
                let inlines = ChangeBullet.bullet(title: texts.text(parsing: feature.title).inlines,
                                                  subtitle: blocks?.first ?? texts.text(parsing: feature.subtitle).inlines)
                // Brackets escaped: `[1.2.0]` in a bullet would otherwise link to the definitions at the bottom.
                var bullet: [UInt8] = Array("- ".utf8)
                renderer.append(inlines: inlines, continuation: "  ", escapingBrackets: true, to: &bullet)
                if let rest = blocks?.rest { Self.appendBlocks(rest, renderer: renderer, to: &bullet) }
                output.bytes += bullet
                output += "\n"
            }
        }
    }

    /// A version's label in its heading and link: its `tag` without the tag prefix (`1.2.0rc1` for the tag
    /// `v1.2.0rc1`), else the version.
    static func label(_ version: ReleaseNotes.Version, tagPrefix: String) -> String {
        guard let tag = version.tag else { return version.displayVersion }
        return !tagPrefix.isEmpty && tag.hasPrefix(tagPrefix) && tag.count > tagPrefix.count ? String(tag.dropFirst(tagPrefix.count)) : tag
    }

    /// `## [1.2.0] - 2026-11-01`, `## [1.2.0]` without a date, `## [Unreleased]`; ` [YANKED]` after a yanked
    /// release; `## [1.2.0rc1]` for a version with a `tag`. (A version's text is digits, letters, `.`, `-` and
    /// `+`, and a date is digits and `-`: neither needs escaping; a tag is escaped.)
    static func heading(_ version: ReleaseNotes.Version, tagPrefix: String = "v") -> String {
        if version.unreleased { return "## [\(unreleasedLabel)]" }
        var heading = "## ["
        if version.tag == nil {
            heading += version.displayVersion
        } else {
            // A tag is the user's text: escaped, as a link's label.
            var bytes: [UInt8] = []
            MarkdownRenderer().append(inlines: [.text(label(version, tagPrefix: tagPrefix))], insideBrackets: true, to: &bytes)
            heading += String(decoding: bytes, as: UTF8.self)
        }
        heading += "]"
        if let date = version.date { heading += " - " + date }
        if version.yanked { heading += " [YANKED]" }
        return heading
    }

    /// The link definitions at the bottom: each version's label to its comparison with the next older
    /// released version of the notes, the oldest to its tag; none unless `app.repository` is on GitHub or GitLab.
    package static func links(_ notes: ReleaseNotes) -> [String] {
        guard let repository = notes.repository, let links = CompareLinks(repository: repository, tagPrefix: notes.tagPrefix) else { return [] }
        let renderer = MarkdownRenderer()
        var definitions: [String] = []
        let versions = notes.versions
        let urls = links.urls(forTags: versions.map { ($0.tag ?? notes.tagPrefix + $0.displayVersion, $0.unreleased) })
        for (version, url) in zip(versions, urls) {
            guard let url else { continue }
            let label = version.unreleased ? unreleasedLabel : Self.label(version, tagPrefix: notes.tagPrefix)
            if let definition = renderer.linkDefinition(label: label, destination: url) { definitions.append(definition) }
        }
        return definitions
    }
}
