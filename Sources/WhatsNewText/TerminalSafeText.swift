/// Makes text safe to write to a terminal: control characters (C0, DEL, C1) and bidirectional overrides
/// are shown visibly as `\u{…}` instead of being written raw, so data can never move the cursor, change
/// colors, ring the bell or reorder what the user reads.
package enum TerminalSafeText {
    /// Whether a scalar must never reach a terminal raw.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return true }
        switch value {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return true
        default: return false
        }
    }

    /// Whether `text` holds a scalar `isUnsafe` refuses, told from its UTF-8 bytes: every such scalar is an
    /// ASCII control or DEL, or starts with one of three lead bytes (0xC2 for C1 controls, 0xD8 for U+061C,
    /// 0xE2 for the bidi controls), so most text is one pass of comparisons.
    package static func containsUnsafe(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let count = bytes.count
            for index in 0..<count {
                let byte = bytes[index]
                switch byte {
                case 0x00..<0x20, 0x7F:
                    return true
                case 0xC2, 0xD8, 0xE2:
                    guard index + 1 < count else { continue }
                    let second = bytes[index + 1]
                    if byte == 0xC2, second >= 0x80, second <= 0x9F { return true }              // U+0080…U+009F
                    if byte == 0xD8, second == 0x9C { return true }                              // U+061C
                    if byte == 0xE2, index + 2 < count {
                        let third = bytes[index + 2]
                        if second == 0x80, third == 0x8E || third == 0x8F { return true }        // U+200E, U+200F
                        if second == 0x80, third >= 0xAA, third <= 0xAE { return true }          // U+202A…U+202E
                        if second == 0x81, third >= 0xA6, third <= 0xA9 { return true }          // U+2066…U+2069
                    }
                default:
                    continue
                }
            }
            return false
        }
    }

    /// `text` with every unsafe scalar (tabs and line feeds included) replaced by `\u{…}`.
    package static func visible(_ text: String) -> String {
        guard containsUnsafe(text) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}").unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
