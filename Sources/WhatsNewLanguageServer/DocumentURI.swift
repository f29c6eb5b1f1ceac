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
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1]) else { return nil }
            utf8 = utf8.dropFirst(2)
            bytes.append(high << 4 | low)
        }
        guard !bytes.contains(0), let path = String(validating: bytes, as: UTF8.self) else { return nil }
        return path
    }

    /// The `file:` URI of an absolute path, with every byte outside RFC 3986's unreserved set and `/` escaped.
    package static func uri(of path: String) -> String {
        var uri = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                uri.unicodeScalars.append("%")
                uri.unicodeScalars.append(hex[Int(byte >> 4)])
                uri.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return uri
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
