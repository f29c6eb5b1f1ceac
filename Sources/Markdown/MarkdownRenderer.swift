import WhatsNewText

/// Renders the tree as GitHub Flavored Markdown, normalized: the meant formatting is written with one
/// spelling (`**strong**`, `*emphasis*`, `~~struck~~`, `[text](url "title")`, fenced code), and all user
/// text goes through `MarkdownEscaping`, so it never turns into syntax it did not mean. Raw HTML is written
/// as escaped literal text; links `LinkPolicy` refuses are written as their text. An image in user text is
/// written as a link to it, as HTML shows it, so Markdown output never loads an image its author did not
/// declare in a manifest's image fields.
package struct MarkdownRenderer: Sendable {
    /// The level a document's highest heading takes, the lower ones each the next level used (as
    /// `HTMLRenderer(topHeadingLevel:)` does), so a `present` page's headings sit below the version's heading
    /// without skipping a level; nil keeps the document's levels.
    package var topHeadingLevel: Int?
    /// Whether raw inline HTML is written as it is rather than as escaped text: only for Markdown source that
    /// is read again as a text (`whatsnew import` keeping `<kbd>` in a manifest, where every output shows it as
    /// text), never for an output.
    package var keepsInlineHTML = false

    package init(topHeadingLevel: Int? = nil) {
        self.topHeadingLevel = topHeadingLevel
    }

    /// A field's Markdown. `continuation` is written after every line break, e.g. spaces that keep the
    /// text inside a list item.
    package func render(_ text: MarkdownText, continuation: String = "") -> String {
        render(inlines: text.inlines, continuation: continuation)
    }

    /// Inline content as Markdown, for composing a line (`[.strong(title.inlines), .text(" — ")] + …`).
    package func render(inlines: [MarkdownInline], continuation: String = "") -> String {
        var out: [UInt8] = []
        append(inlines: inlines, continuation: continuation, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends inline content, as `render(inlines:continuation:)` writes it, to a UTF-8 buffer;
    /// `insideBrackets`: the output writes brackets around it, so its own are escaped. `escapingBrackets`:
    /// every `[` and `]` of the text is escaped, where the document defines link references its text could
    /// otherwise use (`[1.2.0]` in a Keep a Changelog file).
    package func append(inlines: [MarkdownInline], continuation: String = "", insideBrackets: Bool = false, escapingBrackets: Bool = false,
                        to buffer: inout [UInt8]) {
        Self.write(inlines, to: &buffer) { writer in
            writer.state.continuation = Array(continuation.utf8)
            writer.state.insideBrackets = insideBrackets || escapingBrackets
            writer.keepsHTML = keepsInlineHTML
            if insideBrackets {
                writer.state.atLineStart = false
                writer.tildesStandAlone = false
            }
        }
    }

    /// A link reference definition, `[label]: destination`, on one line; nil when `LinkPolicy` refuses the
    /// destination (or it is relative). The label is escaped as a link's text.
    package func linkDefinition(label: String, destination: String) -> String? {
        guard let url = LinkPolicy.sanitized(destination, allowRelative: false) else { return nil }
        var out: [UInt8] = [UInt8(ascii: "[")]
        append(inlines: [.text(label.replacingNewlines(with: " "))], insideBrackets: true, to: &out)
        out += "]: ".utf8
        out += MarkdownInlineWriter.destinationBytes(url)
        return String(decoding: out, as: UTF8.self)
    }

    /// An ATX heading (`## …`) of inline content, on one line (line breaks in it become spaces, white space
    /// at its ends is dropped); `level` is clamped to 1…6.
    package func heading(_ inlines: [MarkdownInline], level: Int) -> String {
        var out: [UInt8] = []
        Self.write(DelimiterRunEdges.split(inlines).inner, to: &out) { writer in
            writer.inHeading = true
            writer.state.inHeading = true
            writer.state.atLineStart = false
        }
        let marker = String(repeating: "#", count: min(6, max(1, level)))
        return out.isEmpty ? marker : marker + " " + String(decoding: out, as: UTF8.self)
    }

    /// Writes one paragraph's (or heading's) inline content: once recording its `~` runs, and again, when
    /// some of them cannot pair with another, with only those that can escaped.
    private static func write(_ inlines: [MarkdownInline], to buffer: inout [UInt8],
                              configure: (inout MarkdownInlineWriter) -> Void) {
        let start = buffer.count
        var writer = MarkdownInlineWriter()
        configure(&writer)
        let initial = writer.state
        writer.state.tildes = .recording()
        swap(&writer.out, &buffer)
        writer.start = start
        writer.visit(inlines)
        swap(&writer.out, &buffer)
        guard writer.tildesStandAlone, !writer.wroteStrikethrough, let runs = writer.state.tildes.recorded, !runs.isEmpty else { return }
        let plan = TildeRuns.plan(runs)
        guard plan.escaping?.contains(false) == true else { return }
        buffer.removeSubrange(start...)
        var again = MarkdownInlineWriter()
        configure(&again)
        again.state = initial
        again.state.tildes = plan
        swap(&again.out, &buffer)
        again.start = start
        again.visit(inlines)
        swap(&again.out, &buffer)
    }

    /// A document, blocks separated by blank lines, ending with a line feed.
    package func render(_ document: MarkdownDocument) -> String {
        render(blocks: document.blocks)
    }

    package func render(blocks: [MarkdownBlock]) -> String {
        var blocks = blocks
        if let top = topHeadingLevel {
            let levels = Self.levels(of: blocks, startingAt: top)
            var previous = top - 1
            blocks = Self.relevelled(blocks, levels: levels, previous: &previous)
        }
        let lines = blockLines(blocks, tight: false)
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The blocks with each heading at its level of `levels`, and never more than one below the heading
    /// before it (`previous`; the first at most `topHeadingLevel`), as `HTMLRenderer` places them.
    private static func relevelled(_ blocks: [MarkdownBlock], levels: [Int], previous: inout Int) -> [MarkdownBlock] {
        blocks.map { block in
            switch block {
            case .heading(let level, let content):
                let placed = min(levels[min(6, max(1, level))], previous + 1)
                previous = placed
                return .heading(level: placed, content)
            case .blockQuote(let inner):
                return .blockQuote(relevelled(inner, levels: levels, previous: &previous))
            case .list(var list):
                list.items = list.items.map { relevelled($0, levels: levels, previous: &previous) }
                return .list(list)
            default:
                return block
            }
        }
    }

    /// The document's highest level used becomes `top`, each lower one used the next (at most 6).
    private static func levels(of blocks: [MarkdownBlock], startingAt top: Int) -> [Int] {
        var used = Set<Int>()
        func collect(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                switch block {
                case .heading(let level, _): used.insert(level)
                case .blockQuote(let inner): collect(inner)
                case .list(let list): list.items.forEach(collect)
                default: break
                }
            }
        }
        collect(blocks)
        var levels = Array(repeating: top, count: 7)
        var next = top
        for level in 1...6 {
            levels[level] = min(6, max(1, next))
            if used.contains(level) { next += 1 }
        }
        return levels
    }

    // MARK: Blocks, as lines

    private func blockLines(_ blocks: [MarkdownBlock], tight: Bool) -> [String] {
        var lines: [String] = []
        var previousList: (isOrdered: Bool, alternate: Bool)?
        for block in blocks {
            if !lines.isEmpty, !tight { lines.append("") }
            if case .list(let list) = block {
                // Two lists in a row stay two lists only if their markers differ.
                let alternate = previousList.map { $0.isOrdered == list.isOrdered && !$0.alternate } ?? false
                lines += listLines(list, alternate: alternate)
                previousList = (list.isOrdered, alternate)
            } else {
                lines += blockLines(block)
                previousList = nil
            }
        }
        return lines
    }

    private func blockLines(_ block: MarkdownBlock) -> [String] {
        switch block {
        case .paragraph(let content):
            return split(render(inlines: content))
        case .heading(let level, let content):
            return [heading(content, level: level)]
        case .list(let list):
            return listLines(list, alternate: false)
        case .blockQuote(let blocks):
            return blockLines(blocks, tight: false).map { $0.isEmpty ? ">" : "> " + $0 }
        case .codeBlock(let info, let code):
            return codeBlockLines(info: info, code: code)
        case .html(let html):
            return split(render(inlines: [.text(html.hasSuffix("\n") ? String(html.dropLast()) : html)]))
        case .thematicBreak:
            return ["***"]
        }
    }

    private func listLines(_ list: MarkdownList, alternate: Bool) -> [String] {
        var lines: [String] = []
        for (index, item) in list.items.enumerated() {
            if index > 0, !list.isTight { lines.append("") }
            let marker = list.isOrdered ? "\(list.start + index)\(alternate ? ")" : ".")" : alternate ? "*" : "-"
            let indent = String(repeating: " ", count: marker.count + 1)
            let itemLines = blockLines(item, tight: list.isTight)
            if itemLines.isEmpty { lines.append(marker) }
            for (lineIndex, line) in itemLines.enumerated() {
                lines.append(lineIndex == 0 ? marker + " " + line : line.isEmpty ? "" : indent + line)
            }
        }
        return lines
    }

    private func codeBlockLines(info: String, code: String) -> [String] {
        let fenceCharacter: Character = info.contains("`") ? "~" : "`"
        var longestRun = 0
        var run = 0
        for character in code {
            run = character == fenceCharacter ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: fenceCharacter, count: max(3, longestRun + 1))
        var opening: [UInt8] = Array(fence.utf8)
        MarkdownEscaping.appendLiteral(String(info.map { $0.isNewline ? " " : $0 }), to: &opening)
        var lines = [String(decoding: opening, as: UTF8.self)]
        var codeLines = code.split(separator: "\n", omittingEmptySubsequences: false)
        if codeLines.last == "" { codeLines.removeLast() }
        for line in codeLines {
            var bytes: [UInt8] = []
            MarkdownEscaping.appendLiteral(String(line), to: &bytes)
            lines.append(String(decoding: bytes, as: UTF8.self))
        }
        lines.append(fence)
        return lines
    }

    private func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// Writes inline Markdown into a byte buffer.
private struct MarkdownInlineWriter: MarkdownInlineVisitor {
    var out: [UInt8] = []
    /// Where this writer's Markdown begins in `out`, which may hold text written before it.
    var start = 0
    var state = MarkdownLineState()
    /// In a heading, breaks are spaces: the heading must stay on one line.
    var inHeading = false
    var insideLink = false
    /// Whether the content is a paragraph of its own as far as `~` runs go (a second pass may leave alone
    /// those that cannot pair); false for text inside the output's own brackets, which may pair with what
    /// follows them.
    var tildesStandAlone = true
    /// Whether a strikethrough was written: a `~` of the text beside its `~~` would lengthen the run.
    var wroteStrikethrough = false
    /// Whether raw HTML is written as it is (`MarkdownRenderer.keepsInlineHTML`).
    var keepsHTML = false

    /// The last byte this writer wrote (a delimiter next to another `*` must be spelled `_`).
    private var lastByte: UInt8? { out.count > start ? out.last : nil }

    /// Writes each inline knowing the first character written after it (`state.following`).
    mutating func visit(_ inlines: [MarkdownInline]) {
        let outer = state.following
        for index in inlines.indices {
            state.following = firstScalar(of: inlines[(index + 1)...]) ?? outer
            visit(inlines[index])
        }
        state.following = outer
    }

    /// The first character the inlines write (a delimiter, a bracket, or their text's first), nil for none.
    private func firstScalar(of inlines: ArraySlice<MarkdownInline>) -> Unicode.Scalar? {
        for inline in inlines {
            if let scalar = firstScalar(of: inline) { return scalar }
        }
        return nil
    }

    private func firstScalar(of inline: MarkdownInline) -> Unicode.Scalar? {
        switch inline {
        case .text(let text), .html(let text): return text.unicodeScalars.first
        case .code(let code): return code.isEmpty ? nil : "`"
        case .softBreak: return inHeading ? " " : "\n"
        case .lineBreak: return inHeading ? " " : "\\"
        case .emphasis(let children), .strong(let children), .strikethrough(let children):
            // White space at the ends is written outside the delimiters.
            guard let first = firstScalar(of: children[...]) else { return nil }
            if first.properties.isWhitespace { return first }
            if case .strikethrough = inline { return "~" }
            return "*"
        case .link(let destination, _, let children), .image(let destination, _, let children):
            if !insideLink, LinkPolicy.sanitized(destination) != nil { return "[" }
            return firstScalar(of: children[...])
        }
    }

    mutating func visitText(_ text: String) {
        if inHeading, text.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
            let oneLine = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
            MarkdownEscaping.append(oneLine, to: &out, state: &state)
        } else {
            MarkdownEscaping.append(text, to: &out, state: &state)
        }
    }

    mutating func visitCode(_ code: String) {
        guard !code.isEmpty else { return }
        let flat = String(code.map { $0.isNewline ? " " : $0 })
        var longestRun = 0
        var run = 0
        for byte in flat.utf8 {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = [UInt8](repeating: UInt8(ascii: "`"), count: longestRun + 1)
        let pad = flat.hasPrefix("`") || flat.hasSuffix("`")
            || (flat.hasPrefix(" ") && flat.hasSuffix(" ") && flat.contains { $0 != " " })
        state.atLineStart = false
        out += fence
        if pad { out.append(UInt8(ascii: " ")) }
        MarkdownEscaping.appendLiteral(flat, to: &out)
        if pad { out.append(UInt8(ascii: " ")) }
        out += fence
    }

    mutating func visitHTML(_ html: String) {
        guard keepsHTML, !inHeading else { return visitText(html) }
        // A tag over several lines, on one (white space within a tag is one).
        out += html.utf8.map { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") ? UInt8(ascii: " ") : $0 }
        state.atLineStart = false
    }

    mutating func visitSoftBreak() {
        if inHeading { visitText(" ") } else { state.lineBreak(into: &out) }
    }

    mutating func visitLineBreak() {
        if inHeading {
            visitText(" ")
        } else {
            out.append(UInt8(ascii: "\\"))
            state.lineBreak(into: &out)
        }
    }

    mutating func visitEmphasis(_ children: [MarkdownInline]) {
        delimited(children, "*", count: 1)
    }

    mutating func visitStrong(_ children: [MarkdownInline]) {
        delimited(children, "*", count: 2)
    }

    mutating func visitStrikethrough(_ children: [MarkdownInline]) {
        delimited(children, "~", count: 2)
    }

    mutating func visitLink(destination: String, title: String, children: [MarkdownInline]) {
        link(destination, title: title, content: children)
    }

    /// A link to the image, showing its alt text (its URL when it has none).
    mutating func visitImage(source: String, title: String, alt: [MarkdownInline]) {
        link(source, title: title, content: alt)
    }

    /// Writes `children` between delimiter runs; white space at their ends is written outside the runs (a
    /// run next to white space is literal), and `*` is spelled `_` next to another `*`.
    private mutating func delimited(_ children: [MarkdownInline], _ delimiter: Unicode.Scalar, count: Int) {
        let (leading, inner, trailing) = DelimiterRunEdges.split(children)
        let outer = state.following
        state.following = inner.isEmpty ? (firstScalar(of: trailing[...]) ?? outer) : delimiter
        visit(leading)
        // An empty pair would read as a thematic break or as literal characters.
        if !inner.isEmpty {
            state.atLineStart = false
            let byte = delimiter == "*" && lastByte == UInt8(ascii: "*") ? UInt8(ascii: "_") : UInt8(ascii: delimiter)
            if delimiter == "~" { wroteStrikethrough = true }
            for _ in 0..<count { out.append(byte) }
            state.following = Unicode.Scalar(byte)
            visit(inner)
            for _ in 0..<count { out.append(byte) }
        }
        state.following = outer
        visit(trailing)
    }

    private mutating func link(_ destination: String, title: String, content: [MarkdownInline]) {
        guard !insideLink, let url = LinkPolicy.sanitized(destination) else {
            visit(content)
            return
        }
        state.atLineStart = false
        // A `!` just before the bracket (text ending in one, or an autolink written after one) would make the
        // link an image: it is escaped.
        if out.last == UInt8(ascii: "!") { out.insert(UInt8(ascii: "\\"), at: out.count - 1) }
        out.append(UInt8(ascii: "["))
        insideLink = true
        let outer = state
        state.insideLinkText = true
        state.insideBrackets = true
        state.following = "]"
        if content.isEmpty { visitText(url) } else { visit(content) }
        state.insideLinkText = outer.insideLinkText
        state.insideBrackets = outer.insideBrackets
        state.following = outer.following
        insideLink = false
        out.append(UInt8(ascii: "]"))
        out.append(UInt8(ascii: "("))
        out += Self.destinationBytes(url)
        if !title.isEmpty {
            out.append(UInt8(ascii: " "))
            out.append(UInt8(ascii: "\""))
            var escaped: [UInt8] = []
            for byte in title.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped += [UInt8(ascii: "\\"), byte]
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"): escaped.append(UInt8(ascii: " "))
                default: escaped.append(byte)
                }
            }
            MarkdownEscaping.appendLiteral(String(decoding: escaped, as: UTF8.self), to: &out)
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: ")"))
    }

    /// A sanitized URL (printable ASCII, no space or angle bracket) as a link destination: bare when its
    /// parentheses balance, else in angle brackets.
    static func destinationBytes(_ url: String) -> [UInt8] {
        var depth = 0
        var balanced = true
        for byte in url.utf8 {
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth < 0 { balanced = false }
            }
        }
        if balanced && depth == 0 { return Array(url.utf8) }
        return [UInt8(ascii: "<")] + Array(url.utf8) + [UInt8(ascii: ">")]
    }
}
