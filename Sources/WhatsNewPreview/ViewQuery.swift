import WhatsNewCore
import WhatsNewText

/// The choices of a page's bar, from its query string: the locale, the version, and the terminal's width and
/// colours, the feed. Each is checked here; a value that is not one of the choices is left out.
struct ViewQuery: Sendable, Hashable {
    var locale: String?
    var version: String?
    var width = 80
    var scheme = ColorAppearance.light
    var feed = OutputFormat.atom

    /// The feeds the feeds page shows.
    static let feeds: [OutputFormat] = [.atom, .jsonFeed, .rss]

    init() {}

    /// The choices of `query` (`a=b&c=d`, percent-encoded).
    init(query: String?) {
        for (name, value) in Self.pairs(of: query ?? "") {
            switch name {
            case "locale": locale = value.isEmpty ? nil : value
            case "version": version = value.isEmpty ? nil : value
            case "width": if let number = Int(value), (20...1000).contains(number) { width = number }
            case "scheme": scheme = ColorAppearance(rawValue: value) ?? .light
            case "feed": if let format = OutputFormat(rawValue: value), Self.feeds.contains(format) { feed = format }
            default: break
            }
        }
    }

    /// The query string that gives these choices back, canonical (the same choices give the same string).
    var queryString: String {
        var pairs: [(String, String)] = []
        if let locale { pairs.append(("locale", locale)) }
        if let version { pairs.append(("version", version)) }
        if width != 80 { pairs.append(("width", String(width))) }
        if scheme != .light { pairs.append(("scheme", scheme.rawValue)) }
        if feed != .atom { pairs.append(("feed", feed.rawValue)) }
        return pairs.map { "\($0)=\(PercentEncoding.encoded($1))" }.joined(separator: "&")
    }

    /// `path` with these choices as its query.
    func address(_ path: String) -> String {
        let query = queryString
        return query.isEmpty ? path : path + "?" + query
    }

    /// The name-value pairs of a query string, decoded (`+` is a space); a pair whose encoding is broken is left out.
    static func pairs(of query: String) -> [(String, String)] {
        query.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentEncoding.decoded(parts[0], plusIsSpace: true),
                  let value = PercentEncoding.decoded(parts.count > 1 ? parts[1] : "", plusIsSpace: true) else { return nil }
            return (name, value)
        }
    }

}
