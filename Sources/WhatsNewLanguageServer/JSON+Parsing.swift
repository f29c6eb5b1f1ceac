/// Reads JSON text (RFC 8259) into a `JSON` value; untrusted input: nesting is bounded and every error is
/// a thrown `JSONParseError`, never a crash.
extension JSON {
    /// The deepest nesting of arrays and objects a message may have.
    package static let maxDepth = 128

    package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }
}

/// Why JSON text could not be read, with the byte offset.
package struct JSONParseError: Error, Sendable {
    package let message: String
    package let offset: Int
}

private struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: index) }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSON {
        guard depth <= JSON.maxDepth else { throw error("expected at most \(JSON.maxDepth) levels of nesting") }
        guard let byte = current else { throw error("expected a value, found the end of the text") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("expected a value, found '\(Unicode.Scalar(byte).escaped(asASCII: true))'")
        }
    }

    mutating func literal(_ word: String) throws(JSONParseError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("expected '\(word)'") }
            index += 1
        }
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSON {
        index += 1
        var members: [(String, JSON)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            members.append((key, try value(depth: depth + 1)))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            guard current == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
            index += 1
            return .object(members)
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSON {
        index += 1
        var elements: [JSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            guard current == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
            index += 1
            return .array(elements)
        }
    }

    mutating func number() throws(JSONParseError) -> JSON {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.index
            while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { parser.index += 1 }
            return parser.index - first
        }
        guard digits(&self) > 0 else { throw error("expected a digit") }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number '\(text)'") }
        return .number(value)
    }

    /// A string's text: runs without escapes are copied as bytes, and the whole is decoded once (invalid UTF-8
    /// repaired).
    mutating func string() throws(JSONParseError) -> String {
        index += 1
        var utf8: [UInt8] = []
        var run = index
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                utf8.append(contentsOf: bytes[run..<index])
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                utf8.append(contentsOf: bytes[run..<index])
                index += 1
                utf8.append(contentsOf: String(try escape()).utf8)
                run = index
            case 0..<0x20:
                throw error("expected a control character in a string to be escaped")
            default:
                index += 1
            }
        }
        throw error("expected '\"' to end a string, found the end of the text")
    }

    mutating func escape() throws(JSONParseError) -> Unicode.Scalar {
        guard let byte = current else { throw error("expected an escape after '\\'") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800..<0xDC00).contains(high), current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                let mark = index
                index += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low) {
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
                }
                index = mark
            }
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        default:
            throw error("unknown escape '\\\(Unicode.Scalar(byte).escaped(asASCII: true))'")
        }
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = JSONParser.hexValue(byte) else { throw error("expected four hexadecimal digits after '\\u'") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
