/// The schema and the model (the decoder and the rules) check one manifest in two layers, and often find
/// the same problem: an unknown key is both `additionalProperties` in the schema and `unknown-key` in the
/// decoder. Each problem is reported once: where the model reports the same problem at the same node, its
/// diagnostic is kept (it names the field, suggests a fix, and has the same code wherever the mistake is)
/// and the schema's is dropped. Every other schema failure is reported as it is, whatever else was found
/// at its node.
package enum LayerAgreement {
    /// For each schema code, the model's codes that mean the same problem at the same node.
    static let sameProblem: [DiagnosticCode: Set<DiagnosticCode>] = [
        .schemaAdditionalProperties: [.unknownKey],
        .schemaUnevaluatedProperties: [.unknownKey],
        .schemaRequired: [.missingKey, .noVersions],
        .schemaType: [.typeMismatch],
        .schemaEnum: [.invalidValue],
        .schemaConst: [.invalidValue],
        .schemaMinimum: [.invalidValue],
        .schemaMaximum: [.invalidValue],
        .schemaMinItems: [.noVersions],
        .schemaMinLength: [.emptyText],
        .schemaPattern: [.invalidDuration, .invalidVersion, .invalidDate, .invalidColor, .emptyText, .invalidValue],
        // The closest alternative of a value that matches none (a color, a text, an image or an action).
        .schemaAnyOf: [.typeMismatch, .invalidValue, .invalidColor, .invalidImage, .invalidAction, .invalidVersion,
                         .emptyText],
        .schemaOneOf: [.typeMismatch, .invalidValue, .invalidColor, .invalidImage, .invalidAction, .invalidVersion,
                         .emptyText],
    ]

    /// Every code of `sameProblem`, numbered: the engines remember the places of these codes only (see
    /// `DiagnosticEngine.Place`).
    package static let codes: [DiagnosticCode] = Array(Set(sameProblem.keys).union(sameProblem.values.joined())).sorted { $0.rawValue < $1.rawValue }
    private static let numbers: [DiagnosticCode: UInt16] = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1, UInt16($0)) })
    /// `sameProblem` by the codes' numbers.
    private static let sameProblemNumbers: [UInt16: Set<UInt16>] = Dictionary(uniqueKeysWithValues: sameProblem.map { schema, model in
        (numbers[schema] ?? 0, Set(model.compactMap { numbers[$0] }))
    })

    /// The number of `code` among `codes`, or nil when no layer pairs it with another's.
    package static func number(of code: DiagnosticCode) -> UInt16? {
        numbers[code]
    }

    /// Whether the model (whose findings are `model`) reported the problem of a schema failure at `failure`:
    /// one of the codes `sameProblem` lists for it at the same node, about the same key (`subject`; a failure
    /// about no key matches any).
    package static func reported(by model: DiagnosticEngine.Findings) -> (_ failure: DiagnosticEngine.Place, _ subject: String?) -> Bool {
        // The model's places by node, found by binary search (a manifest may have a million).
        let places = model.places
        let order = places.indices.sorted { before(places[$0].key, places[$1].key) }
        // Both layers walk the document from its start, so a failure's places mostly follow the last one's: the
        // search first tries just after the last answer (two comparisons instead of twenty for a million places).
        var next = 0
        return { failure, subject in
            guard let codes = sameProblemNumbers[failure.code] else { return false }
            var low = 0, high = order.count
            if next <= order.count, next == 0 || before(places[order[next - 1]].key, failure.key),
               next == order.count || !before(places[order[next]].key, failure.key) {
                low = next
            } else {
                while low < high {
                    let middle = low + (high - low) / 2
                    if before(places[order[middle]].key, failure.key) { low = middle + 1 } else { high = middle }
                }
            }
            next = low + 1
            while low < order.count, places[order[low]].key == failure.key {
                let index = order[low]
                if codes.contains(places[index].code), subject == nil || model.subjects[index] == subject { return true }
                low += 1
            }
            return false
        }
    }

    private static func before(_ a: DiagnosticEngine.PlaceKey, _ b: DiagnosticEngine.PlaceKey) -> Bool {
        a.file == b.file ? a.offset < b.offset : a.file < b.file
    }
}
