import YAMLTree

/// A JSON value from a schema (`enum`, `const`), compared with instance nodes by JSON equality: numbers
/// by value (`1 == 1.0`), strings by text, mappings regardless of key order.
package indirect enum SchemaValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    /// An integer that fits in `Int`, compared exactly (a `Double` would round above 2^53).
    case integer(Int)
    case string(String)
    case array([SchemaValue])
    case object([String: SchemaValue])

    /// The value of a schema node read from JSON (or YAML), with scalars typed by the core schema.
    init(_ node: YAMLNode) {
        switch node.content {
        case .sequence(let items):
            self = .array(items.map(SchemaValue.init))
        case .mapping(let pairs):
            var object: [String: SchemaValue] = [:]
            for pair in pairs { object[pair.key.scalar?.text ?? ""] = SchemaValue(pair.value) }
            self = .object(object)
        case .scalar(let scalar):
            switch scalar.kind {
            case .null: self = .null
            case .bool: self = .bool(scalar.boolValue ?? false)
            case .string: self = .string(scalar.text)
            case .int, .float: self = SchemaValue.number(of: scalar)
            }
        }
    }

    private static func number(of scalar: YAMLScalar) -> SchemaValue {
        if let value = scalar.intValue { return .integer(value) }
        let value = scalar.doubleValue ?? .nan
        if value.isFinite, value.rounded(.towardZero) == value, let exact = Int(exactly: value) { return .integer(exact) }
        return .number(value)
    }

    /// Whether `node` is this value.
    func matches(_ node: YAMLNode) -> Bool {
        // A string, the usual `enum` value, is compared in place.
        if case .string(let value) = self { return node.shape == .string && node.hasScalarText(value) }
        switch (self, node.content) {
        case (.array(let values), .sequence(let items)):
            return values.count == items.count && zip(values, items).allSatisfy { $0.matches($1) }
        case (.object(let values), .mapping(let pairs)):
            guard values.count == pairs.count else { return false }
            for pair in pairs {
                guard let key = pair.key.scalar?.text, let value = values[key], value.matches(pair.value) else { return false }
            }
            return true
        case (_, .scalar(let scalar)):
            switch (self, scalar.kind) {
            case (.null, .null): return true
            case (.bool(let value), .bool): return scalar.boolValue == value
            case (.string(let value), .string): return scalar.text == value
            case (.integer, .int), (.integer, .float), (.number, .int), (.number, .float):
                return SchemaValue.number(of: scalar).numericallyEquals(self)
            default: return false
            }
        default:
            return false
        }
    }

    private func numericallyEquals(_ other: SchemaValue) -> Bool {
        switch (self, other) {
        case (.integer(let a), .integer(let b)): return a == b
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): return Double(a) == b
        case (.number(let a), .number(let b)): return a == b
        default: return false
        }
    }

    /// The value as written in a message: strings in single quotes, other scalars bare.
    var display: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .string(let text): return "'\(SchemaMessages.shorten(text))'"
        case .array: return "a sequence"
        case .object: return "a mapping"
        }
    }

    /// Whether two instance nodes are equal as JSON values (for `uniqueItems`).
    static func equal(_ a: YAMLNode, _ b: YAMLNode) -> Bool {
        if a == b { return true }
        switch (a.content, b.content) {
        case (.sequence(let left), .sequence(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        case (.mapping(let left), .mapping(let right)):
            guard left.count == right.count else { return false }
            for pair in left {
                let key = pair.key.scalar?.text
                guard let other = right.first(where: { $0.key.scalar?.text == key }), equal(pair.value, other.value) else {
                    return false
                }
            }
            return true
        case (.scalar(let left), .scalar(let right)):
            switch (left.kind, right.kind) {
            case (.int, .int), (.int, .float), (.float, .int), (.float, .float):
                return number(of: left).numericallyEquals(number(of: right))
            case (.string, .string): return left.text == right.text
            case (.bool, .bool): return left.boolValue == right.boolValue
            case (.null, .null): return true
            default: return false
            }
        default:
            return false
        }
    }

    /// A hash consistent with `equal`: numbers by value, mappings regardless of key order.
    static func hash(_ node: YAMLNode, into hasher: inout Hasher) {
        switch node.content {
        case .sequence(let items):
            hasher.combine(1)
            hasher.combine(items.count)
            for item in items { hash(item, into: &hasher) }
        case .mapping(let pairs):
            hasher.combine(2)
            var sum = 0
            for pair in pairs {
                var inner = Hasher()
                inner.combine(pair.key.scalar?.text)
                hash(pair.value, into: &inner)
                sum &+= inner.finalize()
            }
            hasher.combine(sum)
        case .scalar(let scalar):
            switch scalar.kind {
            case .int, .float:
                switch number(of: scalar) {
                case .integer(let value): hasher.combine(Double(value))
                case .number(let value): hasher.combine(value)
                default: break
                }
            case .string: hasher.combine(scalar.text)
            case .bool: hasher.combine(scalar.boolValue)
            case .null: hasher.combine(0)
            }
        }
    }
}
