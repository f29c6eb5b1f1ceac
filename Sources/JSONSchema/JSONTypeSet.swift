import YAMLTree

/// A set of JSON Schema's seven types, and the type a YAML node has for the schema.
///
/// A YAML node's type is its YAML 1.2 core-schema type: a plain `1.10` is a number, `true` a boolean,
/// `~` null; quoted scalars are strings. (The model layer reads version numbers by their literal
/// text, so `version: 1.10` is accepted by the schema's number branch and means "1.10".)
struct JSONTypeSet: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    static let null = JSONTypeSet(rawValue: 1 << 0)
    static let boolean = JSONTypeSet(rawValue: 1 << 1)
    static let integer = JSONTypeSet(rawValue: 1 << 2)
    static let number = JSONTypeSet(rawValue: 1 << 3)
    static let string = JSONTypeSet(rawValue: 1 << 4)
    static let array = JSONTypeSet(rawValue: 1 << 5)
    static let object = JSONTypeSet(rawValue: 1 << 6)

    static let names: [(String, JSONTypeSet)] = [
        ("null", .null), ("boolean", .boolean), ("integer", .integer), ("number", .number),
        ("string", .string), ("array", .array), ("object", .object),
    ]

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    init?(name: String) {
        guard let entry = Self.names.first(where: { $0.0 == name }) else { return nil }
        self = entry.1
    }

    /// Whether a value of this node's type is accepted: an integer is a number, and a number with a zero
    /// fraction (`1.0`) is an integer.
    @inline(__always)
    func admits(_ node: YAMLNode) -> Bool {
        admits(node, shape: node.shape)
    }

    /// `admits(node)` for a node whose `shape` the caller has already read.
    @inline(__always)
    func admits(_ node: YAMLNode, shape: YAMLNode.Shape) -> Bool {
        switch shape {
        case .mapping: return contains(.object)
        case .sequence: return contains(.array)
        case .string: return contains(.string)
        case .null: return contains(.null)
        case .bool: return contains(.boolean)
        case .int: return !isDisjoint(with: [.integer, .number])
        case .float:
            if contains(.number) { return true }
            guard contains(.integer), let value = node.scalar?.doubleValue else { return false }
            return value.isFinite && value.rounded(.towardZero) == value
        }
    }

    /// "a string", "a string or a mapping", "an integer, a boolean or null" (mappings and sequences by
    /// their YAML names, which JSON users read as well).
    var phrase: String {
        var parts: [String] = []
        if contains(.string) { parts.append("a string") }
        if contains(.number) { parts.append("a number") } else if contains(.integer) { parts.append("an integer") }
        if contains(.boolean) { parts.append("a boolean") }
        if contains(.object) { parts.append("a mapping") }
        if contains(.array) { parts.append("a sequence") }
        if contains(.null) { parts.append("null") }
        return Self.list(parts, conjunction: "or")
    }

    /// "a", "a or b", "a, b or c".
    static func list(_ items: [String], conjunction: String) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
        }
    }
}
