#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SourceText

/// A node of a YAML or JSON document: a scalar, a sequence or a mapping, with the range of its text.
///
/// A node is a handle into its document's storage, where every node is one fixed-size record in one
/// array: a 10 MB manifest has some 600,000 nodes, and an object apiece would cost an allocation, a
/// reference count and a pointer chase each. Nodes are immutable and shared: an alias is the very node its
/// anchor names (`==` says whether two handles are the same node), so the tree never copies what aliases
/// repeat.
package struct YAMLNode: Sendable, Equatable {
    package enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence(YAMLSequence)
        case mapping(YAMLMapping)
    }

    @usableFromInline package let storage: NodeStorage
    @usableFromInline package let index: Int

    @inlinable
    package init(_ storage: NodeStorage, _ index: Int) {
        self.storage = storage
        self.index = index
    }

    /// A node of its own, outside any document (for checking a key's text as a string value).
    package init(scalar: YAMLScalar, range: SourceRange) {
        let text = Array(scalar.text.utf8)
        let record = NodeRecord(kind: .scalar, scalarKind: scalar.kind, style: scalar.style, flags: .textInExtra, first: 0,
                                count: UInt32(clamping: text.count))
        let span = NodeSpan(start: range.start.offset, end: range.end.offset, first: 0)
        self.init(NodeStorage(records: [record], spans: [span], slots: [], file: nil, source: [], extra: text, tags: [:], root: 0,
                              rootExpandedCount: 1, rangeOutsideAFile: range), 0)
    }

    @usableFromInline package var record: NodeRecord { storage.records[index] }

    package var content: Content {
        let record = record
        switch record.kind {
        case .scalar: return .scalar(storage.scalar(record))
        case .sequence: return .sequence(YAMLSequence(storage, record))
        case .mapping: return .mapping(YAMLMapping(storage, record))
        }
    }

    /// What the node is, without reading its scalar or children: for checks that run on every node.
    package enum Shape: Sendable {
        case mapping, sequence, null, bool, int, float, string
    }

    @inlinable
    package var shape: Shape {
        let record = record
        switch record.kind {
        case .mapping: return .mapping
        case .sequence: return .sequence
        case .scalar:
            switch record.scalarKind {
            case .null: return .null
            case .bool: return .bool
            case .int: return .int
            case .float: return .float
            case .string: return .string
            }
        }
    }

    /// Where the node's text is (for an aliased node, where its anchor defined it); its lines and columns
    /// are read from the file's line table (see `NodeRecord`).
    package var range: SourceRange { storage.range(of: record) }

    /// Where a scalar's text is in the bytes of the file it was read from (`SourceFile.bytes`), when it is
    /// written there as it is: plain, or quoted without escapes on one line, as most scalars are. Nil for a
    /// scalar whose text was changed (escapes, folded lines, block scalars) and for collections.
    @inlinable
    package var verbatimText: Range<Int>? {
        let record = record
        guard record.isVerbatim, storage.file != nil else { return nil }
        return Int(record.first)..<Int(record.first) + Int(record.count)
    }

    /// The byte offsets of `range`, without finding its lines and columns.
    @inlinable package var startOffset: Int { storage.start(of: record) }
    @inlinable package var endOffset: Int { storage.end(of: record) }

    /// The explicit tag in full form (`tag:yaml.org,2002:str`), if the source gave one.
    package var tag: String? { storage.tags.isEmpty ? nil : storage.tags[index] }

    /// How many nodes this subtree has with every alias expanded (what a walk of it visits). Kept for the
    /// root (the parser's alias budget bounds it); counted by a walk for any other node.
    package var expandedCount: Int {
        if index == storage.root { return storage.rootExpandedCount }
        var count = 0
        var pending = [index]
        while let node = pending.popLast() {
            count += 1
            let record = storage.records[node]
            guard record.kind != .scalar else { continue }
            let first = storage.firstSlot(of: record)
            let slotCount = Int(record.count) * (record.kind == .mapping ? 2 : 1)
            for slot in first..<first + slotCount { pending.append(Int(storage.slots[slot])) }
        }
        return count
    }

    /// Whether the items (or keys) start in source order, as they do unless an alias or a `<<` merge key
    /// brought in a node from elsewhere; then a position can be looked up by binary search.
    var childrenInSourceOrder: Bool { record.flags.contains(.childrenInSourceOrder) }

    /// The scalar, if this is one.
    package var scalar: YAMLScalar? {
        let record = record
        return record.kind == .scalar ? storage.scalar(record) : nil
    }

    /// The items, if this is a sequence.
    @inlinable
    package var sequence: YAMLSequence? {
        let record = record
        return record.kind == .sequence ? YAMLSequence(storage, record) : nil
    }

    /// The pairs in source order, if this is a mapping.
    @inlinable
    package var mapping: YAMLMapping? {
        let record = record
        return record.kind == .mapping ? YAMLMapping(storage, record) : nil
    }

    /// Whether this is a scalar whose text is `text` (compared as bytes: no string is made).
    @inlinable
    package func hasScalarText(_ text: String) -> Bool {
        let record = record
        guard record.kind == .scalar, Int(record.count) == text.utf8.count else { return false }
        return storage.withText(of: record) { text.hasUTF8($0) }
    }

    /// Calls `body` with a scalar's text as UTF-8 bytes, read in place (nil when this is not a scalar).
    /// (Inlinable, like the storage it reads: decoding and the schema call it for every key.)
    @inlinable
    package func withScalarUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        let record = record
        guard record.kind == .scalar else { return nil }
        return try storage.withText(of: record, body)
    }

    /// The value of the first pair whose key is the scalar `key`.
    package subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.hasScalarText(key) }?.value
    }

    /// A phrase for messages: "a string", "a mapping", "null", …
    package var kindDescription: String {
        let record = record
        switch record.kind {
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        case .scalar: return record.scalarKind.description
        }
    }

    /// Whether both handles are the same node (an alias and its anchor are).
    package static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        lhs.storage === rhs.storage && lhs.index == rhs.index
    }
}

extension String {
    /// Whether the string's UTF-8 is `bytes` (for names compared with a text read in place from a tree).
    @usableFromInline
    package func hasUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count == bytes.count else { return false }
        var string = self
        return string.withUTF8 { own in
            guard let left = own.baseAddress, let right = bytes.baseAddress else { return true }
            return memcmp(left, right, bytes.count) == 0
        }
    }
}

/// A key and its value in a mapping.
package struct YAMLPair: Sendable {
    package let key: YAMLNode
    package let value: YAMLNode

    @inlinable
    package init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// The items of a sequence, in order.
package struct YAMLSequence: RandomAccessCollection, Sendable {
    @usableFromInline let storage: NodeStorage
    @usableFromInline let first: Int
    package let count: Int

    @inlinable
    package init(_ storage: NodeStorage, _ record: NodeRecord) {
        self.storage = storage
        self.first = storage.firstSlot(of: record)
        self.count = Int(record.count)
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { count }

    @inlinable
    package subscript(position: Int) -> YAMLNode {
        precondition(position >= 0 && position < count, "sequence index out of range")
        return YAMLNode(storage, Int(storage.slots[first + position]))
    }
}

/// The pairs of a mapping in source order (after `<<` merges and without duplicate keys).
package struct YAMLMapping: RandomAccessCollection, Sendable {
    @usableFromInline package let storage: NodeStorage
    @usableFromInline package let first: Int
    package let count: Int

    @inlinable
    package init(_ storage: NodeStorage, _ record: NodeRecord) {
        self.storage = storage
        self.first = storage.firstSlot(of: record)
        self.count = Int(record.count)
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { count }

    @inlinable
    package subscript(position: Int) -> YAMLPair {
        YAMLPair(key: key(at: position), value: value(at: position))
    }

    /// The key of the pair at `position` (without making a handle for its value).
    @inlinable
    package func key(at position: Int) -> YAMLNode {
        precondition(position >= 0 && position < count, "mapping index out of range")
        return YAMLNode(storage, Int(storage.slots[first + 2 * position]))
    }

    /// The value of the pair at `position` (without making a handle for its key).
    @inlinable
    package func value(at position: Int) -> YAMLNode {
        precondition(position >= 0 && position < count, "mapping index out of range")
        return YAMLNode(storage, Int(storage.slots[first + 2 * position + 1]))
    }

    /// Whether one of the keys is the scalar `key` (compared in place, without making a pair or a string).
    @inlinable
    package func containsKey(_ key: String) -> Bool {
        for slot in stride(from: first, to: first + 2 * count, by: 2) {
            let record = storage.records[Int(storage.slots[slot])]
            if record.kind == .scalar, Int(record.count) == key.utf8.count, storage.withText(of: record, { key.hasUTF8($0) }) {
                return true
            }
        }
        return false
    }
}

/// One node of a tree, in 12 bytes: what it is, and where its text or children are.
///
/// Most nodes of a manifest are scalars written as they are in the source (plain, or quoted without escapes
/// on one line): for them the record holds where the text is, and the node's range is found from it (the
/// text, and a quote on each side when quoted). Every other node, a collection or a scalar whose text was
/// changed, has a `NodeSpan` beside it with its range. A 10 MB manifest has about 580,000 nodes: a range in
/// every record took 4.6 MB more.
@usableFromInline
package struct NodeRecord: Sendable {
    @usableFromInline
    package enum Kind: UInt8, Sendable {
        case scalar, sequence, mapping
    }

    @usableFromInline
    package struct Flags: OptionSet, Sendable {
        @usableFromInline package let rawValue: UInt8
        @usableFromInline package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A collection's items (or keys) start in source order (see `YAMLNode.childrenInSourceOrder`).
        static let childrenInSourceOrder = Flags(rawValue: 1)
        /// A scalar's text is in `NodeStorage.extra`, not in the source.
        @usableFromInline static let textInExtra = Flags(rawValue: 2)
        /// A verbatim scalar is quoted: its range takes in a quote on each side of its text.
        @usableFromInline static let quoted = Flags(rawValue: 4)
    }

    @usableFromInline package var kind: Kind
    /// A scalar's type and style (`.string` and `.plain` for a collection).
    @usableFromInline var scalarKind: YAMLScalar.Kind = .string
    package var style: YAMLScalar.Style = .plain
    @usableFromInline package var flags: Flags = .childrenInSourceOrder
    /// A verbatim scalar's first byte in the source; any other node's span in `NodeStorage.spans`.
    @usableFromInline package var first: UInt32
    /// A scalar's length in bytes, a sequence's items or a mapping's pairs.
    @usableFromInline package var count: UInt32

    init(kind: Kind, scalarKind: YAMLScalar.Kind = .string, style: YAMLScalar.Style = .plain, flags: Flags = .childrenInSourceOrder,
         first: UInt32, count: UInt32) {
        self.kind = kind
        self.scalarKind = scalarKind
        self.style = style
        self.flags = flags
        self.first = first
        self.count = count
    }

    /// Whether this is a scalar whose text is where it is written in the source (see `NodeRecord`).
    @inlinable package var isVerbatim: Bool { kind == .scalar && !flags.contains(.textInExtra) }

    /// The bytes around a verbatim scalar's text that its range takes in too: its quotes.
    @inlinable var quoteWidth: Int { flags.contains(.quoted) ? 1 : 0 }
}

/// Where a node that is not a verbatim scalar is (see `NodeRecord`): the byte offsets of its text, and its
/// first slot in `NodeStorage.slots` (a collection) or its text's first byte in `NodeStorage.extra` (a scalar).
/// (A range's lines and columns are found from its offsets when asked: rarely, for a diagnostic.)
@usableFromInline
package struct NodeSpan: Sendable {
    @usableFromInline let start: UInt32
    @usableFromInline let end: UInt32
    @usableFromInline let first: UInt32

    init(start: Int, end: Int, first: Int) {
        self.start = UInt32(clamping: start)
        self.end = UInt32(clamping: end)
        self.first = UInt32(clamping: first)
    }
}

/// Every node of one document: records in one array, children as runs of record indices (a mapping's as
/// key, value, key, value, …), and the rare explicit tags by record index.
///
/// A scalar's text is a run of bytes, not a string of its own: most scalars are written verbatim (plain,
/// or quoted without escapes, on one line), and their text is where they are written, in the source the
/// tree was read from. The others (escapes, folded lines, block scalars) are in `extra`, one after another.
/// A 10 MB manifest has half a million scalars: a string each cost 16 bytes, an allocation for the longer
/// ones, and a release each when the tree went.
@usableFromInline
package final class NodeStorage: Sendable {
    @usableFromInline let records: [NodeRecord]
    @usableFromInline let spans: [NodeSpan]
    @usableFromInline let slots: [UInt32]
    /// The file the tree was read from, whose line table gives the nodes' lines and columns.
    package let file: SourceFile?
    @usableFromInline package let source: [UInt8]
    @usableFromInline let extra: [UInt8]
    package let tags: [Int: String]
    package let root: Int
    let rootExpandedCount: Int
    /// The range of a node made outside any file (see `YAMLNode.init(scalar:range:)`).
    let rangeOutsideAFile: SourceRange?

    init(records: [NodeRecord], spans: [NodeSpan], slots: [UInt32], file: SourceFile?, source: [UInt8], extra: [UInt8],
         tags: [Int: String], root: Int, rootExpandedCount: Int, rangeOutsideAFile: SourceRange? = nil) {
        self.records = records
        self.spans = spans
        self.slots = slots
        self.file = file
        self.rangeOutsideAFile = rangeOutsideAFile
        self.source = source
        self.extra = extra
        self.tags = tags
        self.root = root
        self.rootExpandedCount = rootExpandedCount
    }

    /// Calls `body` with a scalar's text, in place.
    @inlinable
    func withText<Result>(of record: NodeRecord, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if record.isVerbatim {
            let range = Int(record.first)..<Int(record.first) + Int(record.count)
            return try source.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
        let first = Int(spans[Int(record.first)].first)
        return try extra.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[first..<first + Int(record.count)])) }
    }

    /// A collection's first slot.
    @inlinable func firstSlot(of record: NodeRecord) -> Int { Int(spans[Int(record.first)].first) }

    /// The byte offsets of a node's range.
    @inlinable func start(of record: NodeRecord) -> Int { record.start(spans: spans) }
    @inlinable func end(of record: NodeRecord) -> Int { record.end(spans: spans) }

    package func range(of record: NodeRecord) -> SourceRange {
        guard let file else { return rangeOutsideAFile ?? .fileStart }
        return SourceRange(start: file.mark(atOffset: start(of: record)), end: file.mark(atOffset: end(of: record)))
    }

    package func scalar(_ record: NodeRecord) -> YAMLScalar {
        // The bytes are valid UTF-8: the parser checked the input, and libyaml wrote `extra`.
        YAMLScalar(text: withText(of: record) { String(decoding: $0, as: UTF8.self) }, style: record.style, kind: record.scalarKind)
    }
}

// What the parser asks of its records while it builds them, and the storage of the finished tree.
extension NodeRecord {
    @inlinable
    func start(spans: [NodeSpan]) -> Int {
        isVerbatim ? Int(first) - quoteWidth : Int(spans[Int(first)].start)
    }

    @inlinable
    func end(spans: [NodeSpan]) -> Int {
        isVerbatim ? Int(first) + Int(count) + quoteWidth : Int(spans[Int(first)].end)
    }
}
