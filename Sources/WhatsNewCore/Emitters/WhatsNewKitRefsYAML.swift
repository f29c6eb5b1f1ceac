/// The registries of `--refs-out` as a YAML `--refs` file: block mappings indented by two spaces, a string plain
/// where YAML (1.1, as libyaml reads it, and 1.2) can only read it as that string, else double-quoted with escapes
/// for everything that is not a printable character, and a text of several lines as a literal block.
enum WhatsNewKitRefsYAML {
    static let header = """
        # The images and actions whatsnewkit-json refers to by key: register each under its key in the userInfo of
        # WhatsNewKit's decoder, decoder.userInfo["key"] = WhatsNew.Feature.Image(…), WhatsNew.PrimaryAction(…) or
        # WhatsNew.SecondaryAction(…). (A secondaryAction of "" is none: nothing is registered under "".)
        # Written by `whatsnew compile --format whatsnewkit-json --refs-out`; whatsnew reads it back with --refs.

        """

    /// The document: `registries` (an object of objects), each entry below its comment when `comments` has one.
    static func document(_ registries: JSONValue, comments: [String: String]) -> String {
        var output = header
        guard case .object(let members) = registries else { return output }
        for registry in members {
            output += key(registry.key) + ":\n"
            guard case .object(let entries) = registry.value else { continue }
            for entry in entries {
                if let comment = comments[entry.key] { output += "  # " + comment + "\n" }
                write(entry.key, entry.value, level: 1, to: &output)
            }
        }
        return output
    }

    private static func write(_ name: String, _ value: JSONValue, level: Int, to output: inout String) {
        let indent = String(repeating: "  ", count: level)
        switch value {
        case .object(let members) where !members.isEmpty:
            output += indent + key(name) + ":\n"
            for member in members { write(member.key, member.value, level: level + 1, to: &output) }
        case .string(let text) where isLiteralBlock(text):
            let chomping = text.hasSuffix("\n\n") ? "+" : text.hasSuffix("\n") ? "" : "-"
            output += indent + key(name) + ": |" + chomping + "\n"
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if text.hasSuffix("\n") { lines.removeLast() }
            for line in lines { output += line.isEmpty ? "\n" : indent + "  " + line + "\n" }
        default:
            output += indent + key(name) + ": " + scalar(value) + "\n"
        }
    }

    /// A mapping key: plain when it is a registry key or a field name YAML reads as a string.
    private static func key(_ name: String) -> String {
        scalar(.string(name))
    }

    private static func scalar(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return isPlain(text) ? text : quoted(text)
        // (JSON is YAML's flow style; registries hold no arrays, and objects only as blocks.)
        default: return value.compact
        }
    }

    /// Words YAML 1.1 or 1.2 reads as something other than a string.
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"]

    /// Whether `text` can be written plain: it starts with a letter, and holds only letters, digits, spaces between
    /// words and punctuation that is never YAML syntax there (no `:`, `#`, quotes or brackets).
    private static func isPlain(_ text: String) -> Bool {
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
    private static func isLiteralBlock(_ text: String) -> Bool {
        guard text.contains("\n"), let first = text.unicodeScalars.first, first != " ", first != "\n",
              !text.contains(" \n"), !text.hasSuffix(" ") else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "\n" || ($0.value >= 0x20 && $0.value != 0x7F && ($0.value < 0x80 || isPrintable($0))) }
    }

    /// Printable in YAML and not a line break or a bidi control (shown escaped, as the other outputs show them).
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return false
        default:
            return true
        }
    }

    /// A double-quoted scalar; every character that is not printable is an escape.
    private static func quoted(_ text: String) -> String {
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
