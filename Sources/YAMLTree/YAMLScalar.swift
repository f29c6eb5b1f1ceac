/// A scalar with its literal text, its presentation style and its type under the YAML 1.2 core schema.
@usableFromInline
package struct YAMLScalar: Sendable, Hashable {
    package enum Style: String, Sendable {
        case plain, singleQuoted = "single-quoted", doubleQuoted = "double-quoted", literal, folded
    }

    /// The type by the YAML 1.2 core schema: only plain scalars are anything but strings, and only
    /// `true`/`false` (any case form the schema lists) are booleans; `yes`, `no`, `on` stay strings.
    @usableFromInline
    package enum Kind: String, Sendable {
        case null, bool, int, float, string

        package var description: String {
            switch self {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int: return "an integer"
            case .float: return "a number"
            case .string: return "a string"
            }
        }
    }

    /// The text as written (after YAML's escape and folding rules), never reformatted.
    package let text: String
    package let style: Style
    package let kind: Kind

    package init(text: String, style: Style, kind: Kind) {
        self.text = text
        self.style = style
        self.kind = kind
    }

    /// Resolves a plain, untagged scalar by the core schema.
    package init(plain text: String) {
        self.init(text: text, style: .plain, kind: YAMLScalar.resolve(text))
    }

    package var isNumber: Bool { kind == .int || kind == .float }

    /// The boolean value of a `bool` scalar.
    package var boolValue: Bool? {
        guard kind == .bool else { return nil }
        return text.first == "t" || text.first == "T"
    }

    /// The value of an `int` scalar, or nil when it does not fit in an `Int` (never traps).
    package var intValue: Int? {
        guard kind == .int else { return nil }
        var digits = Substring(text)
        var negative = false
        if digits.first == "-" || digits.first == "+" {
            negative = digits.first == "-"
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") { radix = 16; digits = digits.dropFirst(2) }
        else if digits.hasPrefix("0o") { radix = 8; digits = digits.dropFirst(2) }
        guard let magnitude = Int(digits, radix: radix) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// The value of an `int` or `float` scalar (`.inf`, `.nan` and overflow to infinity never trap).
    package var doubleValue: Double? {
        switch kind {
        case .int:
            if let value = intValue { return Double(value) }
            return Double(text)
        case .float:
            switch text {
            case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
            case "-.inf", "-.Inf", "-.INF": return -.infinity
            case ".nan", ".NaN", ".NAN": return .nan
            default: return Double(text)
            }
        default:
            return nil
        }
    }

    /// The core-schema type of a plain scalar's text.
    package static func resolve(_ text: String) -> Kind {
        var text = text
        return text.withUTF8(resolve(utf8:))
    }

    /// The core-schema type of a plain scalar's text, given as UTF-8 bytes.
    package static func resolve(utf8 text: UnsafeBufferPointer<UInt8>) -> Kind {
        guard let first = text.first else { return .null }
        // Fast path: most text starts with a letter that no typed scalar starts with.
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return isSpecialFloat(text) ? .float : resolveNumber(bytes: text)
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
            // Keys such as `name` start the same way: the length settles most without comparing text.
            guard text.count == (first == UInt8(ascii: "~") ? 1 : 4) else { return .string }
            return isOne(of: nullWords, text) ? .null : .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            // Likewise `title`, `features`, `file`: `true` has 4 letters, `false` 5.
            guard text.count == (first | 0x20 == UInt8(ascii: "t") ? 4 : 5) else { return .string }
            return isOne(of: boolWords, text) ? .bool : .string
        default:
            return .string
        }
    }

    private static let nullWords: [StaticString] = ["~", "null", "Null", "NULL"]
    private static let boolWords: [StaticString] = ["true", "True", "TRUE", "false", "False", "FALSE"]
    private static let floatWords: [StaticString] = [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF",
                                                     ".nan", ".NaN", ".NAN"]

    private static func isSpecialFloat(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count <= 5 && isOne(of: floatWords, text)
    }

    private static func isOne(of words: [StaticString], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        words.contains { word in
            word.utf8CodeUnitCount == text.count
                && UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount).elementsEqual(text)
        }
    }

    /// `[-+]? ( \.[0-9]+ | [0-9]+ ( \.[0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`, or 0x / 0o integers.
    private static func resolveNumber(bytes: UnsafeBufferPointer<UInt8>) -> Kind {
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66) }
        if bytes.count > 2, bytes[0] == 0x30, bytes[1] == UInt8(ascii: "x") {
            return bytes[2...].allSatisfy(isHex) ? .int : .string
        }
        if bytes.count > 2, bytes[0] == 0x30, bytes[1] == UInt8(ascii: "o") {
            return bytes[2...].allSatisfy { $0 >= 0x30 && $0 <= 0x37 } ? .int : .string
        }
        var index = 0
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var integerDigits = 0
        while index < bytes.count, isDigit(bytes[index]) { index += 1; integerDigits += 1 }
        var isFloat = false
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isFloat = true
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1; fractionDigits += 1 }
        }
        guard integerDigits > 0 || fractionDigits > 0 else { return .string }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isFloat = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            var exponentDigits = 0
            while index < bytes.count, isDigit(bytes[index]) { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return .string }
        }
        guard index == bytes.count else { return .string }
        return isFloat ? .float : .int
    }
}
