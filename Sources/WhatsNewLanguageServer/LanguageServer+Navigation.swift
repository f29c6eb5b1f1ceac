extension LanguageServer {
    /// The registry key at the request's position, and the indexes of its manifest.
    private func symbol(_ params: JSON) throws(RPCError) -> (registry: Registry, key: String, indexes: [ManifestIndex], uri: String)? {
        let (document, offset) = try document(params)
        guard let symbol = index(of: document).symbol(at: offset) else { return nil }
        return (symbol.registry, symbol.key, unitIndexes(of: document.uri), document.uri)
    }

    func definition(_ params: JSON) throws(RPCError) -> JSON {
        guard let (registry, key, indexes, _) = try symbol(params) else { return .null }
        var locations: [JSON] = []
        for index in indexes {
            for definition in index.definitions where definition.registry == registry && definition.key == key {
                locations.append(index.location(definition.keyRange))
            }
        }
        return .array(locations)
    }

    func references(_ params: JSON) throws(RPCError) -> JSON {
        guard let (registry, key, indexes, _) = try symbol(params) else { return .null }
        let declarations = params["context"]?["includeDeclaration"]?.boolValue ?? true
        var locations: [JSON] = []
        for index in indexes {
            if declarations {
                for definition in index.definitions where definition.registry == registry && definition.key == key {
                    locations.append(index.location(definition.keyRange))
                }
            }
            for reference in index.references where reference.registry == registry && reference.key == key {
                locations.append(index.location(reference.range))
            }
        }
        return .array(locations)
    }

    func prepareRename(_ params: JSON) throws(RPCError) -> JSON {
        let (document, offset) = try document(params)
        let index = index(of: document)
        guard let symbol = index.symbol(at: offset) else { return .null }
        let range = index.definitions.first { $0.registry == symbol.registry && $0.key == symbol.key && ($0.keyRange.contains(offset) || $0.keyRange.upperBound == offset) }?.keyRange
            ?? index.references.first { $0.registry == symbol.registry && ($0.range.contains(offset) || $0.range.upperBound == offset) }?.range
        guard let range else { return .null }
        return .object([("range", index.textRange(range).json), ("placeholder", .string(symbol.key))])
    }

    func rename(_ params: JSON) throws(RPCError) -> JSON {
        guard let newName = params["newName"]?.stringValue else { throw .invalidParams("expected 'newName'") }
        guard Self.isRegistryKey(newName) else {
            throw RPCError(code: RPCError.requestFailed,
                           message: "expected a registry key (a letter or '_', then letters, digits, '_', '.' or '-'), found '\(newName)'")
        }
        guard let (registry, key, indexes, _) = try symbol(params) else { return .null }
        var changes: [(String, JSON)] = []
        for index in indexes {
            var edits: [JSON] = []
            for definition in index.definitions where definition.registry == registry && definition.key == key {
                edits.append(Self.textEdit(index.textRange(definition.keyRange), newName))
            }
            for reference in index.references where reference.registry == registry && reference.key == key {
                edits.append(Self.textEdit(index.textRange(reference.range), newName))
            }
            if !edits.isEmpty { changes.append((index.uri, .array(edits))) }
        }
        return .object([("changes", .object(changes))])
    }

    static func textEdit(_ range: TextRange, _ newText: String) -> JSON {
        .object([("range", range.json), ("newText", .string(newText))])
    }

    /// The schema's `registryKey` pattern: `^[A-Za-z_][A-Za-z0-9_.-]*$`, at most 200 characters.
    static func isRegistryKey(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.unicodeScalars.count <= 200 else { return false }
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" }
        return isLetter(first) && text.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
    }
}
