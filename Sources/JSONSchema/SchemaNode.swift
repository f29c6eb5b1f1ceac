import YAMLTree
import SourceText

/// One compiled schema: each keyword read once into the form evaluation needs, subschemas by their index
/// in `SchemaSet.nodes`.
///
/// Built and linked by `SchemaCompiler`, then never changed: the set that owns it is shared read-only,
/// which is why the class is marked `@unchecked Sendable`, and why its properties are exempt from the
/// run-time check of exclusive access (`@exclusivity(unchecked)`), which evaluation would otherwise pay
/// at every read.
package final class SchemaNode: @unchecked Sendable {
    package typealias ID = Int

    /// Where the schema is, for messages about the schema itself.
    package let file: SourceFile
    package let range: SourceRange
    /// `false` as a schema: nothing is valid.
    @exclusivity(unchecked) var rejectsEverything = false
    /// Whether any keyword asserts or applies anything (a schema without is `true`).
    var isTrivial: Bool {
        !rejectsEverything && types == nil && enumValues == nil && constValue == nil && !hasObjectKeywords
            && !hasArrayKeywords && !hasStringKeywords && !hasNumberKeywords && allOf.isEmpty && anyOf.isEmpty
            && oneOf.isEmpty && not == nil && ifSchema == nil && ref == nil && dynamicRef == nil
    }

    // Annotations.
    @exclusivity(unchecked) package var title: String?

    // Any instance.
    @exclusivity(unchecked) var types: JSONTypeSet?
    @exclusivity(unchecked) var enumValues: [SchemaValue]?
    @exclusivity(unchecked) var constValue: SchemaValue?

    // Objects.
    @exclusivity(unchecked) var hasObjectKeywords = false
    /// `properties` in schema order (for suggestions), and by name (`propertyTable`, made from them once read).
    @exclusivity(unchecked) package var properties: [(name: String, schema: ID)] = []
    @exclusivity(unchecked) var propertyTable = PropertyTable([])
    @exclusivity(unchecked) var patternProperties: [(regex: ECMARegex, schema: ID, range: SourceRange)] = []
    @exclusivity(unchecked) var additionalProperties: ID?
    @exclusivity(unchecked) var propertyNames: ID?
    @exclusivity(unchecked) var required: [String] = []
    @exclusivity(unchecked) var minProperties: Int?
    @exclusivity(unchecked) var maxProperties: Int?
    @exclusivity(unchecked) var dependentRequired: [(name: String, requires: [String])] = []
    @exclusivity(unchecked) var dependentSchemas: [(name: String, schema: ID)] = []
    @exclusivity(unchecked) var unevaluatedProperties: ID?

    // Arrays.
    @exclusivity(unchecked) var hasArrayKeywords = false
    @exclusivity(unchecked) var prefixItems: [ID] = []
    @exclusivity(unchecked) package var items: ID?
    @exclusivity(unchecked) package var contains: ID?
    @exclusivity(unchecked) var minContains: Int?
    @exclusivity(unchecked) var maxContains: Int?
    @exclusivity(unchecked) var minItems: Int?
    @exclusivity(unchecked) var maxItems: Int?
    @exclusivity(unchecked) var uniqueItems = false
    @exclusivity(unchecked) var unevaluatedItems: ID?

    // Strings.
    @exclusivity(unchecked) var hasStringKeywords = false
    @exclusivity(unchecked) var minLength: Int?
    @exclusivity(unchecked) var maxLength: Int?
    @exclusivity(unchecked) var pattern: ECMARegex?
    /// Where the `pattern` value is written.
    @exclusivity(unchecked) var patternRange: SourceRange?

    // Numbers.
    @exclusivity(unchecked) var hasNumberKeywords = false
    @exclusivity(unchecked) package var minimum: Double?
    @exclusivity(unchecked) package var maximum: Double?
    @exclusivity(unchecked) var exclusiveMinimum: Double?
    @exclusivity(unchecked) var exclusiveMaximum: Double?
    @exclusivity(unchecked) var multipleOf: Double?
    /// `multipleOf` as its text writes it, for an exact check (nil for more than 19 digits).
    @exclusivity(unchecked) var multipleOfDecimal: DecimalNumber?

    // Applicators on the same instance.
    @exclusivity(unchecked) var allOf: [ID] = []
    @exclusivity(unchecked) var anyOf: [ID] = []
    @exclusivity(unchecked) package var oneOf: [ID] = []
    @exclusivity(unchecked) var not: ID?
    @exclusivity(unchecked) var ifSchema: ID?
    @exclusivity(unchecked) var thenSchema: ID?
    @exclusivity(unchecked) var elseSchema: ID?
    /// The target of `$ref`, set when the compiler links references.
    @exclusivity(unchecked) var ref: ID?
    /// Where the `$ref` (or `$dynamicRef`) value is written.
    @exclusivity(unchecked) var refRange: SourceRange?
    /// The target of `$dynamicRef` as a `$ref` would resolve it.
    @exclusivity(unchecked) var dynamicRef: ID?
    /// The `$dynamicAnchor` name the dynamic scope is searched for, when `dynamicRef` has it (else the
    /// reference is static).
    @exclusivity(unchecked) var dynamicRefAnchor: String?
    /// The name of this schema's `$dynamicAnchor`.
    @exclusivity(unchecked) var dynamicAnchorName: String?
    /// For the root of a schema resource with `$dynamicAnchor`s: them, by name. Entering such a schema
    /// adds its resource to the dynamic scope.
    @exclusivity(unchecked) var dynamicAnchors: [String: ID]?
    /// For a schema inside a resource with `$dynamicAnchor`s, but not its root: that root. A reference to
    /// this schema enters the resource as surely as one to its root, so evaluating it adds the resource to
    /// the dynamic scope too.
    @exclusivity(unchecked) var enclosingDynamicResource: ID?

    init(file: SourceFile, range: SourceRange) {
        self.file = file
        self.range = range
    }

    /// The subschema of `properties` named by the UTF-8 `name` (a key read in place from the tree).
    @inline(__always)
    func property(utf8 name: UnsafeBufferPointer<UInt8>) -> ID? {
        propertyTable.schema(utf8: name)
    }

    /// The resource that evaluating this schema (whose ID is `id`) adds to the dynamic scope, if it has
    /// `$dynamicAnchor`s: the schema itself when it is the resource's root, else the root it is in.
    @inline(__always)
    func dynamicScopeEntry(_ id: ID) -> ID? {
        dynamicAnchors != nil ? id : enclosingDynamicResource
    }

    /// Every subschema that applies to the same instance as this one (the edges of a `$ref` loop).
    var inPlaceSubschemas: [ID] {
        var result = allOf + anyOf + oneOf + dependentSchemas.map(\.schema)
        for id in [not, ifSchema, thenSchema, elseSchema, ref, dynamicRef] { if let id { result.append(id) } }
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
              ifSchema == nil, ref == nil, dynamicRef == nil, unevaluatedProperties == nil else { return nil }
        return required[0]
    }
}
