import WhatsNewText

extension JSON {
    /// The value as compact JSON text; strings escaped so the text is plain ASCII-safe JSON.
    package var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value):
            if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
                output += String(Int(value))
            } else {
                output += value.isFinite ? "\(value)" : "null"
            }
        case .string(let value): JSON.writeQuoted(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSON.writeQuoted(member.0, to: &output)
                output += ":"
                member.1.write(to: &output)
            }
            output += "}"
        }
    }

    /// `text` as a JSON string literal: the one escaping whatsnew's JSON outputs use (`JSONValue.quoted`).
    private static func writeQuoted(_ text: String, to output: inout String) {
        output += JSONValue.quoted(text)
    }
}
