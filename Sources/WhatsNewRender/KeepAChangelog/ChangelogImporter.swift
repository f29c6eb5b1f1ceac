import Markdown
import SourceText
import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewText

/// Reads a changelog into `ImportedChangelog` through cmark-gfm's tree (`MarkdownOutline`), never by matching
/// patterns over the Markdown: a heading that starts with a version is a release (`ReleaseHeading`: `## [1.2.0] -
/// 2026-11-01`, `# v1.2.0 (November 1, 2026)`, `### 1.2.0rc1`, `[Unreleased]`, `[YANKED]`; its link gives the
/// repository and the tag prefix; a version SemVer does not read is mapped by `VersionSpelling` and kept as its
/// tag), a heading below it names the kind of the changes after it (`SectionName`) and is kept as their section,
/// and each bullet is a change (`ChangeBullet` splits it only at a bold lead-in). Two headings of one version
/// are merged. What it cannot map is reported as a warning over the lines it covers, and its text is kept where
/// it can be (folded into a change, or a change of its own); it is never dropped unsaid.
package struct ChangelogImporter {
    package init() {}

    /// The changelog of `file`; nil (after reporting `import-no-releases`) when it has no release heading.
    package func read(_ file: SourceFile, engine: DiagnosticEngine) -> ImportedChangelog? {
        var reader = Reader(file: file, engine: engine)
        // Block by block, each freed once read: what is kept of one is the changes it makes, the lines it
        // covers and the URLs it links to.
        var covered = LinkDefinition.CoveredLines(file: file)
        var destinations: Set<String> = []
        MarkdownOutline.forEachBlock(parsing: String(decoding: file.bytes, as: UTF8.self)) { block in
            reader.read(block)
            covered.add(block)
            LinkDefinition.addDestinations(in: [block.block], to: &destinations)
        }
        reader.unused(LinkDefinition.find(in: file, covered: covered), used: destinations)
        return reader.finish()
    }
}

extension ChangelogImporter {
    /// The version a tag ends with (`v1.2.0` → `1.2.0`): the longest suffix that starts with a digit and parses,
    /// among the last `longestVersion` bytes. Trying every start parses the rest of the tag each time, so a tag
    /// of 200,000 digits took minutes; a tag is one git ref name, which a file system holds in 255 bytes.
    static func versionSuffix(of tag: String) -> String? {
        var parsedBytes = 0
        return versionSuffix(of: tag, parsedBytes: &parsedBytes)
    }

    /// `versionSuffix(of:)`, adding to `parsedBytes` the bytes it handed to the parser (the work a test counts).
    static func versionSuffix(of tag: String, parsedBytes: inout Int) -> String? {
        let bytes = Array(tag.utf8)
        for start in max(0, bytes.count - longestVersion)..<bytes.count where bytes[start] >= UInt8(ascii: "0") && bytes[start] <= UInt8(ascii: "9") {
            // (A start inside a character of several bytes is never a digit.)
            let candidate = String(decoding: bytes[start...], as: UTF8.self)
            parsedBytes += bytes.count - start
            if case .success = SemanticVersion.parse(candidate) { return candidate }
        }
        return nil
    }

    /// The most bytes a tag's version is looked for in (see `versionSuffix`).
    static let longestVersion = 255
}

/// Where a block is, for the warnings about its text: its first line and column, and its last line.
private struct Span {
    var line: Int
    var column: Int
    var endLine: Int?

    init(line: Int, column: Int, endLine: Int?) {
        self.line = line
        self.column = column
        self.endLine = endLine
    }

    init(_ located: MarkdownOutline.Block) {
        self.init(line: located.line, column: located.column, endLine: located.contentLines.upperBound)
    }
}

private struct Reader {
    let file: SourceFile
    let engine: DiagnosticEngine
    let renderer = MarkdownRenderer()
    var changelog = ImportedChangelog()
    /// The release being read; nil before the first and inside a section that is skipped.
    var release: ImportedChangelog.Release?
    /// Whether a release heading was seen (text after it belongs to some release, or to a skipped section).
    var seenRelease = false
    var kind: FeatureKind?
    /// The heading of the section being read (inline Markdown), when it is not its kind's own.
    var section: String?
    /// Whether a section heading or label was read since the release's heading (the summary is above the first).
    var inSection = false
    /// The section heading or label read last, while no change has come under it.
    var emptySection: (line: Int, column: Int, text: String)?
    /// The heading level of the releases (`#` in some files, `###` in others); a deeper heading is a section.
    var releaseLevel: Int?
    /// The repository and tag prefix of the first link that told them.
    var linked: (repository: String, tagPrefix: String)?
    /// What an `[Unreleased]` heading's link suggests, used when no release's link tells.
    var unreleasedLinked: (repository: String, tagPrefix: String)?
    /// Each release heading's link: the release's index, its label and URL, and where the heading is.
    var headingLinks: [(release: Int, label: String, url: String, line: Int, column: Int)] = []

    init(file: SourceFile, engine: DiagnosticEngine) {
        self.file = file
        self.engine = engine
    }

    mutating func read(_ located: MarkdownOutline.Block) {
        switch located.block {
        case .heading(let level, let inlines):
            heading(level: level, inlines, at: located)
        case .list(let list):
            guard release != nil else {
                outside(located, what: "a list")
                return
            }
            for (index, item) in list.items.enumerated() {
                let place = index < located.items.count ? located.items[index] : MarkdownOutline.Item(line: located.line, column: located.column,
                                                                                                     blocks: [])
                bullet(item, place: place)
            }
        case .html:
            // An HTML block (often a comment) has no place in a manifest.
            warn(.importUnmapped, "an HTML block is not imported: a manifest has no place for it", at: located,
                 fix: "write it as Markdown text, or leave it out")
        case .thematicBreak:
            warn(.importUnmapped, "a thematic break is not imported", at: located, fix: nil)
        case .paragraph, .codeBlock, .blockQuote:
            guard release != nil else {
                if case .paragraph(let inlines) = located.block, !seenRelease, Self.isIntroduction(inlines) { return }
                outside(located, what: Self.name(of: located.block))
                return
            }
            if case .paragraph(let inlines) = located.block, label(inlines, at: located) { return }
            if case .paragraph(let inlines) = located.block, summary(inlines, at: Span(located)) { return }
            if case .paragraph(let inlines) = located.block, inlines.allSatisfy(Self.isMarkup) {
                // `<a name="1.2.0"></a>` before the next heading: an anchor, no text.
                let html = inlines.compactMap { inline -> String? in if case .html(let html) = inline { return html } else { return nil } }.joined()
                warn(.importUnmapped, "HTML '\(html)' has no text and no place in a manifest, so it is not imported", at: located,
                     fix: "leave it out")
                return
            }
            warn(.importUnmapped, "\(Self.name(of: located.block)) between the bullets of \(release?.numbered == true ? "the unreleased section" : "version " + (release?.version ?? "")) is imported as a change of its own",
                 at: located, fix: "write it as a bullet")
            addChange(Self.inlines(of: [located.block]), at: Span(located))
        }
    }

    /// Reads a paragraph that names a section (`Bug Fixes:`, `**Deprecations**:`, `**ENHANCEMENTS:**`) into the kind
    /// of the bullets after it, or a paragraph that is only a date (`_2026-06-08_`) right under a heading without
    /// one into the release's date; false for any other paragraph.
    private mutating func label(_ inlines: [MarkdownInline], at located: MarkdownOutline.Block) -> Bool {
        let text = Self.plain(inlines)
        if let release, release.date == nil, release.changes.isEmpty, let (date, count) = HeadingDate.read(text.split(separator: " ").map(String.init), at: 0),
           count == text.split(separator: " ").count {
            self.release?.date = date
            // From the heading, which the date moves into, to the paragraph.
            warn(.importUnmapped, "the paragraph '\(text)' is imported as the date of \(release.numbered ? "the unreleased section" : "version " + release.version), which the written-back changelog writes in its heading",
                 line: release.line, column: 1, endLine: located.contentLines.upperBound, fix: "nothing, or write the date in the heading, e.g. '## [1.2.0] - 2026-11-01'")
            return true
        }
        guard text.hasSuffix(":") || inlines.count == 1, text.split(separator: " ").count <= 4, !text.contains("."),
              let known = SectionName.kind(of: text) else { return false }
        if inlines.count == 1 {
            switch inlines[0] {
            case .strong, .emphasis: break
            default: guard text.hasSuffix(":") else { return false }
            }
        }
        kind = known
        inSection = true
        var name = Substring(text)
        while let last = name.last, last == ":" || last == " " { name = name.dropLast() }
        section = name == known.heading ? nil : String(name)
        sectionWithoutChanges()
        emptySection = (located.line, located.column, String(name))
        warn(.importUnmapped, "the paragraph '\(text)' is imported as the section of the bullets after it, which the written-back changelog writes as the heading '### \(name)'",
             at: located, fix: "nothing, or write it as a heading, e.g. '### \(name)'")
        return true
    }

    /// Reads a paragraph between a release's heading and its first section or bullet into the release's summary
    /// (Keep a Changelog 2.0's); false for any other paragraph, and for one of nothing but HTML.
    private mutating func summary(_ inlines: [MarkdownInline], at span: Span) -> Bool {
        guard var release, !inSection, release.changes.isEmpty, !inlines.allSatisfy(Self.isMarkup) else { return false }
        if isTable(at: span.line) {
            warn(.importUnmapped, "a table is imported as the text of its cells into the summary of \(release.numbered ? "the unreleased section" : "version " + release.version), which the written-back changelog writes as a paragraph (a manifest's text has no tables)",
                 line: span.line, column: span.column, endLine: span.endLine, fix: "write the table as a list, or leave it out")
        }
        let paragraph = markdown(inlines, at: span)
        guard !paragraph.isEmpty else { return false }
        release.summary = release.summary.map { $0 + "\n\n" + paragraph } ?? paragraph
        self.release = release
        return true
    }

    /// Whether the paragraph starting at `line` is a GitHub table (its second line a delimiter row, `|---|:--|`),
    /// which the importer reads as a paragraph.
    private func isTable(at line: Int) -> Bool {
        guard line >= 1, line < file.lineCount, file.lineText(line).contains("|") else { return false }
        let delimiter = file.lineText(line + 1).filter { !" \t\r\n".contains($0) }
        return delimiter.contains("|") && delimiter.contains("-") && delimiter.allSatisfy { "|:-".contains($0) }
    }

    /// Text before the first release, or in a section that is skipped.
    private func outside(_ located: MarkdownOutline.Block, what: String) {
        let place = seenRelease ? "under a heading that is not a release" : "before the first release"
        warn(.importUnmapped, "\(what) \(place) is not imported", at: located,
             fix: seenRelease ? "put it under a release heading such as '## [1.2.0] - 2026-11-01'" : "move it into a release, or leave it out")
    }

    private mutating func heading(level: Int, _ inlines: [MarkdownInline], at located: MarkdownOutline.Block) {
        let text = Self.plain(inlines)
        // A release: a version heading at levels 1 to 4 (`#### 1.12.2` under a `### 1.12.x` series), or a word
        // for a release to come (`### Development`) no deeper than the releases around it. Under a release, a
        // deeper heading is a release only when it is nothing but a version and a date (`### 2.0 regressions`
        // is a section).
        if level <= 4, let parsed = ReleaseHeading.read(inlines), parsed.spelling != nil || level <= (releaseLevel ?? 3),
           release == nil || level <= (releaseLevel ?? level) || (parsed.spelling != nil && parsed.leftover.isEmpty) {
            finishRelease()
            seenRelease = true
            kind = nil
            section = nil
            inSection = false
            releaseLevel = level
            let heading = release(parsed, text: text, at: located)
            release = heading
            if let destination = parsed.destination {
                headingLinks.append((changelog.releases.count, heading.unreleased ? KeepAChangelogEmitter.unreleasedLabel : heading.version,
                                     destination, located.line, located.column))
            }
            return
        }
        // A heading above the releases' level ends the release; one at their level ends it only when it is
        // the file's title or no release is open (`## New Contributors` after a release's groups is a section
        // of that release, reported as any section whose name means no kind).
        let boundary = releaseLevel ?? 2
        if level < boundary || (level == boundary && release == nil) || (level == 1 && !seenRelease) {
            if level == 1, !seenRelease, Self.titles.contains(text.lowercased()) { return }
            finishRelease()
            if seenRelease || level >= 2 {
                seenRelease = true
                warn(.importNotAVersion, "heading '\(text)' names no version; expected '[1.2.0] - 2026-11-01' or '[Unreleased]', so the section under it is not imported",
                     at: located, fix: "write the version as MAJOR.MINOR.PATCH, e.g. '## [1.2.0] - 2026-11-01'")
            } else {
                warn(.importUnmapped, "title '\(text)' is not imported (the Keep a Changelog title is 'Changelog')", at: located, fix: nil)
            }
            return
        }
        guard release != nil else {
            outside(located, what: "heading '\(text)'")
            return
        }
        kind = SectionName.kind(of: text)
        inSection = true
        sectionWithoutChanges()
        emptySection = (located.line, located.column, text)
        section = text == kind?.heading ? nil : renderer.render(inlines: ChangeBullet.normalized(inlines))
        if kind == nil {
            let names = FeatureKind.allCases.map(\.heading).joined(separator: ", ")
            warn(.importUnknownSection, "section '\(text)' is none of Keep a Changelog's (\(names)) nor a name that means one (Fixes, Bug Fixes, Features, Breaking Changes, …); its bullets are imported without a kind, under their 'section'",
                 at: located, fix: "rename the section to one of \(names)" + Suggestion.phrase(for: text, in: FeatureKind.allCases.map(\.heading)))
        }
    }

    /// The titles a changelog starts with, not imported and not reported.
    static let titles: Set<String> = ["changelog", "change log", "changes", "release notes", "history", "news", "changelog.md"]

    /// The release a heading opens, with a warning for each part of it the manifest takes in another form.
    private mutating func release(_ parsed: ReleaseHeading, text: String, at located: MarkdownOutline.Block) -> ImportedChangelog.Release {
        var release = ImportedChangelog.Release(version: parsed.spelling?.version ?? "")
        release.line = located.line
        release.unreleased = parsed.unreleased
        release.numbered = parsed.spelling == nil
        release.yanked = parsed.yanked
        release.date = parsed.date
        release.written = parsed.written
        if let destination = parsed.destination, let tag = CompareLinks.parse(destination)?.tag, tag != "HEAD" { release.linkTag = tag }
        let name = release.numbered ? "'\(text)'" : "version " + release.version
        if let note = parsed.spelling?.note {
            warn(.importVersionMapped, note + ", and the version as written is kept as its 'tag', which the written-back heading and links use", at: located,
                 fix: "nothing, if the tags are written so; else write the version as SemVer, MAJOR.MINOR.PATCH[-PRERELEASE]")
        }
        if let placeholder = parsed.placeholderDate {
            warn(.importUnmapped, "'\(placeholder)' in the heading of \(name) is a placeholder, not a date, so the version is imported as unreleased",
                 at: located, fix: "write the date as YYYY-MM-DD when the version is released")
        }
        if !parsed.leftover.isEmpty {
            let words = parsed.leftover.joined(separator: " ")
            if parsed.leftover.contains(where: { $0.contains(where: \.isNumber) }) {
                warn(.importUnmapped, "'\(words)' in the heading of \(name) is not imported; expected a date YYYY-MM-DD or 'November 1, 2026'",
                     at: located, fix: "write the date as YYYY-MM-DD, e.g. '## [1.2.0] - 2026-11-01'")
            } else {
                release.title = words
                warn(.importUnmapped, "'\(words)' in the heading of \(name) is imported as the version's title, which --markdown-style keepachangelog does not write back",
                     at: located, fix: "leave the title in the manifest for the other outputs, or move the text into a bullet")
            }
        }
        if let destination = parsed.destination {
            link(destination, label: release.numbered ? KeepAChangelogEmitter.unreleasedLabel : parsed.written, release: release, at: located)
        }
        return release
    }

    /// Learns the repository and the tag prefix from a heading's link.
    private mutating func link(_ url: String, label: String, release: ImportedChangelog.Release, at located: MarkdownOutline.Block) {
        guard let parsed = CompareLinks.parse(url) else {
            warn(.importUnmapped, "the link of '\(label)' (\(url)) is not a GitHub or GitLab compare or tag link, so it is not imported",
                 at: located, fix: "link to 'https://github.com/OWNER/NAME/compare/v1.1.0...v1.2.0'")
            return
        }
        guard linked == nil else { return }
        if release.numbered {
            // `…/compare/v1.2.0...HEAD`: a guess at the prefix, taken only when no release's link tells it (the
            // older tag may be a version SemVer does not read, `2.1.0rc2`, whose longest parsing suffix is `2`).
            if parsed.tag == "HEAD", let older = parsed.olderTag, let version = ChangelogImporter.versionSuffix(of: older),
               version.prefix(while: { $0 != "-" && $0 != "+" }).count(where: { $0 == "." }) == 2 {
                unreleasedLinked = (parsed.repository, String(older.dropLast(version.count)))
            }
            return
        }
        guard parsed.tag.hasSuffix(release.version) else { return }
        linked = (parsed.repository, String(parsed.tag.dropLast(release.version.count)))
    }

    private mutating func bullet(_ item: [MarkdownBlock], place: MarkdownOutline.Item) {
        var blocks = item
        var inlines: [MarkdownInline] = []
        if case .paragraph(let first)? = blocks.first {
            inlines = first
            blocks.removeFirst()
        }
        let span = Span(line: place.line, column: place.column, endLine: place.blocks.last?.contentLines.upperBound)
        if !blocks.isEmpty, !inlines.isEmpty, let kept = keptBlocks(blocks, after: inlines) {
            addChange(inlines, blocks: kept, at: span)
            return
        }
        if !blocks.isEmpty {
            let what = blocks.map(Self.name(of:)).joined(separator: ", ")
            let line = place.blocks.dropFirst(item.count - blocks.count).first.map { ($0.line, $0.column) } ?? (place.line, place.column)
            warn(.importFolded, "\(what) inside a bullet cannot be a change's text, so it is folded into the bullet's text",
                 line: line.0, column: line.1, endLine: place.blocks.last?.contentLines.upperBound, fix: "write the bullet as one paragraph, or make each nested bullet a change of its own")
            inlines = ChangeBullet.normalized(inlines) + [.text(" ")] + Self.inlines(of: blocks)
        }
        guard !ChangeBullet.normalized(inlines).isEmpty else {
            warn(.importUnmapped, "an empty bullet is not imported", line: place.line, column: place.column, fix: "write the change, or remove the bullet")
            return
        }
        addChange(inlines, at: span)
    }

    /// The blocks after a bullet's first paragraph as Markdown blocks of its subtitle, which
    /// `--markdown-style keepachangelog` writes back inside the bullet: code blocks (with their language) and
    /// paragraphs after one; nil for any other block, or a paragraph right after the first when the bullet has
    /// no bold lead-in (its subtitle would start with it, and be joined to the first paragraph when written back).
    private func keptBlocks(_ blocks: [MarkdownBlock], after first: [MarkdownInline]) -> [MarkdownBlock]? {
        guard blocks.allSatisfy({ if case .codeBlock = $0 { return true }; if case .paragraph = $0 { return true }; return false }) else { return nil }
        if case .paragraph? = blocks.first, ChangeBullet.split(InlineHTML.converted(first)).subtitle.isEmpty { return nil }
        return blocks
    }

    /// A change of `inlines` (split into title and subtitle at a bold lead-in), with `blocks` after the subtitle.
    private mutating func addChange(_ inlines: [MarkdownInline], blocks: [MarkdownBlock] = [], at span: Span) {
        let (title, subtitle) = ChangeBullet.split(InlineHTML.converted(inlines))
        var parts = [markdown(subtitle, at: span, converted: true)]
        for block in blocks {
            switch block {
            case .paragraph(let content): parts.append(markdown(content, at: span))
            default: parts.append(renderer.render(blocks: [block]).trimmingTrailingNewlines())
            }
        }
        let change = ImportedChangelog.Change(title: markdown(title, at: span, converted: true),
                                              subtitle: parts.filter { !$0.isEmpty }.joined(separator: "\n\n"), kind: kind, section: section)
        release?.changes.append(change)
        emptySection = nil
    }

    /// Inline content as Markdown source: HTML with an exact Markdown equivalent converted (`InlineHTML`), any
    /// other kept as written, with a warning over `span`: every output shows raw HTML as text.
    private func markdown(_ inlines: [MarkdownInline], at span: Span, converted: Bool = false) -> String {
        let content = converted ? inlines : InlineHTML.converted(inlines)
        if Self.holdsImage(content) {
            warn(.importUnmapped, "an image is imported as a link to it: no output shows an image of a text, so the written-back changelog links it",
                 line: span.line, column: span.column, endLine: span.endLine, fix: "link the image, or give it a feature's 'image'")
        }
        var seen: Set<String> = []
        let kept = InlineHTML.kept(in: content).filter { seen.insert($0).inserted }
        if !kept.isEmpty {
            let tags = kept.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (kept.count > 3 ? ", …" : "")
            warn(.importUnmapped, "inline HTML \(tags) is kept as written, but every output shows raw HTML as text (the written-back changelog escapes it)",
                 line: span.line, column: span.column, endLine: span.endLine, fix: "write it as Markdown (`code`, **strong**), or as the words it shows")
        }
        var raw = renderer
        raw.keepsInlineHTML = true
        return raw.render(inlines: content)
    }

    /// Reports the section heading read last when no change came under it before the next section or the end of
    /// the release: its changes' section is the one below it, so it is not written back.
    private mutating func sectionWithoutChanges() {
        guard let empty = emptySection else { return }
        emptySection = nil
        warn(.importUnmapped, "section '\(empty.text)' has no bullets before the next section, so the written-back changelog leaves its heading out",
             line: empty.line, column: empty.column, fix: "put its bullets right under it, or remove the heading")
    }

    private mutating func finishRelease() {
        sectionWithoutChanges()
        if let release { changelog.releases.append(release) }
        release = nil
    }

    mutating func finish() -> ImportedChangelog? {
        finishRelease()
        guard !changelog.releases.isEmpty else {
            engine.report(Diagnostic(.error, code: .importNoReleases,
                                     message: "'\(file.name)' has no release heading; expected '## [1.2.0] - 2026-11-01' or '## [Unreleased]'",
                                     file: file, range: nil, fix: "import a Keep a Changelog file"))
            return nil
        }
        numberUnreleased()
        mergeDuplicates()
        if linked == nil { linked = unreleasedLinked }
        for index in changelog.releases.indices where !changelog.releases[index].written.isEmpty {
            let release = changelog.releases[index]
            var number = Substring(release.written)
            if number.first == "v" || number.first == "V" { number = number.dropFirst() }
            guard number != release.version else { continue }
            changelog.releases[index].tag = release.linkTag ?? (number.contains("@") ? String(number) : (linked?.tagPrefix ?? "v") + number)
        }
        // The links are written back from the repository and the tag prefix for every version: only when each
        // version the style links had a link in its heading, else the style would invent the others.
        if let linked, let links = CompareLinks(repository: linked.repository, tagPrefix: linked.tagPrefix) {
            let linkedReleases = Set(headingLinks.map(\.release))
            let written = zip(emitterOrder, links.urls(forTags: emitterOrder.map { tag(of: $0, prefix: linked.tagPrefix) }))
            if written.allSatisfy({ $0.1 == nil || linkedReleases.contains($0.0) }) {
                changelog.repository = linked.repository
                if linked.tagPrefix != "v" { changelog.tagPrefix = linked.tagPrefix }
            } else {
                self.linked = nil
            }
        }
        unreproducedHeadingLinks()
        return changelog
    }

    /// A release's tag as the emitter links it, and whether it is unreleased.
    private func tag(of index: Int, prefix: String) -> (tag: String, unreleased: Bool) {
        let release = changelog.releases[index]
        return (release.tag ?? prefix + release.version, release.unreleased)
    }

    /// The releases' indices in the emitter's order: newest first, as compiling sorts the versions.
    private var emitterOrder: [Int] {
        changelog.releases.indices.sorted { left, right in
            let (a, b) = (SemanticVersion(changelog.releases[left].version), SemanticVersion(changelog.releases[right].version))
            if let a, let b, a != b { return a > b }
            return left < right
        }
    }

    /// Numbers each release whose heading names no version (`[Unreleased]`, `master`, `[Next]`) so that it sorts
    /// where it was written: at the top, the minor version after the newest release (0.1.0 when there is none; a
    /// patch version would be a patch without its .0 release, `unreachable-patch`); between two releases, the
    /// minor version after the older one when that is below the newer one, else the newer one's pre-release
    /// `-unreleased`.
    private mutating func numberUnreleased() {
        // Each release's version, and the nearest released one above and below each, in two passes: a file of
        // many headings without a number is read in linear time.
        let versions = changelog.releases.map { $0.numbered ? nil : SemanticVersion($0.version) }
        guard versions.contains(nil) else { return }
        var newerOf: [SemanticVersion?] = []
        var newer: SemanticVersion?
        for version in versions {
            newerOf.append(newer)
            if let version { newer = version }
        }
        var olderOf = [SemanticVersion?](repeating: nil, count: versions.count)
        var older: SemanticVersion?
        for index in versions.indices.reversed() {
            olderOf[index] = older
            if let version = versions[index] { older = version }
        }
        let newest = versions.compactMap { $0 }.max()
        var taken = Set(versions.compactMap { $0 })
        for index in changelog.releases.indices where changelog.releases[index].numbered {
            var next: SemanticVersion
            if let newer = newerOf[index] {
                let candidate = olderOf[index].map { Self.nextMinor(after: $0) } ?? SemanticVersion(major: 0, minor: 1)
                if let candidate, candidate < newer, !taken.contains(candidate) {
                    next = candidate
                } else {
                    next = SemanticVersion(major: newer.major, minor: newer.minor, patch: newer.patch, prerelease: [.alphanumeric("unreleased")])
                }
            } else {
                next = newest.map { Self.nextMinor(after: $0) ?? SemanticVersion(major: $0.major, minor: $0.minor, patch: $0.patch,
                                                                                 prerelease: [.alphanumeric("unreleased")]) }
                    ?? SemanticVersion(major: 0, minor: 1)
            }
            taken.insert(next)
            changelog.releases[index].version = next.description
        }
    }

    /// The minor version after `version` (1.2.3 → 1.3.0); nil when its minor number is the largest there is.
    private static func nextMinor(after version: SemanticVersion) -> SemanticVersion? {
        let (minor, overflow) = version.minor.addingReportingOverflow(1)
        return overflow ? nil : SemanticVersion(major: version.major, minor: minor)
    }

    /// Merges each release whose version an earlier heading has into that one (its changes after the first's),
    /// with a warning at the later heading naming the earlier one's line: a manifest holds a version once.
    private mutating func mergeDuplicates() {
        var first: [SemanticVersion: Int] = [:]
        var kept: [ImportedChangelog.Release] = []
        // Where each release went, for the heading links (a merged heading's link is dropped with it).
        var moved: [Int: Int] = [:]
        for (index, release) in changelog.releases.enumerated() {
            guard let version = SemanticVersion(release.version), let earlier = first[version] else {
                if let version = SemanticVersion(release.version) { first[version] = kept.count }
                moved[index] = kept.count
                kept.append(release)
                continue
            }
            warn(.importDuplicateVersion, "version \(release.version) has a heading at line \(kept[earlier].line) already, so the \(release.changes.count) change(s) under this one are merged into it",
                 line: release.line, column: 1, fix: "give the release its own version, or merge the two sections by hand")
            kept[earlier].changes += release.changes
            if let summary = release.summary { kept[earlier].summary = kept[earlier].summary.map { $0 + "\n\n" + summary } ?? summary }
            kept[earlier].yanked = kept[earlier].yanked || release.yanked
            if kept[earlier].date == nil { kept[earlier].date = release.date }
            if kept[earlier].title == nil { kept[earlier].title = release.title }
        }
        changelog.releases = kept
        headingLinks = headingLinks.compactMap { link in
            guard let index = moved[link.release] else { return nil }
            var link = link
            link.release = index
            return link
        }
    }

    /// Reports each heading link that `--markdown-style keepachangelog` would not write back: the style
    /// links every version into the repository and tag prefix the import keeps, so any other URL is lost.
    /// (A link that is no compare or tag link at all was reported where it was read.)
    private func unreproducedHeadingLinks() {
        let links = linked.flatMap { CompareLinks(repository: $0.repository, tagPrefix: $0.tagPrefix) }
        let order = emitterOrder
        var expected: [Int: String] = [:]
        if let links {
            let urls = links.urls(forTags: order.map { tag(of: $0, prefix: links.tagPrefix) })
            for (index, url) in zip(order, urls) { expected[index] = url }
        }
        for link in headingLinks where CompareLinks.parse(link.url) != nil && expected[link.release] != link.url {
            let written = expected[link.release].map { "the link it writes is \($0)" }
                ?? "it writes no link, since not every version's heading has a GitHub or GitLab compare or tag link ending with the version (it would invent the others)"
            warn(.importLinkDropped, "the link of '[\(link.label)]' (\(link.url)) is not the one --markdown-style keepachangelog writes back for it, so it is not imported; \(written)",
                 line: link.line, column: link.column,
                 fix: expected[link.release].map { "link '[\(link.label)]' to \($0), or mention \(link.url) in a bullet" } ?? "mention \(link.url) in a bullet")
        }
    }

    /// Reports each link reference definition that no link of the file uses: nothing imports its URL.
    mutating func unused(_ definitions: [LinkDefinition], used: Set<String>) {
        var labels: Set<String> = []
        for definition in definitions {
            if !labels.insert(LinkDefinition.key(definition.label)).inserted {
                warn(.importLinkDropped, "link definition '[\(definition.label)]' (\(definition.destination)) repeats a label defined above, and Markdown uses the first, so it is not imported",
                     line: definition.line, column: definition.column, fix: "remove the repeated definition, or give it a label of its own")
            } else if !used.contains(definition.destination) {
                warn(.importLinkDropped, "link definition '[\(definition.label)]' (\(definition.destination)) is used by no link, so it is not imported",
                     line: definition.line, column: definition.column, fix: "link a release heading or a bullet to '[\(definition.label)]', or leave the definition out")
            }
        }
    }

    // MARK: Helpers

    private func warn(_ code: DiagnosticCode, _ message: String, at located: MarkdownOutline.Block, fix: String?) {
        warn(code, message, line: located.line, column: located.column, endLine: located.contentLines.upperBound, fix: fix)
    }

    private func warn(_ code: DiagnosticCode, _ message: String, line: Int, column: Int, endLine: Int? = nil, fix: String?) {
        // From the block's start (cmark counts its column in bytes) to the end of its last line: the range holds
        // every word the warning is about.
        let lineStart = file.mark(line: line, scalarColumn: 0).offset
        let start = file.mark(atOffset: lineStart + max(0, column - 1))
        let last = min(max(line, endLine ?? line), max(line, file.lineCount))
        let text = file.lineText(last)
        let end = file.mark(line: last, scalarColumn: text.unicodeScalars.count { $0 != "\n" && $0 != "\r" })
        engine.report(Diagnostic(.warning, code: code, message: message, file: file,
                                 range: SourceRange(start: start, end: end.offset > start.offset ? end : start), fix: fix))
    }

    /// Blocks folded into inline content: paragraphs and headings as their text, code as code, lists item
    /// by item, separated by spaces.
    static func inlines(of blocks: [MarkdownBlock]) -> [MarkdownInline] {
        var out: [MarkdownInline] = []
        func add(_ more: [MarkdownInline]) {
            let more = ChangeBullet.normalized(more)
            guard !more.isEmpty else { return }
            if !out.isEmpty { out.append(.text(" ")) }
            out += more
        }
        for block in blocks {
            switch block {
            case .paragraph(let inlines), .heading(_, let inlines): add(inlines)
            case .codeBlock(_, let code): add([.code(trimmed(code.replacingNewlines(with: " ")))])
            case .html(let html): add([.text(trimmed(html.replacingNewlines(with: " ")))])
            case .blockQuote(let children): add(inlines(of: children))
            case .list(let list): for item in list.items { add(inlines(of: item)) }
            case .thematicBreak: break
            }
        }
        return out
    }

    /// Whether the inlines hold an image.
    static func holdsImage(_ inlines: [MarkdownInline]) -> Bool {
        inlines.contains { inline in
            switch inline {
            case .image: return true
            case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children): return holdsImage(children)
            default: return false
            }
        }
    }

    /// Whether an inline is HTML or white space: a paragraph of nothing else is markup with no words.
    static func isMarkup(_ inline: MarkdownInline) -> Bool {
        switch inline {
        case .html, .softBreak, .lineBreak: return true
        case .text(let text): return text.allSatisfy { $0 == " " || $0 == "\t" }
        default: return false
        }
    }

    static func name(of block: MarkdownBlock) -> String {
        switch block {
        case .paragraph: return "a paragraph"
        case .heading: return "a heading"
        case .list: return "a nested list"
        case .blockQuote: return "a block quote"
        case .codeBlock: return "a code block"
        case .html: return "an HTML block"
        case .thematicBreak: return "a thematic break"
        }
    }

    static func plain(_ inlines: [MarkdownInline]) -> String {
        trimmed(PlainTextRenderer.render(inlines: inlines).replacingNewlines(with: " "))
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// Whether a paragraph before the first release is (a part of) Keep a Changelog's own introduction.
    static func isIntroduction(_ inlines: [MarkdownInline]) -> Bool {
        let text = plain(inlines)
        let introduction = KeepAChangelogEmitter.introduction.filter { !$0.isEmpty }.map { plain(MarkdownText(parsing: $0).inlines) }
        return text == introduction[0] || text == introduction.dropFirst().joined(separator: " ")
    }
}
