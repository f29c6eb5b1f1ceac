import YAMLTree

/// The phrases schema diagnostics are made of, in the house style: lower case, user values in single
/// quotes, what was expected and what was found.
enum SchemaMessages {
    /// A JSON Pointer reference token: `~` as `~0`, `/` as `~1`.
    static func escapePointer(_ component: String) -> String {
        guard component.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return component }
        var result = ""
        for character in component {
            switch character {
            case "~": result += "~0"
            case "/": result += "~1"
            default: result.append(character)
            }
        }
        return result
    }

    /// At most 60 scalars of `text`, with '…' when cut.
    static func shorten(_ text: String, limit: Int = 60) -> String {
        var scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        scalars = String.UnicodeScalarView(scalars.prefix(limit))
        return String(scalars) + "…"
    }

    /// A found value: `'Blue'`, `an empty string`, `a mapping`.
    static func value(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.kind {
            case .null: return "null"
            case .string where scalar.text.isEmpty: return "an empty string"
            default: return "'\(shorten(scalar.text))'"
            }
        default:
            return node.kindDescription
        }
    }

    /// A found value by its kind first: `an integer '5'`, `a mapping`, `null`.
    static func kindAndValue(_ node: YAMLNode) -> String {
        guard let scalar = node.scalar, scalar.kind != .null else { return node.kindDescription }
        if scalar.kind == .string, scalar.text.isEmpty { return "an empty string" }
        return "\(scalar.kind.description) '\(shorten(scalar.text))'"
    }

    /// `one of 'a', 'b' or 'c'`, or the single value.
    static func oneOf(_ values: [SchemaValue]) -> String {
        if values.count == 1 { return values[0].display }
        if values.isEmpty { return "no value at all (the enum is empty)" }
        let limit = 20
        let shown = values.prefix(limit).map(\.display)
        if values.count > limit { return "one of " + shown.joined(separator: ", ") + " or \(values.count - limit) more" }
        return "one of " + JSONTypeSet.list(shown, conjunction: "or")
    }

    /// `1`, `0.5`, `-10` (integers without a fraction).
    static func number(_ value: Double) -> String {
        if value.rounded(.towardZero) == value, abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// `1 item`, `2 items`.
    static func count(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A schema title as a noun phrase: "Hex color" → "a hex color", "Image" → "an image"; titles that
    /// start with an acronym ("SF Symbol") keep their case.
    static func nounPhrase(title: String) -> String {
        let scalars = Array(title.unicodeScalars)
        var text = title
        if scalars.count > 1, !scalars[1].properties.isUppercase, let first = title.first {
            text = first.lowercased() + title.dropFirst()
        }
        let vowel = text.first.map { "aeiouAEIOU".contains($0) } ?? false
        return (vowel ? "an " : "a ") + text
    }
}
