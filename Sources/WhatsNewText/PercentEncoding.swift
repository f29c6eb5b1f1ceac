/// Percent-encoding (RFC 3986 §2.1), the one copy: the preview's addresses and query strings, the language
/// server's and a schema's `file:` URIs, and the links of the outputs read and write it here.
package enum PercentEncoding {
    /// The bytes of `text` with each `%XX` decoded (and `+` as a space when `plusIsSpace`, as in a query string);
    /// nil when a `%` is not followed by two hexadecimal digits.
    package static func decodedBytes(_ text: some StringProtocol, plusIsSpace: Bool = false) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%") {
                guard let high = utf8.popFirst().flatMap(hexValue), let low = utf8.popFirst().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return bytes
    }

    /// `text` decoded as `decodedBytes` decodes it; nil when an escape is broken or the bytes are not UTF-8.
    package static func decoded(_ text: some StringProtocol, plusIsSpace: Bool = false) -> String? {
        decodedBytes(text, plusIsSpace: plusIsSpace).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// `text` with every UTF-8 byte outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`) and the ASCII
    /// characters of `keeping` (`"/"` for a path) written as `%XX`, in upper-case hexadecimal.
    package static func encoded(_ text: String, keeping: String = "") -> String {
        let kept = Set(keeping.utf8.filter { $0 < 0x80 })
        var encoded = ""
        encoded.unicodeScalars.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || kept.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                encoded.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
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
