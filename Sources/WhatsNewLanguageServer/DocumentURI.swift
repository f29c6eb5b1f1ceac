import WhatsNewText

/// `file:` URIs and the paths they name (RFC 8089, as editors write them).
package enum DocumentURI {
    /// The path of a `file:` URI, percent-decoded; nil for another scheme, a host other than localhost, a path
    /// that is not absolute, or an escape that decodes to a NUL or to invalid UTF-8.
    package static func path(of uri: String) -> String? {
        guard uri.lowercased().hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst(7))
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst(9) }
        guard rest.first == "/" else { return nil }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        guard let path = PercentEncoding.decoded(rest), !path.utf8.contains(0) else { return nil }
        return path
    }

    /// The `file:` URI of an absolute path, with every byte outside RFC 3986's unreserved set and `/` escaped.
    package static func uri(of path: String) -> String {
        "file://" + PercentEncoding.encoded(path, keeping: "/")
    }
}
