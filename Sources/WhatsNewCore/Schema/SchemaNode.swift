import YAMLTree

/// One compiled schema: each keyword read once into the form evaluation needs, subschemas by their index
/// in `SchemaSet.nodes`.
///
/// Built and linked by `SchemaCompiler`, then never changed: the set that owns it is shared read-only,
/// which is why the class is marked `@unchecked Sendable`.
final class SchemaNode: @unchecked Sendable {
    typealias ID = Int

    /// Where the schema is, for messages about the schema itself.
    let file: SourceFile
    let range: SourceRange
    /// `false` as a schema: nothing is valid.
    var rejectsEverything = false
    /// Whether any keyword asserts or applies anything (a schema without is `true`).
    var isTrivial: Bool {
        !rejectsEverything && types == nil && enumValues == nil && constValue == nil && !hasObjectKeywords
            && !hasArrayKeywords && !hasStringKeywords && !hasNumberKeywords && allOf.isEmpty && anyOf.isEmpty
            && oneOf.isEmpty && not == nil && ifSchema == nil && ref == nil
    }

    // Annotations.
    var title: String?

    // Any instance.
    var types: JSONTypeSet?
    var enumValues: [SchemaValue]?
    var constValue: SchemaValue?

    // Objects.
    var hasObjectKeywords = false
    /// `properties` in schema order (for suggestions), and by name when there are many.
    var properties: [(name: String, schema: ID)] = []
    var propertyIndex: [String: ID] = [:]
    var patternProperties: [(regex: ECMARegex, schema: ID)] = []
    var additionalProperties: ID?
    var propertyNames: ID?
    var required: [String] = []
    var minProperties: Int?
    var maxProperties: Int?
    var dependentRequired: [(name: String, requires: [String])] = []
    var dependentSchemas: [(name: String, schema: ID)] = []

    // Arrays.
    var hasArrayKeywords = false
    var prefixItems: [ID] = []
    var items: ID?
    var contains: ID?
    var minContains: Int?
    var maxContains: Int?
    var minItems: Int?
    var maxItems: Int?
    var uniqueItems = false

    // Strings.
    var hasStringKeywords = false
    var minLength: Int?
    var maxLength: Int?
    var pattern: ECMARegex?

    // Numbers.
    var hasNumberKeywords = false
    var minimum: Double?
    var maximum: Double?
    var exclusiveMinimum: Double?
    var exclusiveMaximum: Double?
    var multipleOf: Double?

    // Applicators on the same instance.
    var allOf: [ID] = []
    var anyOf: [ID] = []
    var oneOf: [ID] = []
    var not: ID?
    var ifSchema: ID?
    var thenSchema: ID?
    var elseSchema: ID?
    /// The target of `$ref`, set when the compiler links references.
    var ref: ID?
    /// Where the `$ref` value is written.
    var refRange: SourceRange?

    init(file: SourceFile, range: SourceRange) {
        self.file = file
        self.range = range
    }

    /// The subschema of `properties` named `name`.
    @inline(__always)
    func property(_ name: String) -> ID? {
        if properties.count <= 8 {
            for property in properties where property.name == name { return property.schema }
            return nil
        }
        return propertyIndex[name]
    }

    /// The subschema of `properties` named by the UTF-8 `name` (a key read in place from the tree).
    @inline(__always)
    func property(utf8 name: UnsafeBufferPointer<UInt8>) -> ID? {
        if properties.count <= 8 {
            for property in properties where property.name.hasUTF8(name) { return property.schema }
            return nil
        }
        return propertyIndex[String(decoding: name, as: UTF8.self)]
    }

    /// Every subschema that applies to the same instance as this one (the edges of a `$ref` loop).
    var inPlaceSubschemas: [ID] {
        var result = allOf + anyOf + oneOf + dependentSchemas.map(\.schema)
        for id in [not, ifSchema, thenSchema, elseSchema, ref] { if let id { result.append(id) } }
        return result
    }
}

extension SchemaNode {
    /// The one key this schema requires when that is all it asserts (`{"required": ["emoji"]}`), which
    /// lets a message about `oneOf` name keys instead of alternatives.
    var onlyRequiredKey: String? {
        guard required.count == 1, properties.isEmpty, patternProperties.isEmpty, additionalProperties == nil,
              propertyNames == nil, minProperties == nil, maxProperties == nil, dependentRequired.isEmpty,
              dependentSchemas.isEmpty, !hasArrayKeywords, !hasStringKeywords, !hasNumberKeywords, types == nil,
              enumValues == nil, constValue == nil, allOf.isEmpty, anyOf.isEmpty, oneOf.isEmpty, not == nil,
              ifSchema == nil, ref == nil else { return nil }
        return required[0]
    }
}
