/// The bidirectional embedding, override and isolate controls (U+202A…U+202E, U+2066…U+2069). Each reorders
/// the text after it, so a string holding one can read differently from what it says (`rtl\u{202E}txt.exe`
/// reads "rtlexe.txt"): HTML and Markdown output show them visibly as `\u{202E}`, as the terminal does
/// (`TerminalSafeText`). The marks U+200E, U+200F and U+061C are kept: they set no embedding level, only a
/// direction for the characters around them, and right-to-left text needs them.
package enum BidiControls {
    /// Whether `scalar` is an embedding, override or isolate control.
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The control whose UTF-8 sequence starts at `index`, or nil: every one is three bytes, `E2 80 AA…AE`
    /// or `E2 81 A6…A9`.
    package static func control(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Unicode.Scalar? {
        guard bytes[index] == 0xE2, index + 2 < bytes.count else { return nil }
        let second = bytes[index + 1], third = bytes[index + 2]
        guard (second == 0x80 && third >= 0xAA && third <= 0xAE) || (second == 0x81 && third >= 0xA6 && third <= 0xA9) else { return nil }
        return Unicode.Scalar(0x2000 | (UInt32(second & 0x3F) << 6) | UInt32(third & 0x3F))
    }

    /// The control as it is shown: `\u{202E}`.
    package static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
