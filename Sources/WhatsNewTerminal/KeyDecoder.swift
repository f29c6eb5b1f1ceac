/// Decodes the bytes a terminal sends for keys into `Navigation.Key`s: arrows (`ESC [ A`, `ESC O A`), Home
/// and End, PgUp/PgDn (`ESC [ 5 ~`, `ESC [ 6 ~`), Shift-Tab (`ESC [ Z`), Tab, Enter (CR or LF), Backspace
/// (DEL or BS), a lone Esc, and UTF-8 characters. Pure: the caller says whether more bytes may still come.
enum KeyDecoder {
    /// What the front of a byte buffer holds.
    enum Result: Equatable {
        /// A key, and how many bytes it took (nil: bytes that mean nothing here, skipped).
        case key(Navigation.Key?, length: Int)
        /// The start of a sequence: wait a little for the rest (a lone Esc when nothing follows).
        case incomplete
    }

    /// Decodes the key at the front of `bytes` (not empty). With `final`, nothing more is coming soon, so an
    /// unfinished escape sequence is a lone Esc (and the bytes after it keys of their own).
    static func decode(_ bytes: ArraySlice<UInt8>, final: Bool) -> Result {
        guard let first = bytes.first else { return .incomplete }
        switch first {
        case 0x1B: return escape(bytes, final: final)
        case 0x09: return .key(.tab, length: 1)
        case 0x0D, 0x0A: return .key(.enter, length: 1)
        case 0x7F, 0x08: return .key(.backspace, length: 1)
        case 0x00..<0x20: return .key(nil, length: 1)
        default: return character(bytes, final: final)
        }
    }

    private static func escape(_ bytes: ArraySlice<UInt8>, final: Bool) -> Result {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return final ? .key(.escape, length: 1) : .incomplete }
        let kind = bytes[start + 1]
        guard kind == UInt8(ascii: "[") || kind == UInt8(ascii: "O") else { return .key(.escape, length: 1) }
        // Parameters (digits and ';') up to a final byte.
        var index = start + 2
        while index < bytes.endIndex, (0x30...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return final ? .key(.escape, length: 1) : .incomplete }
        let length = index - start + 1
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        switch bytes[index] {
        case UInt8(ascii: "A"): return .key(.up, length: length)
        case UInt8(ascii: "B"): return .key(.down, length: length)
        case UInt8(ascii: "H"): return .key(.home, length: length)
        case UInt8(ascii: "F"): return .key(.end, length: length)
        case UInt8(ascii: "Z"): return .key(.shiftTab, length: length)
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "5": return .key(.pageUp, length: length)
            case "6": return .key(.pageDown, length: length)
            case "1", "7": return .key(.home, length: length)
            case "4", "8": return .key(.end, length: length)
            default: return .key(nil, length: length)
            }
        default:
            return .key(nil, length: length)
        }
    }

    private static func character(_ bytes: ArraySlice<UInt8>, final: Bool) -> Result {
        let first = bytes[bytes.startIndex]
        let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard bytes.count >= length else { return final ? .key(nil, length: bytes.count) : .incomplete }
        let text = String(decoding: bytes.prefix(length), as: UTF8.self)
        guard let character = text.first, text.count == 1, !text.unicodeScalars.contains("\u{FFFD}") else { return .key(nil, length: length) }
        return .key(.character(character), length: length)
    }
}
