/// A JSON value as the protocol's messages carry it; objects keep their members in order.
package enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    package static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// An integer as a number.
    package static func int(_ value: Int) -> JSON { .number(Double(value)) }

    /// The member `key` of an object; nil for anything else or a missing key.
    package subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value as an integer, when it is a whole number an `Int` holds.
    package var intValue: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    package var arrayValue: [JSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// An object with the members whose value is not nil, in the order given.
    package static func object(omittingNils members: [(String, JSON?)]) -> JSON {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }
}
