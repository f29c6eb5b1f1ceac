/// The pages of the preview: each an output of `compile`, shown as its reader sees it.
enum PreviewView: String, CaseIterable, Sendable {
    case changelog
    case showcase
    case markdown
    case terminal
    case stores
    case releaseBody = "release-body"
    case feeds
    case whatsNewKit = "whatsnewkit"
    /// The output of `--template`; only when the preview was given one.
    case template

    /// The page's address; the changelog is the root.
    var path: String { self == .changelog ? "/" : "/" + rawValue }

    /// The address of the output itself, which the page shows in a frame.
    var framePath: String { "/_preview/frame/" + rawValue }

    /// The name in the bar.
    var title: String {
        switch self {
        case .changelog: return "Changelog"
        case .showcase: return "Showcase"
        case .markdown: return "Markdown"
        case .terminal: return "Terminal"
        case .stores: return "Store texts"
        case .releaseBody: return "Release body"
        case .feeds: return "Feeds"
        case .whatsNewKit: return "WhatsNewKit JSON"
        case .template: return "Template"
        }
    }

    /// Whether the page shows one version, chosen in the bar (the newest release unless one is chosen).
    var showsOneVersion: Bool { [.showcase, .stores, .releaseBody].contains(self) }

    /// Whether the page's texts are in one locale, chosen in the bar (the store texts show every locale).
    var hasLocale: Bool { self != .stores && self != .whatsNewKit }

    /// The view whose page is at `path`, if any.
    init?(path: String) {
        if path == "/" {
            self = .changelog
            return
        }
        guard path.hasPrefix("/"), let view = PreviewView(rawValue: String(path.dropFirst())) else { return nil }
        self = view
    }
}
