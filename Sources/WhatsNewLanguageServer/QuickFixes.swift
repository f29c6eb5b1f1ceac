/// The edits that fix a diagnostic, read from its code, message and fix.
enum QuickFixes {
    static func fixes(code: String, message: String, fix: String?, range: TextRange, document: TextDocument,
                      index: ManifestIndex) -> [(title: String, edit: JSON, preferred: Bool)] {
        var fixes: [(String, JSON, Bool)] = []
        let start = document.lines.offset(of: range.start)
        let end = max(start, document.lines.offset(of: range.end))
        if let suggestion = quoted(after: "did you mean '", in: message) {
            let inner = innerRange(start..<end, in: document.bytes)
            fixes.append(("Replace with '\(suggestion)'", LanguageServer.textEdit(index.textRange(inner), suggestion), true))
        }
        if code == "unused-reference", let definition = index.definitions.first(where: { $0.keyRange.lowerBound == start }) {
            var entryEnd = definition.entryRange.upperBound
            let line = document.lines.position(of: max(entryEnd - 1, definition.entryRange.lowerBound)).line
            entryEnd = line + 1 < document.lines.lineStarts.count ? document.lines.lineStarts[line + 1] : document.bytes.count
            fixes.append(("Remove the unused \(definition.registry.noun) '\(definition.key)'",
                          LanguageServer.textEdit(index.textRange(definition.entryRange.lowerBound..<entryEnd), ""), false))
        }
        if code == "missing-key", let fix, let key = quoted(after: "add '", in: fix).map({ $0.hasSuffix(":") ? String($0.dropLast()) : $0 }) {
            let isFlow = start < document.bytes.count && document.bytes[start] == UInt8(ascii: "{")
            // The indentation is the column of the mapping in the text (not the client's number, which may be anything).
            let column = start - document.lines.lineStarts[document.lines.line(containing: start)]
            let insertion = isFlow ? "{ \(key): , " : "\(key): \n" + String(repeating: " ", count: column)
            let replaced = isFlow ? start..<(start + 1) : start..<start
            var edit = index.textRange(replaced)
            if isFlow, start + 1 < document.bytes.count, document.bytes[start + 1] == UInt8(ascii: " ") { edit.end.character += 1 }
            fixes.append(("Add '\(key):'", LanguageServer.textEdit(edit, insertion), true))
        }
        if code == "invalid-url", message.contains("no scheme") {
            let inner = innerRange(start..<end, in: document.bytes)
            fixes.append(("Add 'https://'", LanguageServer.textEdit(index.textRange(inner.lowerBound..<inner.lowerBound), "https://"), true))
        }
        if code == "invalid-url", let written = quoted(after: "the scheme '", in: message).map({ String($0.dropLast()) }), !written.isEmpty {
            let inner = innerRange(start..<end, in: document.bytes)
            let schemeEnd = inner.lowerBound + written.utf8.count
            if schemeEnd <= inner.upperBound, index.text(inner.lowerBound..<schemeEnd) == written {
                let closest = ["https", "http", "mailto"].min { distance(written.lowercased(), $0) < distance(written.lowercased(), $1) } ?? "https"
                fixes.append(("Use the scheme '\(closest):'", LanguageServer.textEdit(index.textRange(inner.lowerBound..<schemeEnd), closest), true))
            }
        }
        return fixes
    }

    /// The edit distance (Levenshtein) of two short words.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars.prefix(64)), b = Array(b.unicodeScalars.prefix(64))
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The text between `marker` and the next `'`.
    static func quoted(after marker: String, in text: String) -> String? {
        guard let found = text.range(of: marker) else { return nil }
        let rest = text[found.upperBound...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<close])
    }

    /// A range without the quotes of a quoted scalar.
    static func innerRange(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        guard range.count >= 2, range.upperBound <= bytes.count else { return range }
        let first = bytes[range.lowerBound], last = bytes[range.upperBound - 1]
        if first == last, first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return (range.lowerBound + 1)..<(range.upperBound - 1) }
        return range
    }
}
