extension HTMLEmitter {
    /// A feed written beside the page, which the page advertises with `<link rel="alternate">`.
    public struct FeedLink: Sendable, Hashable {
        public let format: OutputFormat
        /// The feed's path relative to the page.
        public let href: String

        public init(format: OutputFormat, href: String) {
            self.format = format
            self.href = href
        }

        /// The feed's media type.
        public var type: String {
            switch format {
            case .jsonFeed: return "application/feed+json"
            case .rss: return "application/rss+xml"
            default: return "application/atom+xml"
            }
        }

        /// The format's name, after the page's title in the link's title.
        public var name: String {
            switch format {
            case .jsonFeed: return "JSON Feed"
            case .rss: return "RSS"
            default: return "Atom"
            }
        }
    }

    /// A `<link rel="alternate">` line for each feed, titled after the page.
    func feedLinks(title: String) -> String {
        feeds.map { feed in
            "<link rel=\"alternate\" type=\"\(feed.type)\" title=\"\(HTMLEscaping.escape("\(title) (\(feed.name))"))\" href=\"\(HTMLEscaping.escape(feed.href))\">\n"
        }.joined()
    }
}
