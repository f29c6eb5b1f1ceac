import WhatsNewCore

extension LanguageServer {
    /// The open document a request names, and the byte offset of its `position`.
    func document(_ params: JSON) throws(RPCError) -> (document: TextDocument, offset: Int) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { throw .invalidParams("expected 'textDocument.uri'") }
        guard let document = documents[uri] else { throw .invalidParams("expected an open document, found '\(uri)', which is not open") }
        let offset = TextPosition(params["position"]).map { document.lines.offset(of: $0) } ?? 0
        return (document, offset)
    }

    /// The index of an open document.
    func index(of document: TextDocument) -> ManifestIndex {
        ManifestIndex(uri: document.uri, name: Self.name(of: document.uri), bytes: document.bytes)
    }

    /// The indexes of every file of the manifest `uri` belongs to: itself (or its directory's fragments) and the
    /// `--refs` files, open texts before disk.
    func unitIndexes(of uri: String) -> [ManifestIndex] {
        var paths: [String] = []
        var indexes: [ManifestIndex] = []
        if let directory = fragmentDirectory(of: uri), let fragments = try? FileSystem.fragmentFiles(in: directory, extensions: [".yaml", ".yml", ".json"]) {
            paths += fragments.paths
        } else if let document = documents[uri] {
            indexes.append(index(of: document))
        }
        paths += configuration.refs
        for path in paths {
            if let open = openURI(ofPath: path), let document = documents[open] {
                indexes.append(index(of: document))
            } else if let bytes = try? FileSystem.readRegularFile(path, limit: ReadOptions().limits.maxInputBytes) {
                indexes.append(ManifestIndex(uri: DocumentURI.uri(of: path), name: path, bytes: bytes))
            }
        }
        if !indexes.contains(where: { $0.uri == uri }), let document = documents[uri] { indexes.append(index(of: document)) }
        return indexes
    }
}
