/// The formats `compile` writes.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    /// Terminal text with ANSI styles (`.txt`).
    case ansi
    /// GitHub Flavored Markdown (`.md`).
    case markdown
    /// One self-contained HTML page (`.html`).
    case html
    /// The resolved manifest as JSON (`.json`).
    case json
    /// WhatsNewKit's decodable JSON contract.
    case whatsNewKitJSON = "whatsnewkit-json"
    /// One version's notes as GitHub Markdown for a release page, without headings (`release-notes.md`).
    case releaseBody = "release-body"
    /// An Atom 1.0 feed, RFC 4287 (`.atom`).
    case atom
    /// A JSON Feed 1.1 (`feed.json`).
    case jsonFeed = "jsonfeed"
    /// An RSS 2.0 feed (`.rss`).
    case rss
    /// A Sparkle appcast: RSS 2.0 with the Sparkle namespace (`appcast.xml`).
    case appcast
    /// One version's notes as fastlane's store metadata, a tree of plain text files: the App Store's
    /// `<locale>/release_notes.txt` and Google Play's `android/<locale>/changelogs/<build>.txt`.
    case fastlane

    /// The format an output file's extension names, if any.
    public init?(fileExtensionOf path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "txt", "ansi": self = .ansi
        case "md", "markdown": self = .markdown
        case "html", "htm": self = .html
        case "json": self = .json
        case "atom": self = .atom
        case "rss": self = .rss
        default: return nil
        }
    }

    /// Whether the format writes a directory of files (`-o` names the directory) rather than one file.
    public var writesDirectory: Bool { self == .fastlane }

    /// Whether `--locale all` writes one file per locale of this format (the others are written once).
    public var isPerLocale: Bool {
        [.ansi, .markdown, .html, .releaseBody].contains(self)
    }

    /// The file name a format gets when several are written into one directory (a directory's, for
    /// `fastlane`).
    public var defaultFileName: String {
        switch self {
        case .ansi: return "notes.txt"
        case .markdown: return "CHANGELOG.md"
        case .html: return "changelog.html"
        case .json: return "notes.json"
        case .whatsNewKitJSON: return "whatsnewkit.json"
        case .releaseBody: return "release-notes.md"
        case .atom: return "feed.atom"
        case .jsonFeed: return "feed.json"
        case .rss: return "feed.rss"
        case .appcast: return "appcast.xml"
        case .fastlane: return "fastlane/metadata"
        }
    }
}
