import WhatsNewCore

/// The built-in schema, read for the editor: which keys go where, what each means, which values it allows.
/// Walks `$ref`, `anyOf`/`oneOf`/`allOf`, `items` and `additionalProperties` by a path of key names.
struct SchemaCatalog: Sendable {
    let root: JSON

    /// The built-in schema's catalog, read once.
    static let builtin = SchemaCatalog(root: (try? JSON.parse(Array(BuiltinSchema.text.utf8))) ?? .null)

    /// The schema of a manifest (or of a `--refs` file, `isReferences`).
    func top(isReferences: Bool) -> JSON? {
        root["$defs"]?[isReferences ? "refs" : "manifestFragment"]
    }

    /// The schema at a path of keys from the top (sequences are stepped through).
    func schema(at path: [String], isReferences: Bool) -> JSON? {
        var current = top(isReferences: isReferences)
        for key in path {
            guard let schema = current else { return nil }
            current = child(of: schema, key: key)
        }
        return current
    }

    /// A `$ref` to this schema's `$defs`, followed (at most 16 times).
    func resolve(_ schema: JSON) -> JSON {
        var current = schema
        for _ in 0..<16 {
            guard let reference = current["$ref"]?.stringValue, reference.hasPrefix("#/$defs/"),
                  let target = root["$defs"]?[String(reference.dropFirst(8))] else { return current }
            current = target
        }
        return current
    }

    /// The schema and its alternatives (`anyOf`, `oneOf`, `allOf`, and an array's `items`), resolved.
    func alternatives(_ schema: JSON, depth: Int = 0) -> [JSON] {
        let resolved = resolve(schema)
        guard depth < 8 else { return [resolved] }
        var all = [resolved]
        for keyword in ["anyOf", "oneOf", "allOf"] {
            for option in resolved[keyword]?.arrayValue ?? [] { all += alternatives(option, depth: depth + 1) }
        }
        if let items = resolved["items"], case .object = items { all += alternatives(items, depth: depth + 1) }
        return all
    }

    /// The properties a mapping there may have, each with its schema, in the schema's order.
    func properties(of schema: JSON) -> [(name: String, schema: JSON)] {
        var seen: Set<String> = []
        var result: [(String, JSON)] = []
        for option in alternatives(schema) {
            guard case .object(let members)? = option["properties"] else { continue }
            for (name, property) in members where name != "$schema" && seen.insert(name).inserted { result.append((name, property)) }
        }
        return result
    }

    func child(of schema: JSON, key: String) -> JSON? {
        let options = alternatives(schema)
        for option in options { if let property = option["properties"]?[key] { return property } }
        for option in options { if let additional = option["additionalProperties"], case .object = additional { return additional } }
        return nil
    }

    /// Whether a mapping there is a registry (its keys are the writer's names).
    func isRegistry(_ schema: JSON) -> Bool {
        alternatives(schema).contains { $0["propertyNames"] != nil && $0["properties"] == nil }
    }

    /// Whether a mapping there is a text by locale.
    func isLocalizedText(_ schema: JSON) -> Bool {
        alternatives(schema).contains { $0["title"]?.stringValue == "Localized text" || resolveName($0) == "localizedText" }
    }

    private func resolveName(_ schema: JSON) -> String? {
        guard case .object(let definitions)? = root["$defs"] else { return nil }
        return definitions.first { $0.1 == schema }?.0
    }

    /// The values an enumeration there allows.
    func enumValues(of schema: JSON) -> [String] {
        var values: [String] = []
        for option in alternatives(schema) {
            for value in option["enum"]?.arrayValue ?? [] { if let text = value.stringValue, !values.contains(text) { values.append(text) } }
            if let constant = option["const"]?.stringValue, !values.contains(constant) { values.append(constant) }
        }
        return values
    }

    /// The title, description and examples of a schema, as Markdown.
    func documentation(of schema: JSON) -> (title: String?, markdown: String) {
        let resolved = resolve(schema)
        let title = schema["title"]?.stringValue ?? resolved["title"]?.stringValue
        var parts: [String] = []
        if let title { parts.append("**\(title)**") }
        if let description = schema["description"]?.stringValue ?? resolved["description"]?.stringValue { parts.append(description) }
        let examples = (schema["examples"] ?? resolved["examples"])?.arrayValue ?? []
        if !examples.isEmpty {
            parts.append("Example: " + examples.prefix(3).map { "`" + ($0.stringValue ?? $0.text) + "`" }.joined(separator: ", "))
        }
        let values = enumValues(of: schema)
        if !values.isEmpty { parts.append("One of: " + values.map { "`\($0)`" }.joined(separator: ", ")) }
        return (title, parts.joined(separator: "\n\n"))
    }
}
