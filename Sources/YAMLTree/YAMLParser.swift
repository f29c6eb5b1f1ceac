internal import CYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SourceText
import Threads

/// The result of reading one input: its tree (nil when it could not be read) and every problem found.
package struct YAMLDocument: Sendable {
    package let file: SourceFile
    package let root: YAMLNode?
    package let errors: [YAMLError]
}

/// Hands each item of one sequence to a caller as soon as the item is read, while libyaml reads on: the
/// sequence that is the value of `key` in the top-level mapping (the first one, if the key is repeated).
/// Nothing is dropped: the finished tree holds every item. Items are handed out even when the text turns
/// out to have errors, and a `<<` merge can replace the sequence in the finished tree: check the finished
/// tree before trusting what was made of the items. (A handed-out node is valid for good, but the tree's
/// arrays it shares are copied when the parser next adds a node if it is kept: use it during the call.)
package struct YAMLItemObserver {
    package let key: String
    package let body: (_ item: YAMLNode, _ index: Int) -> Void

    package init(key: String, body: @escaping (_ item: YAMLNode, _ index: Int) -> Void) {
        self.key = key
        self.body = body
    }
}

/// Reads YAML and JSON through libyaml's event parser into a tree of `YAMLNode`s with ranges.
package enum YAMLParser {
    package static func parse(_ file: SourceFile, format: YAMLInputFormat = .yaml, limits: YAMLLimits = YAMLLimits(),
                              handingOutItems observer: YAMLItemObserver? = nil) -> YAMLDocument {
        parse(file, format: format, limits: limits, threadedFrom: Composer.threadedParsingThreshold, handingOutItems: observer)
    }

    /// `parse`, with libyaml on a thread of its own for texts of `threadedFrom` bytes or more (tests run
    /// both ways on the same text).
    package static func parse(_ file: SourceFile, format: YAMLInputFormat, limits: YAMLLimits, threadedFrom: Int,
                              handingOutItems observer: YAMLItemObserver? = nil) -> YAMLDocument {
        if let error = sizeProblem(file, limits: limits) {
            return YAMLDocument(file: file, root: nil, errors: [error])
        }
        var standIns = JSONStandIns()
        if format == .json {
            // The JSON checker reads the bytes before libyaml does: their encoding is checked first.
            if let error = encodingProblem(file) { return YAMLDocument(file: file, root: nil, errors: [error]) }
            switch file.bytes.withUnsafeBufferPointer({ JSONSyntaxChecker.read($0, maxDepth: limits.maxDepth) }) {
            case .failure(let failure):
                let range = SourceRange(start: file.mark(atOffset: failure.offset), end: file.mark(atOffset: failure.offset + failure.length))
                let error = YAMLError(code: "json-syntax", message: failure.message, range: range, fix: failure.fix)
                return YAMLDocument(file: file, root: nil, errors: [error])
            case .success(let found):
                standIns = found
            }
        }
        var composer = Composer(file: file, limits: limits, jsonStrings: standIns.values, itemObserver: observer)
        let text = standIns.isEmpty ? file.bytes : standIns.apply(to: file.bytes)
        let root = text.withUnsafeBufferPointer { text in
            file.bytes.withUnsafeBufferPointer { composer.run(text, original: $0, threaded: Parallelism.current.splits(size: text.count, from: threadedFrom)) }
        }
        // libyaml rejects bytes that are not UTF-8, and NUL, as it reads: a text it read to the end has
        // neither. When reading failed, a bad byte anywhere is the problem to report (not what libyaml
        // made of it, nor an error before it), as if it had been looked for first; the search costs a pass
        // over the text, which a valid file is spared.
        if !composer.errors.isEmpty, let error = encodingProblem(file) {
            return YAMLDocument(file: file, root: nil, errors: [error])
        }
        return YAMLDocument(file: file, root: root, errors: composer.errors)
    }

    /// An input too large to read.
    private static func sizeProblem(_ file: SourceFile, limits: YAMLLimits) -> YAMLError? {
        sizeProblem(byteCount: file.bytes.count, limits: limits)
    }

    /// The `input-too-large` error for an input of `byteCount` bytes, at its start, or nil when it is within
    /// the limit. A caller holding the bytes checks this before making a `SourceFile` of them, so that a
    /// rejected input's diagnostic never needs the line table of all of it.
    ///
    /// `byteCount` is what was read, at most the limit + 1 bytes; `fileSize`, when known (a regular file), is
    /// the input's whole size, which the message then gives (of a pipe only "more than the limit" is known).
    /// `decoded` says the bytes are the UTF-8 a UTF-16 or UTF-32 input was decoded to, so that the size given
    /// is the one compared.
    package static func sizeProblem(byteCount: Int, limits: YAMLLimits, fileSize: Int? = nil, decoded: Bool = false) -> YAMLError? {
        // Marks hold 32-bit offsets, so no limit goes past 4 GiB.
        let maxInputBytes = min(limits.maxInputBytes, Mark.maximumOffset)
        guard byteCount > maxInputBytes else { return nil }
        let size = max(byteCount, fileSize ?? 0)
        let found: String
        let raise: String
        if decoded {
            found = "\(describe(bytes: size)) once decoded to UTF-8"
            raise = "--max-input-bytes \(size) or more"
        } else if let fileSize, fileSize >= byteCount {
            found = describe(bytes: fileSize)
            raise = "--max-input-bytes \(fileSize) or more"
        } else {
            found = "more than \(describe(bytes: maxInputBytes)) (reading stopped at the limit)"
            raise = "--max-input-bytes"
        }
        return YAMLError(code: "input-too-large",
                         message: "the input is \(found); expected at most \(describe(bytes: maxInputBytes)), the input size limit",
                         range: .fileStart, fix: "split it into fragments in a directory, or raise the limit with \(raise)")
    }

    /// "100 bytes", "70000000 bytes (66.8 MiB)": a byte count, and in KiB or MiB too when it is large.
    package static func describe(bytes: Int) -> String {
        let exact = "\(bytes) byte\(bytes == 1 ? "" : "s")"
        if bytes < 1024 { return exact }
        let (unit, scale) = bytes < 1 << 20 ? ("KiB", 1 << 10) : bytes < 1 << 30 ? ("MiB", 1 << 20) : ("GiB", 1 << 30)
        let tenths = (bytes * 10 + scale / 2) / scale
        return "\(exact) (\(tenths / 10)\(tenths % 10 == 0 ? "" : ".\(tenths % 10)") \(unit))"
    }

    /// The first byte that is not UTF-8, or else the first NUL.
    private static func encodingProblem(_ file: SourceFile) -> YAMLError? {
        if let offset = file.firstInvalidUTF8Offset {
            let mark = file.mark(atOffset: offset)
            let byte = String(file.bytes[offset], radix: 16, uppercase: true)
            return YAMLError(code: "invalid-utf8",
                             message: "invalid UTF-8 byte 0x\(byte); expected UTF-8 text (or UTF-16/UTF-32 with a byte order mark)",
                             range: SourceRange(start: mark, end: Mark(line: mark.line, column: mark.column + 1, offset: offset + 1)),
                             fix: "re-save the file as UTF-8")
        }
        if let offset = file.firstNULOffset {
            let mark = file.mark(atOffset: offset)
            return YAMLError(code: "nul-byte", message: "NUL byte (U+0000) in the input; expected text",
                             range: SourceRange(start: mark, end: Mark(line: mark.line, column: mark.column + 1, offset: offset + 1)),
                             fix: "remove it; in a double-quoted string write it as the escape \\0")
        }
        return nil
    }
}

/// Owns a libyaml parser and builds the tree from its events with an explicit stack.
///
/// Nodes are appended to one array of records as their events arrive (a collection when it closes). The
/// children of every open collection share one pending array, each frame remembering where its own
/// begin; when a collection closes they move to the slots array as one run. (A noncopyable struct rather
/// than a class, so that its state is checked for exclusive access at compile time, not on every event.)
private struct Composer: ~Copyable {
    private struct Frame {
        let isMapping: Bool
        let start: Mark
        let tag: String?
        let anchor: String?
        /// Where this collection's children begin in `pending`, and their alias sites in `aliasSites`.
        let firstChild: Int
        let firstAliasSite: Int
        /// 1 + the expanded count of every child.
        var expanded = 1
        /// The bytes a walk of this collection costs, as the alias budget counts them (see `YAMLLimits`).
        var expandedBytes = YAMLLimits.aliasNodeBytes
        /// Whether each item is handed to the item observer as it is read.
        var handsOutItems = false
    }

    /// A node with the count of nodes and the bytes a walk of it reaches (aliases expanded): what an alias
    /// to it adds to its parent, and takes from the alias budget.
    private struct Expansion {
        let node: UInt32
        let nodes: Int
        let bytes: Int
    }

    /// Where an alias among the children was written (the node itself is its anchor's, with its range).
    private struct AliasSite {
        let child: Int
        let range: SourceRange
    }

    private struct Stop: Error {}

    /// Mappings with more pairs than this find duplicate keys through a dictionary; smaller ones (nearly
    /// all of a manifest) compare each key with the ones before it, which allocates nothing.
    private static let linearKeySearchLimit = 16

    /// Texts from this size on are parsed by libyaml on a thread of its own while the tree is built (see
    /// `LibYAMLEvents`); below it, a thread costs more than it saves.
    static let threadedParsingThreshold = 128 * 1024

    let file: SourceFile
    let limits: YAMLLimits
    /// The values of JSON strings libyaml read as stand-ins, by the offset of their opening quote.
    let jsonStrings: [Int: String]
    let itemObserver: YAMLItemObserver?
    /// Whether the observed sequence has begun (only the first is observed).
    private var foundObservedSequence = false
    private(set) var errors: [YAMLError] = []
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private var stack: [Frame] = []
    /// The tree being built (see `NodeStorage`).
    private var records: [NodeRecord] = []
    private var spans: [NodeSpan] = []
    private var slots: [UInt32] = []
    /// Scalar texts that are not written verbatim in the source (see `NodeStorage`).
    private var extra: [UInt8] = []
    private var tags: [Int: String] = [:]
    /// The record indices of the children of every open collection.
    private var pending: [UInt32] = []
    private var aliasSites: [AliasSite] = []
    /// Each anchor's node, how many nodes it expands to and how many bytes (what an alias to it adds).
    private var anchors: [String: Expansion] = [:]
    private var root: Expansion?
    /// The bytes aliases may still expand to (see `YAMLLimits.aliasBudget`).
    private var aliasBudget: Int
    private var documents = 0
    /// The text libyaml reads (while `run` runs).
    private var text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The file's own bytes (while `run` runs; the same as `text` but for JSON strings given stand-ins).
    private var original = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    init(file: SourceFile, limits: YAMLLimits, jsonStrings: [Int: String], itemObserver: YAMLItemObserver?) {
        self.file = file
        self.limits = limits
        self.jsonStrings = jsonStrings
        self.itemObserver = itemObserver
        self.aliasBudget = limits.aliasBudget(forInputOf: file.bytes.count)
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        yaml_parser_initialize(parser)
        // A manifest has about one node per 17 bytes (room for one per 12 is reserved), and one in ten is not
        // a verbatim scalar; reserved pages that stay unused are never touched.
        let expectedNodes = file.bytes.count / 12 + 16
        records.reserveCapacity(expectedNodes)
        spans.reserveCapacity(expectedNodes / 8)
        slots.reserveCapacity(expectedNodes)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// Parses `bytes` (with libyaml on a thread of its own when `threaded`) and returns the root node, or nil
    /// when there is no document or an error stopped it. `original` is the file's text, which `bytes` is
    /// but for stand-ins.
    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, original: UnsafeBufferPointer<UInt8>, threaded: Bool) -> YAMLNode? {
        guard let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1) else { return nil }
        text = bytes
        self.original = original
        defer {
            text = UnsafeBufferPointer(start: nil, count: 0)
            self.original = UnsafeBufferPointer(start: nil, count: 0)
        }
        yaml_parser_set_input_string(parser, base, bytes.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        var events = LibYAMLEvents(parser: parser, text: bytes, original: original, threaded: threaded)
        defer { events.close() }
        do {
            reading: while true {
                switch events.next() {
                case .failure(let failure):
                    reportLibYAMLError(failure)
                    return nil
                case .event(let event):
                    if event.type == YAML_STREAM_END_EVENT { break reading }
                    let (tag, anchor) = (events.tag(of: event), events.anchor(of: event))
                    if event.type == YAML_SCALAR_EVENT, !event.isVerbatim {
                        try events.withValue(of: event) { try handle(event, copiedValue: $0, tag: tag, anchor: anchor) }
                    } else {
                        try handle(event, copiedValue: nil, tag: tag, anchor: anchor)
                    }
                }
            }
        } catch {
            return nil
        }
        if documents == 0 {
            let onlyComments = file.bytes.contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
            errors.append(YAMLError(
                code: "empty-document",
                message: onlyComments ? "the file holds only comments; expected a document" : "the file is empty; expected a document",
                range: SourceRange(at: file.endMark)))
        }
        guard let root else { return nil }
        let storage = NodeStorage(records: records, spans: spans, slots: slots, file: file, source: file.bytes, extra: extra, tags: tags,
                                  root: Int(root.node), rootExpandedCount: root.nodes)
        return YAMLNode(storage, Int(root.node))
    }

    /// Adds an event to the tree; `copiedValue` is a scalar's value when it is not verbatim in the source.
    private mutating func handle(_ event: LibYAMLEvents.Event, copiedValue: UnsafeBufferPointer<UInt8>?, tag: String?,
                                 anchor: String?) throws {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                let start = event.start
                errors.append(YAMLError(code: "multiple-documents",
                                        message: "a second document starts here; expected one document per file",
                                        range: SourceRange(start: start, end: event.end),
                                        fix: "remove the '---' separator, or put each document in a file of its own"))
                throw Stop()
            }
        case YAML_SCALAR_EVENT:
            let range = SourceRange(start: event.start, end: event.end)
            let style = scalarStyle(event.style)
            var record: NodeRecord
            if style == .doubleQuoted, !jsonStrings.isEmpty, var json = jsonStrings[range.start.offset] {
                record = json.withUTF8 { copied($0, style: style, range: range) }
            } else if let copiedValue {
                record = copied(copiedValue, style: style, range: range)
            } else {
                // Written as it is (see `EventCopier`): its range is its text and its quotes.
                record = NodeRecord(kind: .scalar, style: style, flags: style == .plain ? [] : .quoted, first: UInt32(event.value.lowerBound),
                                    count: UInt32(event.value.count))
            }
            if let tag, tag != "!" {
                let text = withText(of: record) { Array($0) }  // (a copy: tags are rare, and the check may report)
                record.scalarKind = text.withUnsafeBufferPointer { taggedKind($0, tag: tag, range: range) }
            } else {
                record.scalarKind = style == .plain ? event.plainKind : .string
            }
            let node = append(record, tag: tag)
            add(Expansion(node: node, nodes: 1, bytes: YAMLLimits.aliasNodeBytes + Int(record.count)), anchor: anchor)
        case YAML_ALIAS_EVENT:
            let name = anchor ?? ""
            let range = SourceRange(start: event.start, end: event.end)
            guard let target = anchors[name] else {
                let open = stack.contains { $0.anchor == name }
                errors.append(YAMLError(
                    code: open ? "recursive-alias" : "undefined-alias",
                    message: open ? "alias '*\(name)' refers to a node that contains it; expected an alias to a complete node"
                                  : "alias '*\(name)' refers to no anchor; expected an anchor '&\(name)' earlier in the file",
                    range: range))
                throw Stop()
            }
            aliasBudget -= target.bytes
            if aliasBudget < 0 {
                let budget = limits.aliasBudget(forInputOf: file.bytes.count)
                errors.append(YAMLError(
                    code: "alias-budget-exceeded",
                    message: "aliases expand to more than \(budget) bytes; expected at most \(limits.aliasExpansionPerByte) bytes per input byte "
                        + "(at least \(limits.aliasExpansionFloor) in all)",
                    range: range,
                    fix: "an alias repeats all of its anchor's text, and aliases that repeat aliases grow exponentially (a \"billion laughs\"); "
                        + "inline the data, use fewer or smaller aliases, or raise the limit with --alias-budget"))
                throw Stop()
            }
            add(target, anchor: nil, aliasSite: range)
        case YAML_SEQUENCE_START_EVENT:
            try push(isMapping: false, event: event, tag: tag, anchor: anchor)
        case YAML_MAPPING_START_EVENT:
            try push(isMapping: true, event: event, tag: tag, anchor: anchor)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return }
            let range = SourceRange(start: frame.start, end: event.end)
            checkCollectionTag(frame.tag, isMapping: frame.isMapping, range: range)
            let children = frame.isMapping ? makePairs(of: frame) : Array(pending[frame.firstChild...])
            pending.removeSubrange(frame.firstChild...)
            aliasSites.removeSubrange(frame.firstAliasSite...)
            let node = append(NodeRecord(kind: frame.isMapping ? .mapping : .sequence,
                                         flags: isInSourceOrder(children, stride: frame.isMapping ? 2 : 1) ? .childrenInSourceOrder : [],
                                         first: UInt32(spans.count), count: UInt32(children.count / (frame.isMapping ? 2 : 1))),
                              tag: frame.tag)
            spans.append(NodeSpan(start: range.start.offset, end: range.end.offset, first: slots.count))
            slots.append(contentsOf: children)
            add(Expansion(node: node, nodes: frame.expanded, bytes: frame.expandedBytes), anchor: frame.anchor)
        default:
            break
        }
    }

    /// Appends a record (and its tag) and returns its index.
    private mutating func append(_ record: NodeRecord, tag: String?) -> UInt32 {
        let index = UInt32(records.count)
        if let tag { tags[records.count] = tag }
        records.append(record)
        return index
    }

    /// Whether the children (every `stride`-th one: a mapping's keys) start in source order.
    private func isInSourceOrder(_ children: [UInt32], stride step: Int) -> Bool {
        var previous = Int.min
        for position in stride(from: 0, to: children.count, by: step) {
            let offset = records[Int(children[position])].start(spans: spans)
            if offset < previous { return false }
            previous = offset
        }
        return true
    }

    private mutating func push(isMapping: Bool, event: LibYAMLEvents.Event, tag: String?, anchor: String?) throws {
        let start = event.start
        if stack.count >= limits.maxDepth {
            errors.append(YAMLError(code: "nesting-too-deep",
                                    message: "collections nest deeper than \(limits.maxDepth) levels; expected at most \(limits.maxDepth)",
                                    range: SourceRange(start: start, end: event.end),
                                    fix: "flatten the data, or raise the limit with --max-depth"))
            throw Stop()
        }
        var frame = Frame(isMapping: isMapping, start: start, tag: tag, anchor: anchor,
                          firstChild: pending.count, firstAliasSite: aliasSites.count)
        frame.handsOutItems = !isMapping && isObservedKey()
        foundObservedSequence = foundObservedSequence || frame.handsOutItems
        stack.append(frame)
    }

    /// Whether a sequence starting now is the value of the observed key in the top-level mapping.
    private func isObservedKey() -> Bool {
        guard let itemObserver, !foundObservedSequence, stack.count == 1, stack[0].isMapping,
              (pending.count - stack[0].firstChild) % 2 == 1, let key = pending.last else { return false }
        let record = records[Int(key)]
        return record.kind == .scalar && withText(of: record) { itemObserver.key.hasUTF8($0) }
    }

    /// Hands the item just added to the observed sequence to the observer.
    private func handOut(_ expansion: Expansion, to observer: YAMLItemObserver) {
        // A storage sharing the arrays for the call: once it is released they are the parser's alone again.
        let storage = NodeStorage(records: records, spans: spans, slots: slots, file: file, source: file.bytes, extra: extra, tags: tags,
                                  root: Int(expansion.node), rootExpandedCount: expansion.nodes)
        observer.body(YAMLNode(storage, Int(expansion.node)), pending.count - 1 - stack[stack.count - 1].firstChild)
    }

    /// Adds a node and what it expands to to the open collection (or makes it the root).
    private mutating func add(_ expansion: Expansion, anchor: String?, aliasSite: SourceRange? = nil) {
        let (node, expanded) = (expansion.node, expansion.nodes)
        if let anchor { anchors[anchor] = expansion }
        guard !stack.isEmpty else {
            root = expansion
            return
        }
        if let aliasSite { aliasSites.append(AliasSite(child: pending.count, range: aliasSite)) }
        pending.append(node)
        stack[stack.count - 1].expanded += expanded
        // (Saturating: only aliases can make it large, and the budget stops them long before.)
        stack[stack.count - 1].expandedBytes = stack[stack.count - 1].expandedBytes.addingReportingOverflow(expansion.bytes).overflow
            ? Int.max : stack[stack.count - 1].expandedBytes + expansion.bytes
        if stack[stack.count - 1].handsOutItems, let itemObserver { handOut(expansion, to: itemObserver) }
    }

    /// Where a record's node is, in lines and columns.
    private func range(of record: NodeRecord) -> SourceRange {
        SourceRange(start: file.mark(atOffset: record.start(spans: spans)), end: file.mark(atOffset: record.end(spans: spans)))
    }

    /// A scalar's record, its text copied to the end of `extra` (for a value not written verbatim in the
    /// source: escapes, folded lines, block scalars, JSON strings) and its range in a span.
    private mutating func copied(_ value: UnsafeBufferPointer<UInt8>, style: YAMLScalar.Style, range: SourceRange) -> NodeRecord {
        let record = NodeRecord(kind: .scalar, style: style, flags: .textInExtra, first: UInt32(spans.count), count: UInt32(value.count))
        spans.append(NodeSpan(start: range.start.offset, end: range.end.offset, first: extra.count))
        extra.append(contentsOf: value)
        return record
    }

    private static func equal(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return memcmp(left, right, lhs.count) == 0
    }

    /// Calls `body` with a scalar record's text.
    private func withText<Result>(of record: NodeRecord, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if record.isVerbatim {
            return body(UnsafeBufferPointer(rebasing: original[Int(record.first)..<Int(record.first) + Int(record.count)]))
        }
        let first = Int(spans[Int(record.first)].first)
        return extra.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[first..<first + Int(record.count)])) }
    }

    /// The text of a node when it is a scalar (for messages, and the rare mappings with many keys).
    private func scalarText(_ node: UInt32) -> String? {
        let record = records[Int(node)]
        return record.kind == .scalar ? withText(of: record) { String(decoding: $0, as: UTF8.self) } : nil
    }

    /// Whether both nodes are scalars with the same text.
    private func sameText(_ first: UInt32, _ second: UInt32) -> Bool {
        let (a, b) = (records[Int(first)], records[Int(second)])
        guard a.kind == .scalar, b.kind == .scalar, a.count == b.count else { return false }
        return withText(of: a) { left in withText(of: b) { Self.equal(left, $0) } }
    }

    /// Pairs up the keys and values of a closing mapping (as key, value, key, value, …), reports duplicate
    /// keys, and applies `<<` merge keys.
    private mutating func makePairs(of frame: Frame) -> [UInt32] {
        let count = (pending.count - frame.firstChild) / 2
        var pairs: [UInt32] = []
        pairs.reserveCapacity(2 * count)
        var merges: [(position: Int, value: UInt32, site: SourceRange)] = []
        var seen: [String: UInt32] = [:]
        let usesDictionary = count > Self.linearKeySearchLimit
        for index in stride(from: frame.firstChild, to: pending.count - 1, by: 2) {
            let key = pending[index]
            let value = pending[index + 1]
            let record = records[Int(key)]
            if record.kind == .scalar {
                if record.style == .plain, record.count == 2, withText(of: record, { $0[0] == 0x3C && $0[1] == 0x3C }),
                   tags[Int(key)].map({ $0 == "tag:yaml.org,2002:merge" }) ?? true {
                    let site = aliasSites[frame.firstAliasSite...].first { $0.child == index + 1 }?.range ?? range(of: records[Int(value)])
                    merges.append((pairs.count, value, site))
                    continue
                }
                // Keys are compared as bytes; only a mapping with many keys makes strings (for a dictionary).
                let name = usesDictionary ? scalarText(key) ?? "" : ""
                let first = usesDictionary ? seen[name] : stride(from: 0, to: pairs.count, by: 2).lazy.map { pairs[$0] }.first { sameText($0, key) }
                if let first {
                    let text = scalarText(key) ?? ""
                    errors.append(YAMLError(
                        code: "duplicate-key",
                        message: "duplicate key '\(text)'; expected each key once in a mapping",
                        range: range(of: record),
                        notes: [YAMLError.Note("'\(text)' was first defined here", at: range(of: records[Int(first)]))],
                        fix: "remove one of the two, or merge their values"))
                    continue
                }
                if usesDictionary { seen[name] = key }
            }
            pairs.append(key)
            pairs.append(value)
        }
        return merges.isEmpty ? pairs : merged(pairs, with: merges)
    }

    /// Inserts the pairs of `<<` merge keys where they were written; keys given explicitly, or by an earlier
    /// merge, win.
    private mutating func merged(_ pairs: [UInt32], with merges: [(position: Int, value: UInt32, site: SourceRange)]) -> [UInt32] {
        var seen: Set<String> = []
        for position in stride(from: 0, to: pairs.count, by: 2) {
            if let text = scalarText(pairs[position]) { seen.insert(text) }
        }
        var result: [UInt32] = []
        result.reserveCapacity(pairs.count)
        var next = 0
        for merge in merges {
            while next < merge.position { result.append(pairs[next]); next += 1 }
            let sources: [UInt32]
            let value = records[Int(merge.value)]
            switch value.kind {
            case .mapping:
                sources = [merge.value]
            case .sequence where children(of: value).allSatisfy({ records[Int($0)].kind == .mapping }):
                sources = Array(children(of: value))
            default:
                errors.append(YAMLError(code: "invalid-merge",
                                        message: "a '<<' merge key takes a mapping or a sequence of mappings, found \(kindDescription(value))",
                                        range: merge.site))
                continue
            }
            for source in sources {
                let sourcePairs = children(of: records[Int(source)])
                for position in stride(from: sourcePairs.startIndex, to: sourcePairs.endIndex, by: 2) {
                    let key = sourcePairs[position]
                    if let text = scalarText(key), !seen.insert(text).inserted { continue }
                    result.append(key)
                    result.append(sourcePairs[position + 1])
                }
            }
        }
        while next < pairs.count { result.append(pairs[next]); next += 1 }
        return result
    }

    /// The slots of a closed collection: its items, or its keys and values.
    private func children(of record: NodeRecord) -> ArraySlice<UInt32> {
        let first = Int(spans[Int(record.first)].first)
        return slots[first..<first + Int(record.count) * (record.kind == .mapping ? 2 : 1)]
    }

    private func kindDescription(_ record: NodeRecord) -> String {
        switch record.kind {
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        case .scalar: return record.scalarKind.description
        }
    }

    /// The type of a scalar with an explicit tag (other than `!`), reporting a value the tag does not fit.
    private mutating func taggedKind(_ text: UnsafeBufferPointer<UInt8>, tag: String, range: SourceRange) -> YAMLScalar.Kind {
        let wanted: YAMLScalar.Kind
        switch tag {
        case "tag:yaml.org,2002:str": return .string
        case "tag:yaml.org,2002:int": wanted = .int
        case "tag:yaml.org,2002:float": wanted = .float
        case "tag:yaml.org,2002:bool": wanted = .bool
        case "tag:yaml.org,2002:null": wanted = .null
        default:
            reportUnknownTag(tag, range: range)
            return .string
        }
        let resolved = YAMLScalar.resolve(utf8: text)
        if resolved == wanted || (wanted == .float && resolved == .int) { return wanted }
        errors.append(YAMLError(code: "invalid-tagged-value",
                                message: "'\(String(decoding: text, as: UTF8.self))' is not a valid \(displayTag(tag)); expected \(wanted.description)",
                                range: range))
        return .string
    }

    private mutating func checkCollectionTag(_ tag: String?, isMapping: Bool, range: SourceRange) {
        guard let tag, tag != "!" else { return }
        let expected = isMapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq"
        if tag != expected { reportUnknownTag(tag, range: SourceRange(at: range.start)) }
    }

    private mutating func reportUnknownTag(_ tag: String, range: SourceRange) {
        errors.append(YAMLError(code: "unknown-tag",
                                message: "unknown tag '\(displayTag(tag))'; expected no tag, or one of !!str, !!int, !!float, !!bool, !!null",
                                range: range, fix: "remove the tag; whatsnew reads plain data and never constructs objects"))
    }

    private func displayTag(_ tag: String) -> String {
        tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
    }

    private mutating func reportLibYAMLError(_ failure: LibYAMLEvents.Failure) {
        let problem = failure.problem ?? "unknown problem"
        let context = failure.context
        if failure.error == YAML_READER_ERROR {
            let offset = failure.problemOffset
            let start = file.mark(atOffset: offset)
            var message = problem
            if failure.problemValue != -1 {
                message += " (U+" + String(failure.problemValue, radix: 16, uppercase: true) + ")"
            }
            errors.append(YAMLError(code: "invalid-character", message: message + "; expected printable text",
                                    range: SourceRange(start: start, end: file.mark(atOffset: offset + 1)),
                                    fix: "remove the character, or write it as an escape in a double-quoted string"))
            return
        }
        if failure.error == YAML_MEMORY_ERROR {
            errors.append(YAMLError(code: "yaml-syntax", message: "libyaml ran out of memory", range: .fileStart))
            return
        }
        // A failure comes once: its marks are found by walking the text from its start.
        var cursor = MarkCursor(text: text)
        let start = cursor.mark(failure.problemMark)
        var notes: [YAMLError.Note] = []
        if let context {
            notes.append(YAMLError.Note(context, at: SourceRange(at: cursor.mark(failure.contextMark))))
        }
        let isTab = start.offset < file.bytes.count && file.bytes[start.offset] == 0x09
        if isTab {
            errors.append(YAMLError(code: "tab-indentation",
                                    message: "found a tab character where YAML expects spaces (\(problem))",
                                    range: SourceRange(start: start, end: file.mark(atOffset: start.offset + 1)),
                                    notes: notes, fix: "indent with spaces; YAML does not allow tabs for indentation"))
            return
        }
        let end = start.offset < file.bytes.count ? file.mark(atOffset: start.offset + 1) : start
        errors.append(YAMLError(code: "yaml-syntax", message: "malformed YAML: \(problem)",
                                range: SourceRange(start: start, end: end), notes: notes))
    }

    private func scalarStyle(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}
