/// The one place whatsnew writes a YAML scalar from text (`--refs-out`, `whatsnew import`): plain where YAML (1.1,
/// as libyaml reads it, and 1.2) can only read it as that string, else double-quoted with escapes for everything
/// that is not a printable character — so `yes`, `1.0`, `#x`, `a: b` or `- x` read back as those strings.
package enum YAMLScalarQuoting {
    /// `text` as a scalar: plain when that reads back as the same string, else double-quoted.
    package static func scalar(_ text: String) -> String {
        isPlain(text) ? text : quoted(text)
    }

    /// Words YAML 1.1 or 1.2 reads as something other than a string.
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"]

    /// Whether `text` can be written plain: it starts with a letter, and holds only letters, digits, spaces between
    /// words and punctuation that is never YAML syntax there (no `:`, `#`, quotes or brackets).
    package static func isPlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, text.last != " ",
              !reserved.contains(text.lowercased()) else { return false }
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "-", "_", "/", "(", ")", "+", "?", "!", ";", "'", "=", "@", "$", "%":
                break
            case " ":
                if previous == " " { return false }
            default:
                guard scalar.value >= 0xA0, isPrintable(scalar) else { return false }
            }
            previous = scalar
        }
        return true
    }

    /// Whether a text of several lines can be a literal block scalar: printable, no carriage return or tab, no
    /// space at the end of a line, and a first line that does not start with a space (which would need an
    /// indentation indicator).
    package static func isLiteralBlock(_ text: String) -> Bool {
        guard text.contains("\n"), let first = text.unicodeScalars.first, first != " ", first != "\n",
              !text.contains(" \n"), !text.hasSuffix(" ") else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "\n" || ($0.value >= 0x20 && $0.value != 0x7F && ($0.value < 0x80 || isPrintable($0))) }
    }

    /// Printable in YAML and not a line break or a bidi control (shown escaped, as the other outputs show them).
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return false
        default:
            return true
        }
    }

    /// A double-quoted scalar; every character that is not printable is an escape.
    package static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value >= 0x80 && !isPrintable(scalar)) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += scalar.value > 0xFFFF ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                                                    : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
