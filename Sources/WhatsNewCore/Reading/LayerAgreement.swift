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
        "schema-pattern": ["invalid-duration", "invalid-version", "invalid-date", "invalid-color", "empty-text", "invalid-value"],
        "schema-format": ["invalid-date"],
        // The closest alternative of a value that matches none (a color, a text, an image or an action).
        "schema-anyOf": ["type-mismatch", "invalid-value", "invalid-color", "invalid-image", "invalid-action", "invalid-version",
                         "empty-text"],
        "schema-oneOf": ["type-mismatch", "invalid-value", "invalid-color", "invalid-image", "invalid-action", "invalid-version",
                         "empty-text"],
    ]

    /// Whether the model (whose findings are `model`) reported the problem of a schema failure at `failure`:
    /// one of the codes `sameProblem` lists for it at the same node, about the same key.
    static func reported(by model: DiagnosticEngine.Findings) -> (_ failure: DiagnosticEngine.Place) -> Bool {
        // Each model diagnostic is found by its key, and by its node alone (for a failure that names no key).
        var reported: Set<Problem> = []
        for place in model.places {
            reported.insert(Problem(place: place.key, code: place.code, subject: place.subject))
            reported.insert(Problem(place: place.key, code: place.code, subject: nil))
        }
        return { failure in
            guard let codes = sameProblem[failure.code] else { return false }
            return codes.contains { reported.contains(Problem(place: failure.key, code: $0, subject: failure.subject)) }
        }
    }

    /// A problem's node (its file and where it starts), a model code, and the key it is about.
    private struct Problem: Hashable {
        let place: DiagnosticEngine.PlaceKey
        let code: String
        let subject: String?
    }
}
