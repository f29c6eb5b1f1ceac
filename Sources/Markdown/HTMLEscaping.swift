import WhatsNewText

/// The one place HTML output escapes user text: `&`, `<`, `>`, `"` and `'` become character references, so
/// the result is safe in text and in quoted attribute values; control characters (other than tab and line
/// feed; a carriage return becomes a line feed) and noncharacters, which HTML forbids, become U+FFFD; bidi
/// embedding, override and isolate controls are shown visibly as `\u{202E}` (`BidiControls`).
package enum HTMLEscaping {
    /// `text` escaped for HTML.
    package static func escape(_ text: String) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(text.utf8.count + 16)
        append(text, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// `text` with the characters HTML forbids replaced as `escape` replaces them (controls other than tab and
    /// line feed, carriage returns, noncharacters), but nothing escaped: for a template engine that escapes
    /// `&<>"'` itself.
    package static func withoutForbiddenCharacters(_ text: String) -> String {
        let escaped = escape(text)
        guard escaped.utf8.contains(UInt8(ascii: "&")) else { return escaped }
        return escaped.replacingEntities()
    }

    /// Appends `text`, escaped, to a UTF-8 buffer; bytes that need nothing are copied in bulk.
    package static func append(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            let count = bytes.count
            var copied = 0
            var index = 0
            while index < count {
                let byte = bytes[index]
                if isPlain(byte) {
                    index += 1
                    continue
                }
                if byte == 0xE2, let control = BidiControls.control(in: bytes, at: index) {
                    if copied < index { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index])) }
                    buffer.append(contentsOf: BidiControls.visible(control).utf8)
                    index += 3
                    copied = index
                    continue
                }
                var length = 1
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                case UInt8(ascii: "\r"):
                    replacement = index + 1 < count && bytes[index + 1] == UInt8(ascii: "\n") ? "" : "\n"
                case 0x80...:
                    length = forbiddenSequenceLength(bytes, at: index)
                    guard length > 0 else {
                        index += 1
                        continue
                    }
                    replacement = "\u{FFFD}"
                default:
                    replacement = "\u{FFFD}"
                }
                if copied < index { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index])) }
                replacement.withUTF8Buffer { buffer.append(contentsOf: $0) }
                index += length
                copied = index
            }
            if copied < count { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count])) }
        }
    }

    /// Whether a byte is copied as it is without a closer look: printable ASCII other than `&<>"'`, tab,
    /// line feed, and the bytes of multi-byte sequences whose lead byte cannot begin a C1 control, a
    /// noncharacter or a bidi control (0xC2, 0xE2, 0xEF and 0xF0…0xF4 can).
    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): return false
        case 0x20...0x7E, 0x09, 0x0A: return true
        case 0x80...0xC1, 0xC3...0xE1, 0xE3...0xEE, 0xF5...: return true
        default: return false
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

    package static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]
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
