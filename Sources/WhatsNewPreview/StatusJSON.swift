import WhatsNewText

/// `/_preview/status`: what the script needs to follow a change — the generations, the problems as `validate`
/// prints them, the state line and the overlay's title.
enum StatusJSON {
    static func make(_ snapshot: PreviewSnapshot, state: String, title: String) -> String {
        let problems = snapshot.problems.map(string).joined(separator: ",")
        return "{\"generation\":\(snapshot.generation),\"rendered\":\(snapshot.renderedGeneration),\"errors\":\(snapshot.hasErrors),"
            + "\"problems\":[\(problems)],\"summary\":\(snapshot.summary.map(string) ?? "null"),\"state\":\(string(state)),"
            + "\"title\":\(string(title))}"
    }

    /// `text` as a JSON string (`JSONValue.quoted`: control characters, U+2028 and U+2029 escaped), with `<`, `>`
    /// and `&` escaped too, so that it is inert wherever it lands. (Inside the literal these three stand only
    /// for themselves, so the escapes decode to the same text.)
    static func string(_ text: String) -> String {
        var json = ""
        for scalar in JSONValue.quoted(text).unicodeScalars {
            switch scalar {
            case "<": json += "\\u003c"
            case ">": json += "\\u003e"
            case "&": json += "\\u0026"
            default: json.unicodeScalars.append(scalar)
            }
        }
        return json
    }
}
