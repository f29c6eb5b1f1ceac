/// The schema and the model (the decoder and the rules) check one manifest in two layers, and often find
/// the same problem: an unknown key is both `additionalProperties` in the schema and `unknown-key` in the
/// decoder. Each problem is reported once: where the model reports the same problem at the same node, its
/// diagnostic is kept (it names the field, suggests a fix, and has the same code wherever the mistake is)
/// and the schema's is dropped. Every other schema failure is reported as it is, whatever else was found
/// at its node.
enum LayerAgreement {
    /// For each schema code, the model's codes that mean the same problem at the same node.
    static let sameProblem: [String: Set<String>] = [
        "schema-additionalProperties": ["unknown-key"],
        "schema-unevaluatedProperties": ["unknown-key"],
        "schema-required": ["missing-key", "no-versions"],
        "schema-type": ["type-mismatch"],
        "schema-enum": ["invalid-value"],
        "schema-const": ["invalid-value"],
        "schema-minimum": ["invalid-value"],
        "schema-maximum": ["invalid-value"],
        "schema-minItems": ["no-versions"],
        "schema-minLength": ["empty-text"],
        "schema-pattern": ["invalid-version", "invalid-date", "invalid-color", "empty-text"],
        "schema-format": ["invalid-date"],
        // The closest alternative of a value that matches none (a color, a text, an image or an action).
        "schema-anyOf": ["type-mismatch", "invalid-value", "invalid-color", "invalid-image", "invalid-action", "invalid-version",
                         "empty-text"],
        "schema-oneOf": ["type-mismatch", "invalid-value", "invalid-color", "invalid-image", "invalid-action", "invalid-version",
                         "empty-text"],
    ]

    /// The schema's failures that no model diagnostic in `model` reports as the same problem at the same node.
    static func schemaFailures(_ schema: [Diagnostic], notFoundIn model: [Diagnostic]) -> [Diagnostic] {
        // Each model diagnostic is found by its key, and by its node alone (for a failure that names no key).
        var reported: Set<Place> = []
        for diagnostic in model {
            guard let file = diagnostic.file, let range = diagnostic.range else { continue }
            reported.insert(Place(file: ObjectIdentifier(file), offset: range.start.offset, code: diagnostic.code, subject: diagnostic.subject))
            reported.insert(Place(file: ObjectIdentifier(file), offset: range.start.offset, code: diagnostic.code, subject: nil))
        }
        return schema.filter { failure in
            guard let codes = sameProblem[failure.code], let file = failure.file, let range = failure.range else { return true }
            return !codes.contains { code in
                reported.contains(Place(file: ObjectIdentifier(file), offset: range.start.offset, code: code, subject: failure.subject))
            }
        }
    }

    /// A problem's node (its file and where it starts), a model code, and the key it is about.
    private struct Place: Hashable {
        let file: ObjectIdentifier
        let offset: Int
        let code: String
        let subject: String?
    }
}
