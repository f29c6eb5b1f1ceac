/// `/_preview/status`: what the script needs to follow a change — the generations, the problems as `validate`
/// prints them, and the state line.
enum StatusJSON {
    static func make(_ snapshot: PreviewSnapshot, state: String) -> String {
        let problems = snapshot.problems.map(string).joined(separator: ",")
        return "{\"generation\":\(snapshot.generation),\"rendered\":\(snapshot.renderedGeneration),\"errors\":\(snapshot.hasErrors),"
            + "\"problems\":[\(problems)],\"summary\":\(snapshot.summary.map(string) ?? "null"),\"state\":\(string(state))}"
    }

    /// `text` as a JSON string; `<`, `>` and `&` escaped too, so that it is inert wherever it lands.
    static func string(_ text: String) -> String {
        var json = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\t": json += "\\t"
            case "\r": json += "\\r"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                json += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { json += unicodeEscape(scalar.value) } else { json.unicodeScalars.append(scalar) }
            }
        }
        return json + "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return "\\u" + String((0..<4).reversed().map { digits[Int((value >> (UInt32($0) * 4)) & 0xF)] })
    }
}
