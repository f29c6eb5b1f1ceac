/// Holds JSON input to RFC 8259, which libyaml (a YAML parser) is more lenient than: it finds the first
/// trailing comma, comment, single-quoted string, unquoted key, bad number or bad escape.
///
/// The tree is still built by libyaml, so YAML and JSON get the same nodes and positions. Where libyaml
/// would misread a valid JSON string — an escaped surrogate pair such as `\ud83d\ude00` (YAML escapes name
/// whole scalars), or a raw DEL, C1 control, U+2028, U+2029, U+FFFE or U+FFFF (YAML forbids or folds
/// them) — the checker gives libyaml a stand-in of the same length and scalar count, so every position
/// stays true, and decodes the string itself by JSON's rules (`JSONStandIns`).
struct JSONSyntaxChecker {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var index = 0
    private var standIns = JSONStandIns()

    struct Failure: Error {
        let offset: Int
        let length: Int
        let message: String
        let fix: String?
    }

    /// The longest key libyaml reads as a key: YAML limits implicit keys to 1024 characters.
    static let maxKeyLength = 1024

    /// Checks the text and returns the stand-ins libyaml needs, or the first violation. Text without a value
    /// at all, or nested deeper than `maxDepth`, passes: the tree builder reports those.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> Result<JSONStandIns, Failure> {
        var checker = JSONSyntaxChecker(bytes: bytes, maxDepth: maxDepth)
        do {
            checker.skipWhitespace()
            if checker.index == bytes.count { return .success(checker.standIns) }
            try checker.value(depth: 0)
            checker.skipWhitespace()
            if checker.index < bytes.count {
                try checker.checkNotComment()
                throw checker.failure("expected the end of the JSON document, found \(checker.describeHere())",
                                      fix: "a JSON file holds exactly one value")
            }
            return .success(checker.standIns)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .success(checker.standIns)
        }
    }

    private struct TooDeep: Error {}

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private func failure(_ message: String, length: Int = 1, fix: String? = nil) -> Failure {
        Failure(offset: index, length: index < bytes.count ? length : 0, message: message, fix: fix)
    }

    private func describeHere() -> String {
        guard let byte = current else { return "the end of the file" }
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        if let scalar = text.unicodeScalars.first, scalar.value >= 0x80, scalar.properties.generalCategory != .control {
            return "'\(text)'"
        }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func checkNotComment() throws {
        guard let byte = current else { return }
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if byte == UInt8(ascii: "#") || (byte == UInt8(ascii: "/") && (next == UInt8(ascii: "/") || next == UInt8(ascii: "*"))) {
            throw failure("comments are not allowed in JSON", length: byte == UInt8(ascii: "#") ? 1 : 2,
                          fix: "remove the comment, or write the file as YAML (.yaml), which allows comments")
        }
    }

    private mutating func value(depth: Int) throws {
        guard depth < maxDepth else { throw TooDeep() }
        skipWhitespace()
        try checkNotComment()
        guard let byte = current else {
            throw failure("expected a JSON value, found the end of the file")
        }
        switch byte {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "'"):
            throw failure("single-quoted strings are not allowed in JSON", fix: "use double quotes")
        default:
            for literal in ["true", "false", "null"] where matches(literal) {
                index += literal.utf8.count
                return
            }
            throw failure("expected a JSON value (object, array, string, number, true, false or null), found \(describeHere())",
                          length: wordLength())
        }
    }

    private func matches(_ literal: String) -> Bool {
        let utf8 = Array(literal.utf8)
        guard index + utf8.count <= bytes.count else { return false }
        for (offset, byte) in utf8.enumerated() where bytes[index + offset] != byte { return false }
        if index + utf8.count < bytes.count {
            let next = bytes[index + utf8.count]
            if (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A) || (next >= 0x30 && next <= 0x39) { return false }
        }
        return true
    }

    private func wordLength() -> Int {
        var end = index
        while end < bytes.count, !" \t\r\n,:[]{}\"".utf8.contains(bytes[end]) { end += 1 }
        return max(1, end - index)
    }

    private mutating func object(depth: Int) throws {
        index += 1
        skipWhitespace()
        try checkNotComment()
        if current == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipWhitespace()
            try checkNotComment()
            guard let byte = current else { throw failure("expected a key or '}', found the end of the file") }
            if byte == UInt8(ascii: "'") {
                throw failure("single-quoted strings are not allowed in JSON", fix: "use double quotes")
            }
            guard byte == UInt8(ascii: "\"") else {
                throw failure("expected a double-quoted key, found \(describeHere())", length: wordLength(),
                              fix: "JSON keys are strings in double quotes")
            }
            let keyStart = index
            try string()
            let keyEnd = index
            skipWhitespace()
            try checkNotComment()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key, found \(describeHere())") }
            try checkKeyLayout(from: keyStart, keyEnd: keyEnd)
            index += 1
            try value(depth: depth + 1)
            skipWhitespace()
            try checkNotComment()
            switch current {
            case UInt8(ascii: ","):
                let comma = index
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "}") {
                    index = comma
                    throw failure("trailing comma is not allowed in JSON", fix: "remove the ',' before '}'")
                }
            case UInt8(ascii: "}"):
                index += 1
                return
            default:
                throw failure("expected ',' or '}' after a value in an object, found \(describeHere())")
            }
        }
    }

    private mutating func array(depth: Int) throws {
        index += 1
        skipWhitespace()
        try checkNotComment()
        if current == UInt8(ascii: "]") { index += 1; return }
        while true {
            try value(depth: depth + 1)
            skipWhitespace()
            try checkNotComment()
            switch current {
            case UInt8(ascii: ","):
                let comma = index
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: "]") {
                    index = comma
                    throw failure("trailing comma is not allowed in JSON", fix: "remove the ',' before ']'")
                }
            case UInt8(ascii: "]"):
                index += 1
                return
            default:
                throw failure("expected ',' or ']' after a value in an array, found \(describeHere())")
            }
        }
    }

    /// libyaml reads a key only when its ':' is on the same line and at most 1024 characters from its start
    /// (YAML's implicit keys); valid JSON beyond that is refused here with a clear message instead of a
    /// puzzling YAML one.
    private func checkKeyLayout(from keyStart: Int, keyEnd: Int) throws {
        if bytes[keyEnd..<index].contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            throw Failure(offset: index, length: 1,
                          message: "a line break between a key and its ':' is not supported; expected the ':' on the key's line",
                          fix: "move the ':' up to the line of its key (whatsnew reads JSON with a YAML parser)")
        }
        var characters = 0
        for byte in bytes[keyStart..<index] where byte & 0xC0 != 0x80 { characters += 1 }
        if characters > Self.maxKeyLength {
            throw Failure(offset: keyStart, length: keyEnd - keyStart,
                          message: "a key longer than \(Self.maxKeyLength) characters is not supported; expected a shorter key",
                          fix: "shorten the key (whatsnew reads JSON with a YAML parser, whose keys are at most 1024 characters)")
        }
    }

    private mutating func string() throws {
        let start = index
        var needsStandIn = false
        index += 1
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                if needsStandIn { standIns.add(string: start..<index, in: bytes) }
                return
            case UInt8(ascii: "\\"):
                index += 1
                guard let escape = current else { break }
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    let escapeStart = index - 1
                    index += 1
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard let hex = current, let digit = Self.hexValue(hex) else {
                            throw failure("expected four hex digits after '\\u' in a JSON string")
                        }
                        value = value << 4 | digit
                        index += 1
                    }
                    if (0xD800...0xDBFF).contains(value) {
                        guard let low = escapedValue(at: index), (0xDC00...0xDFFF).contains(low) else {
                            throw unpairedSurrogate(value, at: escapeStart)
                        }
                        index += 6
                        needsStandIn = true
                    } else if (0xDC00...0xDFFF).contains(value) {
                        throw unpairedSurrogate(value, at: escapeStart)
                    }
                default:
                    index -= 1
                    throw failure("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a JSON string", length: 2,
                                  fix: "JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
                }
            case 0x00..<0x20:
                throw failure("control character in a JSON string", fix: "escape it, e.g. \\n or \\u0009")
            case 0x7F:
                needsStandIn = true
                index += 1
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                needsStandIn = true
                index += 2
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9),
                 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF):
                needsStandIn = true
                index += 3
            default:
                index += 1
            }
        }
        index = start
        throw failure("unterminated string: expected a closing '\"'")
    }

    /// The value of a `\uXXXX` escape at `offset`, if one is there.
    private func escapedValue(at offset: Int) -> UInt32? {
        guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for digit in bytes[(offset + 2)..<(offset + 6)] {
            guard let digit = Self.hexValue(digit) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// A surrogate escape that is not half of a pair (high, then low) names no character.
    private func unpairedSurrogate(_ value: UInt32, at offset: Int) -> Failure {
        let isHigh = value < 0xDC00
        return Failure(offset: offset, length: 6,
                       message: "unpaired surrogate '\\u\(String(value, radix: 16, uppercase: true))' in a JSON string; expected "
                           + (isHigh ? "a low surrogate escape (\\uDC00-\\uDFFF) right after it" : "it right after a high surrogate escape (\\uD800-\\uDBFF)"),
                       fix: "write the character itself, or both halves of its UTF-16 surrogate pair")
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func number() throws {
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            if isDigit(current) {
                index = start
                throw failure("numbers may not have leading zeros in JSON", length: wordLength())
            }
        } else if isDigit(current) {
            while isDigit(current) { index += 1 }
        } else {
            index = start
            throw failure("expected a digit in a JSON number, found \(describeHere())", length: wordLength())
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw failure("expected a digit after '.' in a JSON number") }
            while isDigit(current) { index += 1 }
        }
        if let byte = current, byte | 0x20 == UInt8(ascii: "e") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { throw failure("expected a digit in the exponent of a JSON number") }
            while isDigit(current) { index += 1 }
        }
    }
}
