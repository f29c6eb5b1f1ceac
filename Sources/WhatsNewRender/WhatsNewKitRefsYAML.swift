import WhatsNewText

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
        case .string(let text) where YAMLScalarQuoting.isLiteralBlock(text):
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
        case .string(let text): return YAMLScalarQuoting.scalar(text)
        // (JSON is YAML's flow style; registries hold no arrays, and objects only as blocks.)
        default: return value.compact
        }
    }
}
