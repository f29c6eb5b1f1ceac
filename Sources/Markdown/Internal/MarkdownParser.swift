internal import CCmark
import Threads

/// Parses Markdown with cmark-gfm — CommonMark plus GitHub's strikethrough and autolink extensions — into
/// `MarkdownBlock`s. This is the only file that sees cmark: C pointers never leave it, every document cmark
/// allocates is freed before `parse` returns, and one parser is reused under a lock. The lock is needed:
/// cmark-gfm's extensions change a process-wide table of special characters while they parse, so two
/// parses at once (even with two parsers) can miss each other's strikethrough.
enum MarkdownParser {
    /// cmark-gfm's version, e.g. "0.29.0.gfm.6".
    static var cmarkVersion: String { String(cString: cmark_version_string()) }

    /// The blocks of `source`.
    static func parse(_ source: String) -> [MarkdownBlock] {
        shared.withLock { parser in
            if parser == nil { parser = CmarkParser() }
            // Without a parser (cmark could not allocate one) the text stays literal.
            return parser?.parse(source) ?? [.paragraph([.text(source)])]
        }
    }

    /// The top-level blocks of `source` with where each starts, and the items of lists with theirs.
    static func outline(_ source: String) -> [MarkdownOutline.Block] {
        var blocks: [MarkdownOutline.Block] = []
        outline(source) { blocks.append($0) }
        return blocks
    }

    /// The top-level blocks of `source`, handed to `body` one at a time; each block's part of cmark's tree is
    /// freed once it is read, so a reader that keeps little holds no more than cmark's tree at its largest.
    /// Only the parse holds the lock: `body` may parse Markdown itself while the tree is read.
    static func outline(_ source: String, _ body: (MarkdownOutline.Block) -> Void) {
        let parsed: (document: OpaquePointer?, parsed: Bool) = shared.withLock { parser in
            if parser == nil { parser = CmarkParser() }
            guard let parser else { return (nil, false) }
            return (parser.document(source), true)
        }
        guard parsed.parsed else {
            body(MarkdownOutline.Block(block: .paragraph([.text(source)]), line: 1, column: 1, items: [],
                                       contentLines: 1...max(1, source.split(separator: "\n", omittingEmptySubsequences: false).count)))
            return
        }
        guard let document = parsed.document else { return }
        CmarkParser.outline(document, body)
    }

    /// The one parser, created on first use; the lock makes every cmark parse run alone.
    private static let shared = Locked<CmarkParser?>(nil)

    /// Runs `body`, which uses cmark, under the lock every cmark parse takes (see `shared`).
    static func exclusively<Result>(_ body: () -> Result) -> Result {
        shared.withLock { _ in body() }
    }
}

/// The extensions, looked up once (after registering them once; Swift runs a global's initializer once).
nonisolated(unsafe) private let extensions: [OpaquePointer] = {
    cmark_gfm_core_extensions_ensure_registered()
    let names: [String] = ["strikethrough", "autolink"]
    return names.compactMap { name in name.withCString { cmark_find_syntax_extension($0) } }
}()

/// One cmark parser with the extensions attached; cmark resets it after each document, keeping them.
/// It is `@unchecked Sendable` because it is only used under `MarkdownParser.shared`'s lock.
private final class CmarkParser: @unchecked Sendable {
    private let parser: OpaquePointer

    init?() {
        guard let parser = cmark_parser_new(CMARK_OPT_NORMALIZE) else { return nil }
        self.parser = parser
        for syntaxExtension in extensions { cmark_parser_attach_syntax_extension(parser, syntaxExtension) }
    }

    deinit {
        cmark_parser_free(parser)
    }

    func parse(_ source: String) -> [MarkdownBlock] {
        guard let document = document(source) else { return [] }
        defer { cmark_node_free(document) }
        return TreeReader(document: document).read()
    }

    /// Hands `document`'s top-level blocks to `body`, freeing each after it is read, then the document.
    static func outline(_ document: OpaquePointer, _ body: (MarkdownOutline.Block) -> Void) {
        defer { cmark_node_free(document) }
        while let child = cmark_node_first_child(document) {
            if let block = located(child, depth: 0) { body(block) }
            cmark_node_unlink(child)
            cmark_node_free(child)
        }
    }

    /// Lists nested deeper than this are read as blocks without their items' positions.
    private static let maxOutlineDepth = 12

    /// Each child of `node` read as a block, with its start; a list's items with theirs.
    private static func located(childrenOf node: OpaquePointer, depth: Int) -> [MarkdownOutline.Block] {
        var blocks: [MarkdownOutline.Block] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            if let block = located(current, depth: depth) { blocks.append(block) }
            child = cmark_node_next(current)
        }
        return blocks
    }

    /// One block of the tree, read with its start (and a list's items with theirs); nil for a node that reads as none.
    private static func located(_ current: OpaquePointer, depth: Int) -> MarkdownOutline.Block? {
        guard let block = TreeReader(document: current).read().first else { return nil }
        var items: [MarkdownOutline.Item] = []
        if cmark_node_get_type(current) == CMARK_NODE_LIST, depth < maxOutlineDepth {
            var item = cmark_node_first_child(current)
            while let itemNode = item {
                items.append(MarkdownOutline.Item(line: Int(cmark_node_get_start_line(itemNode)),
                                                  column: Int(cmark_node_get_start_column(itemNode)),
                                                  blocks: located(childrenOf: itemNode, depth: depth + 1)))
                item = cmark_node_next(itemNode)
            }
        }
        let line = Int(cmark_node_get_start_line(current))
        let lastLine = max(line, Int(cmark_node_get_end_line(current)))
        // A paragraph's span starts at the definitions cmark took from its top (and its inlines' positions
        // are counted from there): its content is the lines its text has, counted up from its end.
        var firstContentLine = line
        if case .paragraph(let inlines) = block { firstContentLine = max(line, lastLine - Self.lineCount(of: inlines) + 1) }
        return MarkdownOutline.Block(block: block, line: line, column: Int(cmark_node_get_start_column(current)), items: items,
                                     contentLines: firstContentLine...lastLine)
    }

    /// The lines inline content spans: one, and one more per line break (soft or hard) or raw HTML's newline.
    private static func lineCount(of inlines: [MarkdownInline]) -> Int {
        var count = 1
        func add(_ inlines: [MarkdownInline]) {
            for inline in inlines {
                switch inline {
                case .softBreak, .lineBreak: count += 1
                case .html(let html): count += html.utf8.count { $0 == UInt8(ascii: "\n") }
                case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children),
                     .image(_, _, let children):
                    add(children)
                case .text, .code: break
                }
            }
        }
        add(inlines)
        return count
    }

    func document(_ source: String) -> OpaquePointer? {
        var source = source
        source.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            // The length is passed, so a NUL in the text never ends it (cmark replaces NUL with U+FFFD).
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cmark_parser_feed(parser, $0, bytes.count) }
        }
        return cmark_parser_finish(parser)
    }
}

/// Reads cmark's tree with its iterator (no recursion, so any nesting is safe) into the Swift tree, whose
/// depth it bounds: containers nested deeper than a limit are dropped and their content kept in the parent.
private struct TreeReader {
    let document: OpaquePointer

    static let maxBlockDepth = 24
    static let maxInlineDepth = 24

    private enum Kind {
        case document, blockQuote, list(MarkdownList), item, paragraph, heading(Int)
        case emphasis, strong, strikethrough, link(String, String), image(String, String)
        /// A container beyond the depth limit, or one this reader does not know: its content moves up.
        case transparent
    }

    private struct Frame {
        var kind: Kind
        var blocks: [MarkdownBlock] = []
        var inlines: [MarkdownInline] = []
        var items: [[MarkdownBlock]] = []
        var countsAsBlock = false
        var countsAsInline = false

        mutating func appendText(_ text: String) {
            guard !text.isEmpty else { return }
            if case .text(var previous)? = inlines.last {
                inlines.removeLast()
                previous += text
                inlines.append(.text(previous))
            } else {
                inlines.append(.text(text))
            }
        }

        mutating func appendInlines(_ more: [MarkdownInline]) {
            for inline in more {
                if case .text(let text) = inline { appendText(text) } else { inlines.append(inline) }
            }
        }
    }

    func read() -> [MarkdownBlock] {
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }
        // The root may be any node (`MarkdownOutline` reads one block at a time): what it makes lands here.
        var stack: [Frame] = [Frame(kind: .document)]
        var blockDepth = 0
        var inlineDepth = 0
        var strikethroughType: UInt32?

        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node).rawValue

            if event == CMARK_EVENT_EXIT {
                guard stack.count > 1 else { break }
                let frame = stack.removeLast()
                if frame.countsAsBlock { blockDepth -= 1 }
                if frame.countsAsInline { inlineDepth -= 1 }
                Self.close(frame, into: &stack[stack.count - 1])
                continue
            }
            guard event == CMARK_EVENT_ENTER else { continue }

            switch type {
            case CMARK_NODE_DOCUMENT.rawValue:
                stack.append(Frame(kind: .document))
            case CMARK_NODE_BLOCK_QUOTE.rawValue, CMARK_NODE_LIST.rawValue, CMARK_NODE_ITEM.rawValue:
                let parentIsTransparent: Bool
                if case .transparent? = stack.last?.kind { parentIsTransparent = true } else { parentIsTransparent = false }
                let isItem = type == CMARK_NODE_ITEM.rawValue
                // An item follows its list: kept when the list is, dropped when it is.
                let keep = isItem ? !parentIsTransparent : blockDepth < Self.maxBlockDepth
                var frame = Frame(kind: .transparent)
                if keep {
                    if type == CMARK_NODE_BLOCK_QUOTE.rawValue {
                        frame.kind = .blockQuote
                    } else if isItem {
                        frame.kind = .item
                    } else {
                        let list = MarkdownList(isOrdered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                                                start: Int(cmark_node_get_list_start(node)),
                                                isTight: cmark_node_get_list_tight(node) != 0, items: [])
                        frame.kind = .list(list)
                    }
                    frame.countsAsBlock = true
                    blockDepth += 1
                }
                stack.append(frame)
            case CMARK_NODE_PARAGRAPH.rawValue:
                stack.append(Frame(kind: .paragraph))
            case CMARK_NODE_HEADING.rawValue:
                stack.append(Frame(kind: .heading(Int(cmark_node_get_heading_level(node)))))
            case CMARK_NODE_CODE_BLOCK.rawValue:
                let info = Self.string(cmark_node_get_fence_info(node))
                stack[stack.count - 1].blocks.append(.codeBlock(info: info, code: Self.literal(node)))
            case CMARK_NODE_HTML_BLOCK.rawValue:
                stack[stack.count - 1].blocks.append(.html(Self.literal(node)))
            case CMARK_NODE_THEMATIC_BREAK.rawValue:
                stack[stack.count - 1].blocks.append(.thematicBreak)
            case CMARK_NODE_TEXT.rawValue:
                stack[stack.count - 1].appendText(Self.literal(node))
            case CMARK_NODE_SOFTBREAK.rawValue:
                stack[stack.count - 1].inlines.append(.softBreak)
            case CMARK_NODE_LINEBREAK.rawValue:
                stack[stack.count - 1].inlines.append(.lineBreak)
            case CMARK_NODE_CODE.rawValue:
                stack[stack.count - 1].inlines.append(.code(Self.literal(node)))
            case CMARK_NODE_HTML_INLINE.rawValue:
                stack[stack.count - 1].inlines.append(.html(Self.literal(node)))
            default:
                var kind: Kind = .transparent
                switch type {
                case CMARK_NODE_EMPH.rawValue: kind = .emphasis
                case CMARK_NODE_STRONG.rawValue: kind = .strong
                case CMARK_NODE_LINK.rawValue:
                    kind = .link(Self.string(cmark_node_get_url(node)), Self.string(cmark_node_get_title(node)))
                case CMARK_NODE_IMAGE.rawValue:
                    kind = .image(Self.string(cmark_node_get_url(node)), Self.string(cmark_node_get_title(node)))
                default:
                    if strikethroughType == nil, Self.string(cmark_node_get_type_string(node)) == "strikethrough" {
                        strikethroughType = type
                    }
                    if type == strikethroughType { kind = .strikethrough }
                }
                var frame = Frame(kind: kind)
                if case .transparent = kind {
                    // An unknown node: keep a leaf's literal text, a container's content.
                    if cmark_node_first_child(node) == nil {
                        stack[stack.count - 1].appendText(Self.literal(node))
                        continue
                    }
                } else if inlineDepth < Self.maxInlineDepth {
                    frame.countsAsInline = true
                    inlineDepth += 1
                } else {
                    frame.kind = .transparent
                }
                stack.append(frame)
            }
        }
        return stack.first?.blocks ?? []
    }

    /// Adds a finished container to its parent.
    private static func close(_ frame: Frame, into parent: inout Frame) {
        switch frame.kind {
        case .document:
            parent.blocks += frame.blocks
        case .blockQuote:
            parent.blocks.append(.blockQuote(frame.blocks))
        case .list(var list):
            list.items = frame.items
            parent.blocks.append(.list(list))
        case .item:
            parent.items.append(frame.blocks)
        case .paragraph:
            parent.blocks.append(.paragraph(frame.inlines))
        case .heading(let level):
            parent.blocks.append(.heading(level: level, frame.inlines))
        case .emphasis:
            parent.inlines.append(.emphasis(frame.inlines))
        case .strong:
            parent.inlines.append(.strong(frame.inlines))
        case .strikethrough:
            parent.inlines.append(.strikethrough(frame.inlines))
        case .link(let destination, let title):
            parent.inlines.append(.link(destination: destination, title: title, frame.inlines))
        case .image(let source, let title):
            parent.inlines.append(.image(source: source, title: title, alt: frame.inlines))
        case .transparent:
            parent.blocks += frame.blocks
            parent.appendInlines(frame.inlines)
            // Items of a dropped list become its blocks.
            for item in frame.items { parent.blocks += item }
        }
    }

    private static func literal(_ node: OpaquePointer) -> String {
        string(cmark_node_get_literal(node))
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
