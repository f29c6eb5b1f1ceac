/// A URI reference split into its five RFC 3986 parts, and resolution of one against a base, for `$id`
/// and `$ref` (no network: the result only names a schema loaded in memory).
struct URIReference: Sendable, Hashable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    init(_ text: String) {
        // Every delimiter is ASCII, so the UTF-8 view finds them without grapheme breaking.
        var rest = Substring(text)
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = String(rest[rest.utf8.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), Self.isScheme(rest[..<colon]) {
            scheme = String(rest[..<colon])
            rest = rest[rest.utf8.index(after: colon)...]
        }
        if rest.utf8.starts(with: "//".utf8) {
            rest = rest.dropFirst(2)
            let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            authority = String(rest[..<slash])
            rest = rest[slash...]
        }
        path = String(rest)
    }

    /// Whether `text` can be a scheme: a letter, then letters, digits, `+`, `-` and `.`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter else { return false }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                    return true
                default:
                    return false
                }
            }
        }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    /// The reference without its fragment, as text.
    var withoutFragment: String {
        var copy = self
        copy.fragment = nil
        return copy.text
    }

    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// RFC 3986 §5.2.2: this reference resolved against `base`.
    func resolved(against base: URIReference) -> URIReference {
        var target = self
        if scheme != nil {
            target.path = Self.removeDotSegments(path)
            return target
        }
        target.scheme = base.scheme
        if authority != nil {
            target.path = Self.removeDotSegments(path)
            return target
        }
        target.authority = base.authority
        if path.isEmpty {
            target.path = base.path
            if query == nil { target.query = base.query }
            return target
        }
        if path.hasPrefix("/") {
            target.path = Self.removeDotSegments(path)
        } else if base.authority != nil, base.path.isEmpty {
            target.path = Self.removeDotSegments("/" + path)
        } else {
            let directory = base.path.lastIndex(of: "/").map { String(base.path[...$0]) } ?? ""
            target.path = Self.removeDotSegments(directory + path)
        }
        return target
    }

    private static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        var result = output.joined(separator: "/")
        if path.hasPrefix("/"), !result.hasPrefix("/") { result = "/" + result }
        return result
    }

    /// A fragment with `%XX` escapes decoded (JSON Pointer fragments are percent-encoded in URIs).
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
