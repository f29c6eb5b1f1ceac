/// How `--format markdown` lays the notes out (`--markdown-style`).
public enum MarkdownStyle: String, Sendable, Hashable, CaseIterable {
    /// `## 1.2.0 — Title (date)` headings and one `- **title** — subtitle` item per feature.
    case standard = "default"
    /// Keep a Changelog 1.1.0: `## [1.2.0] - 2026-11-01` headings, `### Added`… groups, `[Unreleased]` and
    /// compare links (`KeepAChangelogEmitter`).
    case keepAChangelog = "keepachangelog"
}
