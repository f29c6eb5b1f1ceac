@testable import YAMLTree

/// A generated manifest as plain data, written out as YAML and as its JSON twin: the same data in two
/// syntaxes, so whatever whatsnew makes of one it must make of the other.
indirect enum GeneratedDocument {
    case string(String)
    /// A number as written (`12.5`, `-10`, `1e2`, `1.10`), valid in both YAML and JSON.
    case number(String)
    case bool(Bool)
    case array([GeneratedDocument])
    case object([(String, GeneratedDocument)])
    /// In YAML, the first occurrence is written with the anchor `&a<id>` and later ones as the alias `*a<id>`;
    /// JSON repeats the value.
    case shared(id: Int, GeneratedDocument)
    /// In YAML, `{ <<: *a<id>, overrides… }` merging an earlier shared mapping; JSON writes the merged mapping.
    case merged(id: Int, base: [(String, GeneratedDocument)], overrides: [(String, GeneratedDocument)])
}

/// How a JSON twin writes text: raw UTF-8 (U+2028, DEL and C1 controls included, as JSON allows), or
/// ASCII only with `\uXXXX` escapes and surrogate pairs (as `json.dumps` does by default).
enum JSONTextStyle: CaseIterable {
    case raw, asciiEscaped
}

struct YAMLWriter {
    var random: SeededGenerator
    private var anchored: Set<Int> = []

    init(random: SeededGenerator) {
        self.random = random
    }

    mutating func write(_ document: GeneratedDocument) -> String {
        var output = "# generated\n"
        switch document {
        case .object(let pairs) where !pairs.isEmpty:
            block(pairs, indent: 0, into: &output)
        default:
            output += inline(document) + "\n"
        }
        return output
    }

    /// A block mapping, one `key: value` line per pair at `indent`.
    private mutating func block(_ pairs: [(String, GeneratedDocument)], indent: Int, into output: inout String, firstLineIndented: Bool = true) {
        for (index, (key, value)) in pairs.enumerated() {
            if index > 0 || firstLineIndented { output += String(repeating: " ", count: indent) }
            output += self.key(key) + ":"
            writeValue(value, indent: indent, into: &output)
        }
    }

    /// What follows `key:` or `- `: a scalar or flow collection on the same line, or a block on the next lines.
    private mutating func writeValue(_ value: GeneratedDocument, indent: Int, into output: inout String, inSequence: Bool = false) {
        switch value {
        case .object(let pairs) where !pairs.isEmpty && !random.chance(0.15):
            output += "\n"
            block(pairs, indent: indent + 2, into: &output)
        case .array(let items) where !items.isEmpty && !random.chance(0.15):
            output += "\n"
            // A sequence under a key may sit at the key's indentation; under '- ' it must be indented.
            sequence(items, indent: indent + (inSequence || random.chance(0.5) ? 2 : 0), into: &output)
        case .string(let text) where text.contains("\n") && Self.literalBlockAllowed(text) && random.chance(0.6):
            output += " |-\n"
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                output += line.isEmpty ? "\n" : String(repeating: " ", count: indent + 2) + line + "\n"
            }
        default:
            output += " " + inline(value) + "\n"
        }
    }

    private mutating func sequence(_ items: [GeneratedDocument], indent: Int, into output: inout String) {
        for item in items {
            output += String(repeating: " ", count: indent) + "-"
            switch item {
            case .object(let pairs) where !pairs.isEmpty:
                output += " "
                block(pairs, indent: indent + 2, into: &output, firstLineIndented: false)
            default:
                writeValue(item, indent: indent, into: &output, inSequence: true)
            }
        }
    }

    /// A scalar, or a collection in flow style; `inFlow` when it sits inside a flow collection, where strings
    /// are always double-quoted (plain text there may not hold `,[]{}`).
    private mutating func inline(_ value: GeneratedDocument, inFlow: Bool = false) -> String {
        switch value {
        case .string(let text): return inFlow ? Self.doubleQuoted(text) : scalar(text)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items): return "[" + items.map { flowItem($0) }.joined(separator: ", ") + "]"
        case .object(let pairs): return "{" + pairs.map { key($0.0) + ": " + flowItem($0.1) }.joined(separator: ", ") + "}"
        case .shared(let id, let shared):
            if anchored.contains(id) { return "*a\(id)" }
            anchored.insert(id)
            return "&a\(id) " + inline(shared, inFlow: inFlow)
        case .merged(let id, _, let overrides):
            return "{<<: *a\(id)" + overrides.map { ", " + key($0.0) + ": " + flowItem($0.1) }.joined() + "}"
        }
    }

    private mutating func flowItem(_ value: GeneratedDocument) -> String {
        inline(value, inFlow: true)
    }

    /// Keys may be written in flow mappings too, so a plain key holds no flow indicator.
    private mutating func key(_ text: String) -> String {
        Self.plainAllowed(text) && !text.contains(where: { ",[]{}".contains($0) }) && random.chance(0.8) ? text : Self.doubleQuoted(text)
    }

    /// A string in a style chosen at random among those that can hold it.
    private mutating func scalar(_ text: String) -> String {
        var styles = [Self.doubleQuoted(text)]
        if Self.plainAllowed(text) { styles += [text, text] }
        if Self.singleQuotedAllowed(text) { styles.append("'" + text.replacingOccurrences(of: "'", with: "''") + "'") }
        return random.pick(styles)
    }

    /// Characters YAML cannot hold raw (or would fold, or reads as a line break).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 || value == 0xFEFF
            || value == 0xFFFE || value == 0xFFFF
    }

    static func plainAllowed(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              !text.unicodeScalars.contains(where: { needsEscape($0) }),
              !"-?:,[]{}#&*!|>'\"%@` \t".unicodeScalars.contains(first), last != " ", last != ":",
              !text.contains(": "), !text.contains(" #"), !text.contains("\t") else { return false }
        // Only text the core schema reads as a string or a number (which text fields take literally).
        return [.string, .int, .float].contains(YAMLScalar.resolve(text))
    }

    static func singleQuotedAllowed(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: { needsEscape($0) }) && !text.hasPrefix(" ") && !text.hasSuffix(" ")
    }

    /// Lines without leading or trailing blanks and no character that needs an escape: `|-` keeps them as they are.
    static func literalBlockAllowed(_ text: String) -> Bool {
        guard !text.hasSuffix("\n"), !text.hasPrefix("\n") else { return false }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.unicodeScalars.contains(where: { needsEscape($0) }) { return false }
            if line.hasPrefix(" ") || line.hasSuffix(" ") || line.hasPrefix("\t") || line.hasSuffix("\t") { return false }
        }
        return true
    }

    static func doubleQuoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\u{0}": output += "\\0"
            case "\u{85}": output += "\\N"
            case "\u{2028}": output += "\\L"
            case "\u{2029}": output += "\\P"
            default:
                if needsEscape(scalar) {
                    output += scalar.value <= 0xFF ? "\\x" + hex(scalar.value, digits: 2) : "\\u" + hex(scalar.value, digits: 4)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}

struct JSONWriter {
    var style: JSONTextStyle
    /// Pretty-printed with this indent, or nil for one line.
    var indent: String?

    func write(_ document: GeneratedDocument) -> String {
        var output = ""
        write(document, level: 0, into: &output)
        return output + "\n"
    }

    private func write(_ document: GeneratedDocument, level: Int, into output: inout String) {
        switch document {
        case .string(let text): output += quoted(text)
        case .number(let text): output += text
        case .bool(let flag): output += flag ? "true" : "false"
        case .shared(_, let value): write(value, level: level, into: &output)
        case .merged(_, let base, let overrides):
            let overridden = Set(overrides.map(\.0))
            write(.object(base.filter { !overridden.contains($0.0) } + overrides), level: level, into: &output)
        case .array(let items):
            container("[", "]", items, level: level, into: &output) { item, output in write(item, level: level + 1, into: &output) }
        case .object(let pairs):
            container("{", "}", pairs, level: level, into: &output) { pair, output in
                output += quoted(pair.0) + (indent == nil ? ":" : ": ")
                write(pair.1, level: level + 1, into: &output)
            }
        }
    }

    private func container<T>(_ open: String, _ close: String, _ elements: [T], level: Int, into output: inout String,
                              element: (T, inout String) -> Void) {
        output += open
        guard !elements.isEmpty else { output += close; return }
        for (index, item) in elements.enumerated() {
            if index > 0 { output += "," }
            if let indent { output += "\n" + String(repeating: indent, count: level + 1) }
            element(item, &output)
        }
        if let indent { output += "\n" + String(repeating: indent, count: level) }
        output += close
    }

    func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    output += "\\u" + hex(scalar.value, digits: 4)
                } else if style == .asciiEscaped, scalar.value > 0x7E {
                    for unit in String(scalar).utf16 { output += "\\u" + hex(UInt32(unit), digits: 4) }
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}

private func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
