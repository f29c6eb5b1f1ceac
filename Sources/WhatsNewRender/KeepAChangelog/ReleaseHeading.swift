import Markdown
import WhatsNewText

/// What a release heading says, read from its inline content as projects write it: the version first
/// (`[1.2.0]`, a link `[1.2.0](…)`, `v1.2.0`, `Version 1.2.0`, `name@1.2.0`, `<small>…</small>` and
/// `<a name>` anchors around it), or a word for a release not made yet (`Unreleased`, `master`, `Next`,
/// `Development`); then a date, `[YANKED]`, `(Unreleased)`, and any other words (a release's name).
struct ReleaseHeading: Sendable, Hashable {
    /// The version's first word as written (`v1.2.0`, `name@1.2.0rc1`); empty for an unreleased word.
    var written = ""
    /// The SemVer version it maps to; nil for an unreleased heading without a number.
    var spelling: VersionSpelling?
    var unreleased = false
    var yanked = false
    var date: String?
    /// A date written as a placeholder (`2026-MM-DD`): the release is not made yet.
    var placeholderDate: String?
    /// The words no other field takes (a release's name, `Steady Flight`), as written.
    var leftover: [String] = []
    /// The heading's link, when its version is a link.
    var destination: String?

    /// Words that name a release not made yet.
    static let unreleasedWords: Set<String> = ["unreleased", "master", "main", "next", "development", "head", "upcoming", "trunk",
                                               "in progress", "in development", "not released", "unreleased changes"]

    /// The heading `inlines` make; nil when they name no version and no release to come.
    static func read(_ inlines: [MarkdownInline]) -> ReleaseHeading? {
        // Inline HTML is markup around the version (`<small>`, `<a name="1.2.0"></a>`), not words of it.
        var content = inlines.filter { if case .html = $0 { return false } else { return true } }
        while case .text(let text)? = content.first, text.allSatisfy({ $0 == " " || $0 == "\t" }) { content.removeFirst() }
        var heading = ReleaseHeading()
        var words: [String]
        if case .link(let url, _, let children)? = content.first {
            heading.destination = url
            words = Self.words(plain(children)) + Self.words(plain(Array(content.dropFirst())))
        } else {
            words = Self.words(plain(content))
        }
        if words.count > 1, ["version", "release"].contains(words[0].lowercased()) { words.removeFirst() }
        guard var first = words.first else { return nil }
        while let last = first.last, last == ":" || last == "," { first.removeLast() }
        let twoWords = words.count > 1 ? (first + " " + words[1]).lowercased() : ""
        var rest = 1
        if unreleasedWords.contains(twoWords) {
            heading.unreleased = true
            rest = 2
        } else if unreleasedWords.contains(first.lowercased()) {
            heading.unreleased = true
        } else {
            // A tag's package name (`mermaid@11.14.0`, `@scope/name@1.0.0`) is no part of the version.
            let number = first.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? first
            guard let spelling = VersionSpelling.read(number) else { return nil }
            heading.written = first
            heading.spelling = spelling
        }
        var index = rest
        while index < words.count {
            let word = words[index]
            let lower = word.lowercased()
            if ["-", "—", "–", "/", ":", "|", "·", "@"].contains(word) {
                index += 1
            } else if lower == "yanked" {
                heading.yanked = true
                index += 1
            } else if lower == "unreleased" || lower == "unreleased." || lower == "not released" {
                heading.unreleased = true
                index += 1
            } else if index + 1 < words.count, (lower + " " + words[index + 1].lowercased()) == "not released" {
                heading.unreleased = true
                index += 2
            } else if heading.date == nil, let (date, count) = HeadingDate.read(words, at: index) {
                heading.date = date
                index += count
            } else if HeadingDate.isPlaceholder(word) {
                heading.placeholderDate = word
                heading.unreleased = true
                index += 1
            } else {
                heading.leftover.append(word)
                index += 1
            }
        }
        // A word for a release to come is the whole heading (`## master`, `## [Unreleased] - 2026-MM-DD`):
        // `### Next steps` is a heading of its own.
        if heading.spelling == nil, !heading.leftover.isEmpty { return nil }
        return heading
    }

    /// A heading's words: split at white space, brackets, parentheses and commas, which carry no meaning of their own.
    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == ")" || $0 == "[" || $0 == "]" || $0 == "," })
            .map(String.init).filter { !$0.isEmpty }
    }

    private static func plain(_ inlines: [MarkdownInline]) -> String {
        PlainTextRenderer.render(inlines: inlines).replacingNewlines(with: " ")
    }
}
