/// Where the cursor stands in a block YAML document, read from the text (which may not parse while it is
/// typed): at a key, or at the value of a key, with the keys of the mappings around it.
struct CursorContext: Equatable {
    enum Place: Equatable {
        /// Typing a key of the mapping at `path`.
        case key
        /// Typing the value of `key` in the mapping at `path`.
        case value(key: String)
        /// Typing a plain item of a block sequence (`- wat`), which may also be a key of a mapping item.
        case item
    }

    let path: [String]
    let place: Place
    /// What was typed of the word at the cursor.
    let prefix: String

    init(path: [String], place: Place, prefix: String) {
        self.path = path
        self.place = place
        self.prefix = prefix
    }

    /// The context at a byte offset of `lines`; nil where a key or value cannot go (a comment). Block mappings and
    /// sequences, and one level of flow collection on the line (`platforms: [ios, wat`, `- { title: A, ima`), are read.
    init?(lines: LineIndex, offset: Int) {
        let line = lines.position(of: offset).line
        let lineStart = lines.lineStarts[line]
        let before = String(decoding: lines.bytes[lineStart..<max(lineStart, min(offset, lines.bytes.count))], as: UTF8.self)
        let (column, content) = Self.content(of: Substring(before))
        guard content.first != "#", !content.contains(" #") else { return nil }
        var path = Self.parents(of: line, column: column, lines: lines)
        var rest = content
        // Inside a flow collection: the part after its last '{', '[' or ','.
        if let open = rest.lastIndex(where: { $0 == "{" || $0 == "[" }) {
            let outer = rest[..<open]
            let inner = rest[rest.index(after: open)...]
            if let colon = outer.lastIndex(of: ":") {
                let key = Self.unquoted(outer[..<colon].split(separator: ",").last?.split(separator: "{").last?.trimmingSpaces ?? "")
                if rest[open] == "[" {
                    self.init(path: path, place: .value(key: key), prefix: Self.unquoted(inner.split(separator: ",", omittingEmptySubsequences: false).last?.trimmingSpaces ?? ""))
                    return
                }
                if !key.isEmpty { path.append(key) }
            }
            rest = inner.split(separator: ",", omittingEmptySubsequences: false).last?.trimmingSpaces ?? ""
        }
        if let colon = rest.firstIndex(of: ":") {
            let key = rest[..<colon].trimmingSpaces
            guard !key.isEmpty else { return nil }
            self.init(path: path, place: .value(key: Self.unquoted(key)), prefix: Self.unquoted(rest[rest.index(after: colon)...].trimmingSpaces))
        } else {
            guard rest.allSatisfy({ $0.isLetter || $0.isNumber || "_-.\"'".contains($0) }) else { return nil }
            let isItem = rest == content && before.drop(while: { $0 == " " }).hasPrefix("-")
            self.init(path: path, place: isItem ? .item : .key, prefix: Self.unquoted(rest))
        }
    }

    /// The column where a line's content starts (after spaces and `- `), and the content.
    static func content(of line: Substring) -> (column: Int, rest: Substring) {
        var rest = line
        var column = 0
        while let first = rest.first {
            if first == " " { rest.removeFirst(); column += 1; continue }
            if first == "-", rest.dropFirst().first == " " || rest.count == 1 { rest.removeFirst(); column += 1; continue }
            break
        }
        return (column, rest)
    }

    /// The keys of the mappings a key at `column` of `line` is inside, outermost first: the nearest line above
    /// whose key starts left of it is its parent, and so on to the left edge.
    static func parents(of line: Int, column: Int, lines: LineIndex) -> [String] {
        var path: [String] = []
        var current = column
        var index = line - 1
        while index >= 0, current > 0 {
            let text = String(decoding: lines.bytes[lines.lineStarts[index]..<lines.lineEnd(index)], as: UTF8.self)
            index -= 1
            let (keyColumn, rest) = content(of: Substring(text))
            guard !rest.isEmpty, rest.first != "#", keyColumn < current, let colon = rest.firstIndex(of: ":") else { continue }
            path.insert(unquoted(rest[..<colon].trimmingSpaces), at: 0)
            current = keyColumn
        }
        return path
    }

    static func unquoted(_ text: Substring) -> String {
        var text = text
        if let first = text.first, first == "\"" || first == "'" { text.removeFirst() }
        if let last = text.last, last == "\"" || last == "'" { text.removeLast() }
        return String(text)
    }
}
