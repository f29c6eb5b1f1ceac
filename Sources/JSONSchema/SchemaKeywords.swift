/// The keywords of JSON Schema draft 2020-12, and what to say about keywords of other drafts.
enum SchemaKeywords {
    static let draft202012 = "https://json-schema.org/draft/2020-12/schema"

    /// Every keyword a schema may use.
    static let supported: [String] = [
        "$schema", "$id", "$anchor", "$ref", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$defs", "$comment",
        "type", "enum", "const",
        "properties", "required", "additionalProperties", "patternProperties", "propertyNames",
        "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "unevaluatedProperties",
        "items", "prefixItems", "contains", "minContains", "maxContains", "minItems", "maxItems", "uniqueItems",
        "unevaluatedItems",
        "minLength", "maxLength", "pattern",
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
        "format", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
        "contentEncoding", "contentMediaType", "contentSchema",
    ]

    /// Advice for keywords of other drafts.
    static let advice: [String: String] = [
        "definitions": "draft 2020-12 names it '$defs'",
        "dependencies": "draft 2020-12 splits it into 'dependentRequired' and 'dependentSchemas'",
        "additionalItems": "draft 2020-12 uses 'prefixItems' for the leading items and 'items' for the rest",
        "$recursiveRef": "it belongs to draft 2019-09; draft 2020-12 has '$dynamicRef'",
        "$recursiveAnchor": "it belongs to draft 2019-09; draft 2020-12 has '$dynamicAnchor'",
    ]
}
