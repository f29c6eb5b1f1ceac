/// A JSON value whose objects keep their members in the order given, so that writing it is
/// deterministic byte for byte; `quoted(_:)` is the one JSON string escaper of whatsnew.
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number; written as an integer when it is one, and as null when it is not finite.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// A string, or null when there is none.
    package static func string(_ text: String?) -> JSONValue {
        text.map { .string($0) } ?? .null
    }

    /// An integer, or null when there is none.
    package static func int(_ number: Int?) -> JSONValue {
        number.map { .int($0) } ?? .null
    }

    /// An object whose nil members are left out.
    package static func object(omittingNils members: [(String, JSONValue?)]) -> JSONValue {
        .object(members.compactMap { key, value in value.map { (key: key, value: $0) } })
    }

    /// The value on one line, without spaces.
    package var compact: String {
        var output = ""
        write(to: &output, indent: nil, level: 0)
        return output
    }

    /// The value with every array element and object member on a line of its own, indented by two
    /// spaces per level (the layout of Python's `json.dumps(value, indent=2)`), without a final newline.
    package var pretty: String {
        pretty(level: 0)
    }

    /// `pretty` for a value that stands `level` containers deep in a document: its inner lines indented
    /// to match (for writing a long document piece by piece).
    package func pretty(level: Int) -> String {
        var output = ""
        write(to: &output, indent: "  ", level: level)
        return output
    }

    private func write(to output: inout String, indent: String?, level: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .number(let value):
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
                output += String(Int(value))
            } else {
                output += value.isFinite ? "\(value)" : "null"
            }
        case .string(let value): output += JSONValue.quoted(value)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, indent: indent, level: level) { element, output in
                element.write(to: &output, indent: indent, level: level + 1)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &output, indent: indent, level: level) { member, output in
                output += JSONValue.quoted(member.key) + (indent == nil ? ":" : ": ")
                member.value.write(to: &output, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer<Element>(_ elements: [Element], open: String, close: String, to output: inout String,
                                         indent: String?, level: Int, writeElement: (Element, inout String) -> Void) {
        output += open
        guard !elements.isEmpty else {
            output += close
            return
        }
        for (index, element) in elements.enumerated() {
            if index > 0 { output += "," }
            if let indent { output += "\n" + String(repeating: indent, count: level + 1) }
            writeElement(element, &output)
        }
        if let indent { output += "\n" + String(repeating: indent, count: level) }
        output += close
    }

    /// `text` as a JSON string literal (RFC 8259): quotes and backslashes escaped, every control
    /// character (C0, DEL, C1) written as an escape, and so are the scalars a terminal must never get
    /// raw (bidirectional overrides), U+2028/U+2029, which JavaScript once read as line breaks, and
    /// U+FEFF, which some readers drop as a byte order mark. The literal decodes to exactly `text`.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{8}": result += "\\b"
            case "\u{C}": result += "\\f"
            default:
                if TerminalSafeText.isUnsafe(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{FEFF}" {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
