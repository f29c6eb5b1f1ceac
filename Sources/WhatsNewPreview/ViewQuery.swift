import WhatsNewCore

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
        return pairs.map { "\($0)=\(Self.percentEncoded($1))" }.joined(separator: "&")
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
            guard let name = percentDecoded(parts[0]), let value = percentDecoded(parts.count > 1 ? parts[1] : "") else { return nil }
            return (name, value)
        }
    }

    /// `text` with `%XX` decoded and `+` as a space; nil when an escape is broken or the bytes are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high < utf8.endIndex else { return nil }
                let low = utf8.index(after: high)
                guard low < utf8.endIndex, let h = hexValue(utf8[high]), let l = hexValue(utf8[low]) else { return nil }
                bytes.append(h << 4 | l)
                index = utf8.index(after: low)
                continue
            }
            bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Every byte but the unreserved ones of RFC 3986 as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || "-._~".unicodeScalars.contains(scalar) {
                encoded.unicodeScalars.append(scalar)
            } else {
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                encoded += "%"
                encoded.unicodeScalars.append(digits[Int(byte >> 4)])
                encoded.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return encoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
