/// The keywords of JSON Schema draft 2020-12 the evaluator implements, and what to say about the ones it
/// does not.
enum SchemaKeywords {
    static let draft202012 = "https://json-schema.org/draft/2020-12/schema"

    /// Every keyword a schema may use.
    static let supported: [String] = [
        "$schema", "$id", "$anchor", "$ref", "$defs", "$comment",
        "type", "enum", "const",
        "properties", "required", "additionalProperties", "patternProperties", "propertyNames",
        "minProperties", "maxProperties", "dependentRequired", "dependentSchemas",
        "items", "prefixItems", "contains", "minContains", "maxContains", "minItems", "maxItems", "uniqueItems",
        "minLength", "maxLength", "pattern",
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
        "format", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
    ]

    /// Advice for keywords of other drafts and for 2020-12 keywords the evaluator does not implement.
    static let advice: [String: String] = [
        "definitions": "draft 2020-12 names it '$defs'",
        "dependencies": "draft 2020-12 splits it into 'dependentRequired' and 'dependentSchemas'",
        "additionalItems": "draft 2020-12 uses 'prefixItems' for the leading items and 'items' for the rest",
        "$recursiveRef": "it belongs to draft 2019-09; whatsnew supports '$ref'",
        "$recursiveAnchor": "it belongs to draft 2019-09; whatsnew supports '$anchor'",
        "$dynamicRef": "whatsnew does not implement dynamic references; use '$ref'",
        "$dynamicAnchor": "whatsnew does not implement dynamic references; use '$anchor'",
        "$vocabulary": "whatsnew does not implement custom vocabularies",
        "unevaluatedProperties": "whatsnew does not implement it; list the keys in 'properties' and use 'additionalProperties'",
        "unevaluatedItems": "whatsnew does not implement it; use 'prefixItems' and 'items'",
        "contentEncoding": "whatsnew does not implement the content vocabulary",
        "contentMediaType": "whatsnew does not implement the content vocabulary",
        "contentSchema": "whatsnew does not implement the content vocabulary",
    ]
}
