/// `{{name}}` placeholders in a tip's id, texts and rule names, which `--with name=value` fills.
package enum Placeholders {
    /// A placeholder as written: its name (nil when what is between the braces is no name) and its
    /// range in the text. `unclosed` is a `{{` with no `}}` after it.
    package struct Found: Sendable, Hashable {
        package var name: String?
        package var written: String
        package var unclosed: Bool
    }

    /// Whether `text` is a placeholder name: a letter or `_`, then letters, digits, `_` or `-`.
    package static func isName(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetterOrUnderscore else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIILetterOrUnderscore || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// Every `{{…}}` in `text`, in order (spaces inside the braces are allowed: `{{ trail }}`).
    package static func find(in text: String) -> [Found] {
        var found: [Found] = []
        var rest = text[...]
        while let open = rest.firstRange(of: "{{") {
            let after = rest[open.upperBound...]
            guard let close = after.firstRange(of: "}}") else {
                found.append(Found(name: nil, written: String(rest[open.lowerBound...]), unclosed: true))
                break
            }
            let inside = after[..<close.lowerBound].trimmingSpaces
            found.append(Found(name: isName(inside) ? String(inside) : nil, written: String(rest[open.lowerBound..<close.upperBound]),
                               unclosed: false))
            rest = after[close.upperBound...]
        }
        return found
    }

    /// The names of the well-formed placeholders of `text`, in order, each once.
    package static func names(in text: String) -> [String] {
        var seen: Set<String> = []
        return find(in: text).compactMap(\.name).filter { seen.insert($0).inserted }
    }

    /// `text` with each placeholder whose name `values` holds replaced by `escape(value)`; others are kept.
    package static func fill(_ text: String, with values: [String: String], escape: (String) -> String = { $0 }) -> String {
        guard text.contains("{{") else { return text }
        var output = ""
        var rest = text[...]
        while let open = rest.firstRange(of: "{{"), let close = rest[open.upperBound...].firstRange(of: "}}") {
            output += rest[..<open.lowerBound]
            let inside = rest[open.upperBound..<close.lowerBound].trimmingSpaces
            if isName(inside), let value = values[String(inside)] {
                output += escape(value)
            } else {
                output += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        return output + rest
    }
}

private extension Unicode.Scalar {
    var isASCIILetterOrUnderscore: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_" }
}
