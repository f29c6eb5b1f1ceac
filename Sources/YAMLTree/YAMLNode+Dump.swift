extension YAMLNode {
    /// One line per node, indented by depth: kind, resolved type, style, text and range. With
    /// `positions: false` the style and range are left out, so a YAML file and its JSON twin dump alike.
    package func dump(positions: Bool = true) -> String {
        var output = ""
        dump(into: &output, prefix: "", indent: "", positions: positions)
        return output
    }

    private func dump(into output: inout String, prefix: String, indent: String, positions: Bool) {
        output += indent + prefix
        switch content {
        case .scalar(let scalar):
            output += scalar.kind.rawValue
            if positions { output += " " + scalar.style.rawValue }
            output += " " + YAMLNode.quoted(scalar.text)
        case .sequence(let items):
            output += "sequence (\(items.count))"
        case .mapping(let pairs):
            output += "mapping (\(pairs.count))"
        }
        if let tag { output += " <\(tag)>" }
        if positions { output += " [\(range)]" }
        output += "\n"
        let childIndent = indent + "  "
        switch content {
        case .scalar:
            break
        case .sequence(let items):
            for item in items { item.dump(into: &output, prefix: "- ", indent: childIndent, positions: positions) }
        case .mapping(let pairs):
            for pair in pairs {
                pair.key.dump(into: &output, prefix: "? ", indent: childIndent, positions: positions)
                pair.value.dump(into: &output, prefix: ": ", indent: childIndent, positions: positions)
            }
        }
    }

    /// A JSON-style quoted string with every control and format character escaped.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                let category = scalar.properties.generalCategory
                if category == .control || category == .format || category == .lineSeparator || category == .paragraphSeparator {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
