import Markdown

extension HTMLEmitter {
    /// A feed written beside the page, which the page advertises with `<link rel="alternate">`.
    package struct FeedLink: Sendable, Hashable {
        package let format: OutputFormat
        /// The feed's path relative to the page.
        package let href: String

        package init(format: OutputFormat, href: String) {
            self.format = format
            self.href = href
        }

        /// The feed's media type.
        package var type: String {
            switch format {
            case .jsonFeed: return "application/feed+json"
            case .rss: return "application/rss+xml"
            default: return "application/atom+xml"
            }
        }

        /// The format's name, after the page's title in the link's title.
        package var name: String {
            switch format {
            case .jsonFeed: return "JSON Feed"
            case .rss: return "RSS"
            default: return "Atom"
            }
        }
    }

    /// A `<link rel="alternate">` line for each feed, titled after the page.
    package func feedLinks(title: String) -> String {
        feeds.map { feed in
            "<link rel=\"alternate\" type=\"\(feed.type)\" title=\"\(HTMLEscaping.escape("\(title) (\(feed.name))"))\" href=\"\(HTMLEscaping.escape(feed.href))\">\n"
        }.joined()
    }
}
