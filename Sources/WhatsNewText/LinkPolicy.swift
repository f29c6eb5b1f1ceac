/// Which link destinations any output may carry, whoever wrote the manifest: `http`, `https`, `mailto` and relative
/// references. Everything else — `javascript:`, `data:`, `vbscript:`, `file:`, unknown schemes — is refused,
/// after removing what browsers ignore, so `java\tscript:` and ` JAVASCRIPT:` are refused too.
package enum LinkPolicy {
    /// The schemes a link may use, in lower case.
    package static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// `destination` ready for output — tabs and line breaks removed (as browsers do), surrounding spaces and
    /// controls trimmed, and every byte that is not URL-safe ASCII percent-encoded — or nil when it must not
    /// be a link: an empty destination, one with control or bidi characters, a scheme that is not allowed,
    /// or (when `allowRelative` is false) a reference without a scheme.
    package static func sanitized(_ destination: String, allowRelative: Bool = true) -> String? {
        if let verdict = quickVerdict(destination, allowRelative: allowRelative) { return verdict ? destination : nil }
        var scalars = destination.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }[...]
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        guard !scalars.isEmpty else { return nil }
        for scalar in scalars {
            if TerminalSafeText.isUnsafe(scalar) || scalar.properties.generalCategory == .format { return nil }
        }
        let text = String(String.UnicodeScalarView(scalars))
        if let scheme = scheme(of: text) {
            guard allowedSchemes.contains(scheme) else { return nil }
        } else if !allowRelative {
            return nil
        }
        return percentEncoded(text)
    }

    /// The answer without allocating, for the common destination that is URL-safe ASCII throughout (so
    /// there is nothing to trim, remove or encode); nil when the full check is needed.
    private static func quickVerdict(_ destination: String, allowRelative: Bool) -> Bool? {
        var destination = destination
        return destination.withUTF8 { bytes -> Bool? in
            guard !bytes.isEmpty, bytes.allSatisfy({ $0 < 0x80 && urlSafe[Int($0)] }) else { return nil }
            guard let end = bytes.firstIndex(where: { $0 == colon || $0 == slash || $0 == question || $0 == hash }),
                  bytes[end] == colon else {
                return allowRelative
            }
            let scheme = bytes[..<end]
            return allowedSchemeBytes.contains { name in
                name.count == scheme.count && zip(name, scheme).allSatisfy { $0 == $1 | 0x20 }
            }
        }
    }

    private static let colon = UInt8(ascii: ":")
    private static let slash = UInt8(ascii: "/")
    private static let question = UInt8(ascii: "?")
    private static let hash = UInt8(ascii: "#")
    private static let allowedSchemeBytes: [[UInt8]] = allowedSchemes.sorted().map { Array($0.utf8) }

    /// The lower-cased text before the first `:` when that colon comes before any `/`, `?` or `#` (a
    /// scheme, well formed or not); nil for a relative reference.
    package static func scheme(of text: String) -> String? {
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: ":"): return String(decoding: text.utf8.prefix(offset), as: UTF8.self).lowercased()
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return nil
            default: continue
            }
        }
        return nil
    }

    /// `text` with every byte outside RFC 3986's unreserved and reserved characters (and `%`) written as
    /// `%XX`, so the result is printable ASCII without spaces, quotes or angle brackets.
    static func percentEncoded(_ text: String) -> String {
        guard text.utf8.contains(where: { !isURLSafe($0) }) else { return text }
        return PercentEncoding.encoded(text, keeping: reservedAndPercent)
    }

    /// RFC 3986's reserved characters and `%`, which `percentEncoded` keeps beside the unreserved ones.
    private static let reservedAndPercent = ":/?#[]@!$&'()*+,;=%"

    private static func isURLSafe(_ byte: UInt8) -> Bool {
        byte < 0x80 && urlSafe[Int(byte)]
    }

    /// RFC 3986's unreserved and reserved characters, and `%`.
    private static let urlSafe: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for byte in ("-._~" + reservedAndPercent).utf8 { table[Int(byte)] = true }
        return table
    }()
}
