/// The one place HTML output escapes user text: `&`, `<`, `>`, `"` and `'` become character references, so
/// the result is safe in text and in quoted attribute values; control characters (other than tab and line
/// feed; a carriage return becomes a line feed) and noncharacters, which HTML forbids, become U+FFFD.
public enum HTMLEscaping {
    /// `text` escaped for HTML.
    public static func escape(_ text: String) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(text.utf8.count + 16)
        append(text, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// `text` with the characters HTML forbids replaced as `escape` replaces them (controls other than tab and
    /// line feed, carriage returns, noncharacters), but nothing escaped: for a template engine that escapes
    /// `&<>"'` itself.
    public static func withoutForbiddenCharacters(_ text: String) -> String {
        let escaped = escape(text)
        guard escaped.utf8.contains(UInt8(ascii: "&")) else { return escaped }
        return escaped.replacingEntities()
    }

    /// Appends `text`, escaped, to a UTF-8 buffer; bytes that need nothing are copied in bulk.
    public static func append(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            let count = bytes.count
            var copied = 0
            var index = 0
            while index < count {
                let byte = bytes[index]
                var length = 1
                let replacement: [UInt8]
                if byte < 0x80 {
                    guard needsEscape[Int(byte)] else {
                        index += 1
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "&"): replacement = ampersand
                    case UInt8(ascii: "<"): replacement = lessThan
                    case UInt8(ascii: ">"): replacement = greaterThan
                    case UInt8(ascii: "\""): replacement = quote
                    case UInt8(ascii: "'"): replacement = apostrophe
                    case UInt8(ascii: "\r"):
                        replacement = index + 1 < count && bytes[index + 1] == UInt8(ascii: "\n") ? [] : lineFeed
                    default: replacement = replacementCharacter
                    }
                } else {
                    length = forbiddenSequenceLength(bytes, at: index)
                    guard length > 0 else {
                        index += 1
                        continue
                    }
                    replacement = replacementCharacter
                }
                if copied < index { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index])) }
                buffer.append(contentsOf: replacement)
                index += length
                copied = index
            }
            if copied < count { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count])) }
        }
    }

    /// The length of the UTF-8 sequence at `index` when it encodes a C1 control or a noncharacter, else 0.
    static func forbiddenSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        let count = bytes.count
        switch byte {
        case 0xC2:
            // U+0080…U+009F
            if index + 1 < count, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x9F { return 2 }
        case 0xEF:
            // U+FDD0…U+FDEF and U+FFFE, U+FFFF
            if index + 2 < count {
                let second = bytes[index + 1], third = bytes[index + 2]
                if second == 0xB7, third >= 0x90, third <= 0xAF { return 3 }
                if second == 0xBF, third >= 0xBE { return 3 }
            }
        case 0xF0...0xF4:
            // U+nFFFE and U+nFFFF in the supplementary planes
            if index + 3 < count, bytes[index + 1] & 0x0F == 0x0F, bytes[index + 2] == 0xBF, bytes[index + 3] >= 0xBE {
                return 4
            }
        default:
            break
        }
        return 0
    }

    private static let needsEscape: [Bool] = {
        var table = [Bool](repeating: false, count: 128)
        for byte in 0..<0x20 where byte != 0x09 && byte != 0x0A { table[byte] = true }
        table[0x7F] = true
        for character in "&<>\"'".utf8 { table[Int(character)] = true }
        return table
    }()

    private static let ampersand = Array("&amp;".utf8)
    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let quote = Array("&quot;".utf8)
    private static let apostrophe = Array("&#39;".utf8)
    private static let lineFeed: [UInt8] = [0x0A]
    static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]
}

private extension String {
    /// The five references `HTMLEscaping.escape` writes, turned back into their characters.
    func replacingEntities() -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        var rest = Substring(self)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            let pairs = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")]
            if let (entity, character) = pairs.first(where: { rest.hasPrefix($0.0) }) {
                result += character
                rest = rest.dropFirst(entity.count)
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }
}
