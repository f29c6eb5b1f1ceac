import SourceText

/// A compiled schema written out as Swift source that makes the same nodes again without compiling
/// anything: how a program carries a schema it knows when it is built (see `init(prebuilt:entries:root:)`).
extension SchemaValidator {
    /// A validator of nodes made by the source `swiftSource` wrote.
    package init(prebuilt nodes: [SchemaNode], entries: [String: SchemaNode.ID], root: SchemaNode.ID) {
        self.init(nodes: nodes, entries: entries, root: root)
    }

    /// The statements of a function body that returns this validator, its nodes in `file` (the name of a
    /// `SourceFile` in scope), each line indented by `indent`; nil when the schema did not compile or its
    /// nodes come from more than one file (a schema that `$ref`s another document).
    package func swiftSource(file: String, indent: String) -> String? {
        guard let root, let source = nodes.first?.file, nodes.allSatisfy({ $0.file === source }) else { return nil }
        var lines = ["var nodes: [SchemaNode] = []", "nodes.reserveCapacity(\(nodes.count))"]
        for node in nodes {
            lines.append("nodes.append(SchemaNode(" + ([file, Self.swift(node.range)] + Self.arguments(of: node)).joined(separator: ", ") + "))")
        }
        let anchors = entries.sorted { $0.key < $1.key }.map { "\(Self.swift($0.key)): \($0.value)" }
        lines.append("return SchemaValidator(prebuilt: nodes, entries: [\(anchors.isEmpty ? ":" : anchors.joined(separator: ", "))], root: \(root))")
        return lines.map { indent + $0 }.joined(separator: "\n")
    }

    /// The labelled arguments of `SchemaNode.init(_:_:…)` that differ from their defaults, in its order.
    // swiftlint:disable:next function_body_length
    private static func arguments(of node: SchemaNode) -> [String] {
        var result: [String] = []
        func add(_ label: String, _ value: String?) {
            if let value { result.append("\(label): \(value)") }
        }
        func flag(_ label: String, _ value: Bool) { add(label, value ? "true" : nil) }
        func list<T>(_ label: String, _ values: [T], _ write: (T) -> String) {
            add(label, values.isEmpty ? nil : "[" + values.map(write).joined(separator: ", ") + "]")
        }
        flag("rejectsEverything", node.rejectsEverything)
        add("title", node.title.map(swift))
        add("types", node.types.map { String($0.rawValue) })
        add("enumValues", node.enumValues.map { "[" + $0.map(swift).joined(separator: ", ") + "]" })
        add("constValue", node.constValue.map(swift))
        flag("hasObjectKeywords", node.hasObjectKeywords)
        list("properties", node.properties) { "(\(swift($0.name)), \($0.schema))" }
        list("patternProperties", node.patternProperties) { "(\(swift($0.regex)), \($0.schema), \(swift($0.range)))" }
        add("additionalProperties", node.additionalProperties.map(String.init))
        add("propertyNames", node.propertyNames.map(String.init))
        list("required", node.required, swift)
        add("minProperties", node.minProperties.map(String.init))
        add("maxProperties", node.maxProperties.map(String.init))
        list("dependentRequired", node.dependentRequired) { "(\(swift($0.name)), [\($0.requires.map(swift).joined(separator: ", "))])" }
        list("dependentSchemas", node.dependentSchemas) { "(\(swift($0.name)), \($0.schema))" }
        add("unevaluatedProperties", node.unevaluatedProperties.map(String.init))
        flag("hasArrayKeywords", node.hasArrayKeywords)
        list("prefixItems", node.prefixItems) { String($0) }
        add("items", node.items.map(String.init))
        add("contains", node.contains.map(String.init))
        add("minContains", node.minContains.map(String.init))
        add("maxContains", node.maxContains.map(String.init))
        add("minItems", node.minItems.map(String.init))
        add("maxItems", node.maxItems.map(String.init))
        flag("uniqueItems", node.uniqueItems)
        add("unevaluatedItems", node.unevaluatedItems.map(String.init))
        flag("hasStringKeywords", node.hasStringKeywords)
        add("minLength", node.minLength.map(String.init))
        add("maxLength", node.maxLength.map(String.init))
        add("pattern", node.pattern.map(swift))
        add("patternRange", node.patternRange.map(swift))
        flag("hasNumberKeywords", node.hasNumberKeywords)
        add("minimum", node.minimum.map(swift))
        add("maximum", node.maximum.map(swift))
        add("exclusiveMinimum", node.exclusiveMinimum.map(swift))
        add("exclusiveMaximum", node.exclusiveMaximum.map(swift))
        add("multipleOf", node.multipleOf.map(swift))
        add("multipleOfDecimal", node.multipleOfDecimal.map { "(\($0.significand), \($0.exponent), \($0.isNegative))" })
        list("allOf", node.allOf) { String($0) }
        list("anyOf", node.anyOf) { String($0) }
        list("oneOf", node.oneOf) { String($0) }
        add("not", node.not.map(String.init))
        add("ifSchema", node.ifSchema.map(String.init))
        add("thenSchema", node.thenSchema.map(String.init))
        add("elseSchema", node.elseSchema.map(String.init))
        add("ref", node.ref.map(String.init))
        add("refRange", node.refRange.map(swift))
        add("dynamicRef", node.dynamicRef.map(String.init))
        add("dynamicRefAnchor", node.dynamicRefAnchor.map(swift))
        add("dynamicAnchorName", node.dynamicAnchorName.map(swift))
        add("dynamicAnchors", node.dynamicAnchors.map { anchors in
            "[" + anchors.sorted { $0.key < $1.key }.map { "(\(swift($0.key)), \($0.value))" }.joined(separator: ", ") + "]"
        })
        add("enclosingDynamicResource", node.enclosingDynamicResource.map(String.init))
        return result
    }

    /// A `SchemaNode.PrebuiltRegex`: the compiled program and sets, so that a run does not parse the pattern.
    private static func swift(_ regex: ECMARegex) -> String {
        let program = regex.program.map { "(\($0.op.rawValue), \($0.a), \($0.b))" }.joined(separator: ", ")
        let sets = regex.sets.map { "[" + $0.bounds.map(String.init).joined(separator: ", ") + "]" }.joined(separator: ", ")
        return "(\(swift(regex.source)), \(regex.anchoredAtStart), [\(program)], [\(sets)])"
    }

    private static func swift(_ range: SourceRange) -> String {
        let numbers = SchemaNode.numbers(of: range)
        return "(\(numbers.0), \(numbers.1), \(numbers.2), \(numbers.3), \(numbers.4), \(numbers.5))"
    }

    /// A Swift literal of a finite `Double` that reads back as the same value (Swift prints the shortest such).
    private static func swift(_ number: Double) -> String {
        number.description
    }

    private static func swift(_ value: SchemaValue) -> String {
        switch value {
        case .null: return ".null"
        case .bool(let flag): return ".bool(\(flag))"
        case .number(let number): return ".number(\(swift(number)))"
        case .integer(let integer): return ".integer(\(integer))"
        case .string(let text): return ".string(\(swift(text)))"
        case .array(let values): return ".array([" + values.map(swift).joined(separator: ", ") + "])"
        case .object(let pairs):
            guard !pairs.isEmpty else { return ".object([:])" }
            return ".object([" + pairs.sorted { $0.key < $1.key }.map { "\(swift($0.key)): \(swift($0.value))" }.joined(separator: ", ") + "])"
        }
    }

    /// A Swift string literal of `text`: printable ASCII as it is, every other scalar as `\u{…}`.
    private static func swift(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return result + "\""
    }
}
