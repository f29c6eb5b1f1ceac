import Markdown
import SourceText

/// A link reference definition of a Markdown file (`[1.2.0]: https://…/compare/v1.1.0...v1.2.0`).
/// cmark-gfm resolves links with them and takes them out of its tree, so they are found where the tree is
/// not: the non-blank lines that no block of the outline covers (a list by its items' blocks). A definition's label is read
/// from its first line by a plain scan (`[`, the label up to the first `]` not escaped, `:`), and its
/// destination is asked of cmark-gfm: a link to the label, parsed after the definitions, carries the URL
/// as cmark-gfm resolves it, the form every link of the tree has.
struct LinkDefinition: Sendable, Hashable {
    /// As written between the brackets.
    var label: String
    /// As cmark-gfm resolves it.
    var destination: String
    /// Where its `[` is (1-based; the column in bytes, as cmark-gfm counts).
    var line: Int
    var column: Int

    /// The definitions of `file`, in the order written, given its outline.
    static func find(in file: SourceFile, outline: [MarkdownOutline.Block]) -> [LinkDefinition] {
        var covered = CoveredLines(file: file)
        for block in outline { covered.add(block) }
        return find(in: file, covered: covered)
    }

    /// The lines of a file that its outline's blocks cover, marked block by block (see `find`).
    struct CoveredLines {
        private(set) var lines: [Bool]

        init(file: SourceFile) {
            lines = [Bool](repeating: false, count: file.lineCount + 1)
        }

        /// Marks the lines of `block`. A list's span also holds the definitions written inside its items (indented
        /// under a bullet), so its items' blocks are what cover lines; a block quote, whose blocks have no
        /// positions, covers its span.
        mutating func add(_ block: MarkdownOutline.Block) {
            let lineCount = lines.count - 1
            var blocks = [block]
            while let block = blocks.popLast() {
                if case .list = block.block, !block.items.isEmpty {
                    blocks += block.items.flatMap(\.blocks)
                    continue
                }
                // (cmark-gfm and `SourceFile` count lines alike; the bounds keep a disagreement harmless.)
                let first = max(1, block.contentLines.lowerBound), last = min(lineCount, block.contentLines.upperBound)
                guard first <= last else { continue }
                for line in first...last { lines[line] = true }
            }
        }
    }

    /// The definitions of `file`, in the order written, given the lines its blocks cover.
    static func find(in file: SourceFile, covered: CoveredLines) -> [LinkDefinition] {
        guard file.lineCount > 0 else { return [] }
        let covered = covered.lines
        // Each definition's lines: its first, then any continuation (a destination or title on the next line).
        var found: [(label: String, line: Int, column: Int, lines: [String])] = []
        for line in 1...file.lineCount where !covered[line] {
            let text = file.lineText(line)
            guard text.contains(where: { $0 != " " && $0 != "\t" }) else { continue }
            if let (label, column) = labelStart(text) {
                found.append((label, line, column, [text]))
            } else if !found.isEmpty {
                found[found.count - 1].lines.append(text)
            }
        }
        guard !found.isEmpty else { return [] }
        // The definitions, then one paragraph per label linking to it: cmark-gfm resolves each link.
        // (A blank line between definitions, so a line that is none cannot take the next ones into a paragraph.)
        var probe = found.map { $0.lines.joined(separator: "\n") + "\n" }.joined(separator: "\n")
        for definition in found { probe += "\n[" + definition.label + "]\n" }
        let paragraphs = MarkdownOutline(parsing: probe).blocks.suffix(found.count)
        var labels: Set<String> = []
        return zip(found, paragraphs).compactMap { definition, paragraph in
            // A line the probe does not resolve is no definition (the text of a block cmark-gfm misplaced).
            guard case .paragraph(let inlines) = paragraph.block, case .link(let url, _, _)? = inlines.first, inlines.count == 1 else { return nil }
            // A repeated label resolves to the first definition's URL, so its own is the one written.
            let destination = labels.insert(key(definition.label)).inserted ? url : rawDestination(definition.lines)
            return LinkDefinition(label: definition.label, destination: destination, line: definition.line, column: definition.column)
        }
    }

    /// What makes two labels the same: case and runs of white space do not matter (cmark-gfm also folds
    /// Unicode case).
    static func key(_ label: String) -> String {
        label.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// The label of a line that starts a definition (up to three spaces, `[label]:`) and the byte column of
    /// its `[`; nil for any other line.
    private static func labelStart(_ line: String) -> (String, Int)? {
        let bytes = Array(line.utf8)
        var index = 0
        while index < bytes.count, index < 3, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        let open = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
            if bytes[index] == UInt8(ascii: "\\") { index += 1 }
            index += 1
        }
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ":"), index > open + 1 else { return nil }
        return (String(decoding: bytes[(open + 1)..<index], as: UTF8.self), open + 1)
    }

    /// The destination as written (the first word after `]:`, on the next line when the first ends there),
    /// used only when cmark-gfm does not resolve the label.
    private static func rawDestination(_ lines: [String]) -> String {
        var words: [Substring] = []
        for (index, line) in lines.enumerated() {
            let text = index == 0 ? line.drop { $0 != ":" }.dropFirst() : Substring(line)
            words += text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if !words.isEmpty { break }
        }
        guard var word = words.first else { return "" }
        if word.hasPrefix("<"), word.hasSuffix(">"), word.count >= 2 { word = word.dropFirst().dropLast() }
        return String(word)
    }

    /// Every link and image destination in `blocks`: what a definition's URL must be among to be used.
    static func destinations(in blocks: [MarkdownBlock]) -> Set<String> {
        var found: Set<String> = []
        addDestinations(in: blocks, to: &found)
        return found
    }

    /// Adds every link and image destination in `blocks` to `found`.
    static func addDestinations(in blocks: [MarkdownBlock], to found: inout Set<String>) {
        func add(_ inlines: [MarkdownInline]) {
            for inline in inlines {
                switch inline {
                case .link(let destination, _, let children):
                    found.insert(destination)
                    add(children)
                case .image(let source, _, let alt):
                    found.insert(source)
                    add(alt)
                case .emphasis(let children), .strong(let children), .strikethrough(let children):
                    add(children)
                case .text, .code, .html, .softBreak, .lineBreak:
                    break
                }
            }
        }
        func add(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                switch block {
                case .paragraph(let inlines), .heading(_, let inlines): add(inlines)
                case .blockQuote(let children): add(children)
                case .list(let list): for item in list.items { add(item) }
                case .codeBlock, .html, .thematicBreak: break
                }
            }
        }
        add(blocks)
    }
}
