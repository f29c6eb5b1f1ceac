import YAMLTree

/// Reads values out of one file's tree, reporting every problem where it is and going on.
struct DecodingContext {
    let file: SourceFile
    let engine: DiagnosticEngine

    func location(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(file: file, range: node.range)
    }

    func error(_ code: String, _ message: String, at node: YAMLNode, fix: String? = nil, notes: [Diagnostic.Note] = []) {
        engine.report(Diagnostic(.error, code: code, message: message, at: location(node), notes: notes, fix: fix))
    }

    func typeMismatch(_ node: YAMLNode, expected: String, for name: @autoclosure () -> String) {
        var fix: String?
        if let scalar = node.scalar, scalar.style == .plain, scalar.kind == .bool || scalar.kind == .null, expected.contains("string") {
            fix = "quote it to keep the text: '\"\(scalar.text)\"'"
        }
        error("type-mismatch", "expected \(expected) for '\(name())', found \(node.kindDescription)", at: node, fix: fix)
    }

    /// The pairs of a mapping whose keys are all known, reporting unknown keys with a suggestion.
    /// Returns nil (after reporting) when the node is not a mapping. (Names are built only for a message:
    /// decoding asks for them at every value.)
    func fields(_ node: YAMLNode, of name: @autoclosure () -> String, allowed: [String], expected: String = "a mapping") -> Fields? {
        guard let mapping = node.mapping else {
            typeMismatch(node, expected: expected, for: name())
            return nil
        }
        var known: [Fields.Pair] = []
        known.reserveCapacity(mapping.count)
        for pair in mapping {
            guard let key = pair.key.scalar, key.kind != .null || !key.text.isEmpty else {
                error("type-mismatch", "expected a string key in '\(name())', found \(pair.key.kindDescription)", at: pair.key)
                continue
            }
            guard allowed.contains(where: { Fields.same($0, key.text) }) else {
                error("unknown-key", "unknown key '\(key.text)' in '\(name())'\(Suggestion.phrase(for: key.text, in: allowed))",
                      at: pair.key, fix: "known keys: " + allowed.filter { $0 != "$schema" }.joined(separator: ", "))
                continue
            }
            known.append(Fields.Pair(key: key.text, keyNode: pair.key, value: pair.value))
        }
        return Fields(node: node, pairs: known)
    }

    /// The registry key a reference names, when `node` is one: a string, or a plain number by its literal
    /// text (`image: 1.10` names the key "1.10", as it does in JSON); nil for anything else.
    func referenceKey(_ node: YAMLNode) -> String? {
        guard let scalar = node.scalar, scalar.kind == .string || scalar.isNumber else { return nil }
        return scalar.text
    }

    /// A string: a string scalar, or a plain number whose literal text is kept (`1.10` stays "1.10").
    func string(_ node: YAMLNode, for name: @autoclosure () -> String) -> String? {
        guard let scalar = node.scalar, scalar.kind == .string || scalar.isNumber else {
            typeMismatch(node, expected: "a string", for: name())
            return nil
        }
        return scalar.text
    }

    func number(_ node: YAMLNode, for name: String) -> Double? {
        guard let value = node.scalar?.doubleValue, value.isFinite else {
            typeMismatch(node, expected: "a finite number", for: name)
            return nil
        }
        return value
    }

    func bool(_ node: YAMLNode, for name: String) -> Bool? {
        guard let value = node.scalar?.boolValue else {
            typeMismatch(node, expected: "true or false", for: name)
            return nil
        }
        return value
    }

    /// One of a closed set of words, with a suggestion when it is a near miss.
    func oneOf<Value: RawRepresentable & CaseIterable>(_ node: YAMLNode, for name: String, as type: Value.Type) -> Value?
    where Value.RawValue == String {
        guard let text = string(node, for: name) else { return nil }
        if let value = Value(rawValue: text) { return value }
        let names = Value.allCases.map(\.rawValue)
        error("invalid-value", "expected one of \(names.map { "'\($0)'" }.joined(separator: ", ")) for '\(name)', found '\(text)'"
              + Suggestion.phrase(for: text, in: names), at: node)
        return nil
    }

    /// A required key that is missing, reported at the mapping.
    func missing(_ key: String, in fields: Fields, of name: @autoclosure () -> String) {
        error("missing-key", "missing '\(key)' in '\(name())'", at: fields.node, fix: "add '\(key):'")
    }
}

/// The known pairs of a mapping, by key: what `DecodingContext.fields` kept of the node's pairs (the keys
/// it reported are never found).
struct Fields {
    struct Pair {
        let key: String
        let keyNode: YAMLNode
        let value: YAMLNode
    }

    let node: YAMLNode
    /// The known pairs in source order.
    let pairs: [Pair]

    /// The value of a known key. (A rejected key is never an allowed one, so it cannot be asked for.)
    subscript(key: String) -> YAMLNode? {
        pairs.first { Self.same($0.key, key) }?.value
    }

    /// Whether two keys are the same text; comparing lengths first settles most pairs of different keys
    /// without comparing their text (decoding asks for every known key of every mapping).
    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b
    }
}
