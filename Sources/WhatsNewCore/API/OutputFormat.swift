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

    /// The format an output file's extension names, if any.
    public init?(fileExtensionOf path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "txt", "ansi": self = .ansi
        case "md", "markdown": self = .markdown
        case "html", "htm": self = .html
        case "json": self = .json
        default: return nil
        }
    }

    /// The file name a format gets when several are written into one directory.
    public var defaultFileName: String {
        switch self {
        case .ansi: return "notes.txt"
        case .markdown: return "CHANGELOG.md"
        case .html: return "changelog.html"
        case .json: return "notes.json"
        case .whatsNewKitJSON: return "whatsnewkit.json"
        }
    }
}
