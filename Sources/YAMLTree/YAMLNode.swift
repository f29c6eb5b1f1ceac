/// A node of a YAML or JSON document: a scalar, a sequence or a mapping, with the range of its text.
///
/// Nodes are immutable and shared: an alias is the very node its anchor names, so the tree never
/// copies what aliases repeat.
public final class YAMLNode: Sendable {
    public enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public let content: Content
    /// Where the node's text is (for an aliased node, where its anchor defined it).
    public let range: SourceRange
    // A tree has a node for every key and value, so a node is kept to 72 bytes (an 80-byte allocation):
    // the rare tag is boxed (8 bytes instead of 16) and the count is 32 bits wide.
    private let storedExpandedCount: UInt32
    private let tagBox: TagBox?
    /// Whether the items (or keys) start in source order, as they do unless an alias or a `<<` merge key
    /// brought in a node from elsewhere; then a position can be looked up by binary search.
    let childrenInSourceOrder: Bool

    private final class TagBox: Sendable {
        let tag: String
        init(_ tag: String) { self.tag = tag }
    }

    /// The explicit tag in full form (`tag:yaml.org,2002:str`), if the source gave one.
    public var tag: String? { tagBox?.tag }

    /// How many nodes this subtree has with every alias expanded (what a walk of it visits), saturating at
    /// `UInt32.max` (far past any alias budget).
    public var expandedCount: Int { Int(storedExpandedCount) }

    init(content: Content, range: SourceRange, tag: String?, expandedCount: Int) {
        self.content = content
        self.range = range
        self.storedExpandedCount = UInt32(clamping: expandedCount)
        self.tagBox = tag.map(TagBox.init)
        switch content {
        case .scalar: childrenInSourceOrder = true
        case .sequence(let items): childrenInSourceOrder = Self.isInSourceOrder(items.lazy.map(\.range.start.offset))
        case .mapping(let pairs): childrenInSourceOrder = Self.isInSourceOrder(pairs.lazy.map(\.key.range.start.offset))
        }
    }

    private static func isInSourceOrder(_ offsets: some Sequence<Int>) -> Bool {
        var previous = Int.min
        for offset in offsets {
            if offset < previous { return false }
            previous = offset
        }
        return true
    }

    public convenience init(scalar: YAMLScalar, range: SourceRange) {
        self.init(content: .scalar(scalar), range: range, tag: nil, expandedCount: 1)
    }

    /// The scalar, if this is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The items, if this is a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs in source order, if this is a mapping.
    public var mapping: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The value of the first pair whose key is the scalar `key`.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = content else { return nil }
        for pair in pairs where pair.key.scalar?.text == key { return pair.value }
        return nil
    }

    /// A phrase for messages: "a string", "a mapping", "null", …
    public var kindDescription: String {
        switch content {
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        case .scalar(let scalar): return scalar.kind.description
        }
    }
}

/// A key and its value in a mapping.
public struct YAMLPair: Sendable {
    public let key: YAMLNode
    public let value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
