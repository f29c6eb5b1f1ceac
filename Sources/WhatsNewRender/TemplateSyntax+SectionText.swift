import SourceText
import WhatsNewDiagnostics

extension TemplateSyntax {
    /// The text each `{{#name}}` section's body writes itself on every item, not counting its tags and nested
    /// sections: the bytes that are not white space (which Mustache may trim around a tag alone on its line), the
    /// least over the sections of each name, keyed by the name's last part (`features` for `{{#version.features}}`).
    /// Each item of a section writes at least this much, so it is a lower bound of the output (see
    /// `TemplateLookups.spend`). Empty when the template changes its delimiters.
    static func sectionText(in bytes: [UInt8]) -> [String: Int] {
        guard let tags = tags(in: bytes) else { return [:] }
        var least: [String: Int] = [:]
        var open: [(key: String, counted: Bool, text: Int)] = []
        var previousEnd = 0
        for tag in tags {
            if let top = open.indices.last, previousEnd < tag.start {
                open[top].text += bytes[previousEnd..<tag.start].count { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            }
            previousEnd = end(of: tag, in: bytes)
            let key = tag.name.split(separator: ".").last.map(String.init) ?? tag.name
            switch tag.sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "<"):
                open.append((key, tag.sigil == UInt8(ascii: "#"), 0))
            case UInt8(ascii: "/"):
                guard let closed = open.popLast() else { continue }
                if closed.counted { least[closed.key] = min(least[closed.key] ?? .max, closed.text) }
            default:
                break
            }
        }
        return least
    }

    /// The offset just past `tag`'s closing braces (`}}`, or `}}}` after `{{{`), or the end of `bytes`.
    private static func end(of tag: Tag, in bytes: [UInt8]) -> Int {
        var index = tag.nameStart
        while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "}") && bytes[index + 1] == UInt8(ascii: "}")) { index += 1 }
        guard index + 1 < bytes.count else { return bytes.count }
        index += 2
        if tag.sigil == UInt8(ascii: "{"), index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1 }
        return index
    }

    /// The `output-budget-exceeded` error of a rendering that passed its budget at the list or lookup `name`: at
    /// the first section of that name, else the first tag that names it.
    static func budgetDiagnostic(passedAt name: String, budget: Int, in file: SourceFile) -> Diagnostic {
        let named = tags(in: file.bytes)?.filter { ($0.name.split(separator: ".").last.map(String.init) ?? $0.name) == name } ?? []
        let tag = named.first { $0.sigil == UInt8(ascii: "#") } ?? named.first
        let range = tag.map { SourceRange(start: file.mark(atOffset: $0.nameStart), end: file.mark(atOffset: $0.nameStart + $0.name.utf8.count)) }
        return Diagnostic(.error, code: .outputBudgetExceeded,
                          message: "rendering the template takes more than \(budget) steps (a lookup, an item of a section, a byte of a "
                              + "section's own text), and '\(name)' passed them: a section inside a section of the same list renders "
                              + "every item again for each item; expected at most \(budget) for this output",
                          file: file, range: range ?? .fileStart,
                          fix: "render each list once (do not open '{{#\(name)}}' inside itself), or select fewer versions with --release or --since")
    }
}
