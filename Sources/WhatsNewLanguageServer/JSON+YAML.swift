import YAMLTree

extension JSON {
    /// "a string", "an object"…, for messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }

    /// A YAML tree as JSON: booleans and numbers by the core schema, every other scalar a string.
    init(_ node: YAMLNode) {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.kind {
            case .null: self = .null
            case .bool: self = .bool(scalar.text.lowercased() == "true")
            case .int, .float: self = Double(scalar.text).map { .number($0) } ?? .string(scalar.text)
            case .string: self = .string(scalar.text)
            }
        case .sequence(let sequence): self = .array(sequence.map { JSON($0) })
        case .mapping(let mapping):
            self = .object(mapping.map { pair in (pair.key.scalar?.text ?? "", JSON(pair.value)) })
        }
    }
}
