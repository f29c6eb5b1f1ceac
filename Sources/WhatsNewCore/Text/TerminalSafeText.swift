/// Makes text safe to write to a terminal: control characters (C0, DEL, C1) and bidirectional overrides
/// are shown visibly as `\u{…}` instead of being written raw, so data can never move the cursor, change
/// colors, ring the bell or reorder what the user reads.
public enum TerminalSafeText {
    /// Whether a scalar must never reach a terminal raw.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return true }
        switch value {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return true
        default: return false
        }
    }

    /// `text` with every unsafe scalar (tabs and line feeds included) replaced by `\u{…}`.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
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
