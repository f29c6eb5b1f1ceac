/// A set of the vocabularies of draft 2020-12, which a dialect's meta-schema lists in `$vocabulary`: a
/// keyword of a vocabulary the dialect leaves out is read as an annotation, not evaluated.
struct SchemaVocabularies: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    static let core = SchemaVocabularies(rawValue: 1 << 0)
    static let applicator = SchemaVocabularies(rawValue: 1 << 1)
    static let unevaluated = SchemaVocabularies(rawValue: 1 << 2)
    static let validation = SchemaVocabularies(rawValue: 1 << 3)
    static let metaData = SchemaVocabularies(rawValue: 1 << 4)
    static let formatAnnotation = SchemaVocabularies(rawValue: 1 << 5)
    static let content = SchemaVocabularies(rawValue: 1 << 6)
    /// Known so that a meta-schema requiring it is refused: whatsnew does not assert formats.
    static let formatAssertion = SchemaVocabularies(rawValue: 1 << 7)

    /// The dialect of the draft 2020-12 meta-schema.
    static let draft202012: SchemaVocabularies = [.core, .applicator, .unevaluated, .validation, .metaData, .formatAnnotation, .content]

    private static let prefix = "https://json-schema.org/draft/2020-12/vocab/"

    private static let names: [String: SchemaVocabularies] = [
        "core": .core, "applicator": .applicator, "unevaluated": .unevaluated, "validation": .validation,
        "meta-data": .metaData, "format-annotation": .formatAnnotation, "content": .content, "format-assertion": .formatAssertion,
    ]

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The vocabulary a `$vocabulary` URI names, if it is one of draft 2020-12.
    init?(uri: String) {
        guard uri.hasPrefix(Self.prefix), let vocabulary = Self.names[String(uri.dropFirst(Self.prefix.count))] else { return nil }
        self = vocabulary
    }

    /// The vocabulary that defines `keyword`; nil for core keywords (always on) and unknown ones.
    static func vocabulary(of keyword: String) -> SchemaVocabularies? {
        switch keyword {
        case "prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties", "dependentSchemas",
             "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not":
            return .applicator
        case "unevaluatedItems", "unevaluatedProperties":
            return .unevaluated
        case "type", "const", "enum", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
             "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties",
             "minProperties", "required", "dependentRequired":
            return .validation
        case "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples":
            return .metaData
        case "format":
            return .formatAnnotation
        case "contentEncoding", "contentMediaType", "contentSchema":
            return .content
        default:
            return nil
        }
    }
}
