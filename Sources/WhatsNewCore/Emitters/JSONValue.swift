/// A JSON value with ordered object keys, written deterministically (the same value, the same bytes).
public indirect enum JSONValue: Sendable, Hashable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized(pretty: false) == rhs.serialized(pretty: false)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(serialized(pretty: false)) }

    /// An object from pairs whose nil values are left out.
    public static func object(omittingNils pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    /// The JSON text, pretty-printed with two-space indentation (and a final newline) or compact.
    public func serialized(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, indent: pretty ? "" : nil)
        if pretty { output += "\n" }
        return output
    }

    private func write(to output: inout String, indent: String?) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value):
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
                output += String(Int(value))
            } else if value.isFinite {
                output += "\(value)"
            } else {
                output += "null"
            }
        case .string(let text): JSONValue.writeString(text, to: &output)
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            let inner = indent.map { $0 + "  " }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                if let inner { output += "\n" + inner }
                item.write(to: &output, indent: inner)
            }
            if let indent { output += "\n" + indent }
            output += "]"
        case .object(let pairs):
            guard !pairs.isEmpty else { output += "{}"; return }
            let inner = indent.map { $0 + "  " }
            output += "{"
            for (index, (key, value)) in pairs.enumerated() {
                if index > 0 { output += "," }
                if let inner { output += "\n" + inner }
                JSONValue.writeString(key, to: &output)
                output += indent == nil ? ":" : ": "
                value.write(to: &output, indent: inner)
            }
            if let indent { output += "\n" + indent }
            output += "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and every control character escaped; U+2028/U+2029
    /// escaped too so the text is also safe inside a script.
    public static func writeString(_ text: String, to output: inout String) {
        output += "\""
        var plainStart = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar.value {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0x00..<0x20, 0x7F, 0x2028, 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escape = nil
            }
            if let escape {
                output.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                output += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        output += "\""
    }
}
