import Threads
import WhatsNewCore

extension LanguageServer {
    func didOpen(_ params: JSON) {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else { return }
        documents[uri] = TextDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: text)
        changed(uri)
    }

    func didChange(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, var document = documents[uri] else { return }
        for change in params["contentChanges"]?.arrayValue ?? [] {
            guard let text = change["text"]?.stringValue else { continue }
            document.apply(range: TextRange(change["range"]), text: text)
        }
        document.setVersion(params["textDocument"]?["version"]?.intValue ?? document.version + 1)
        documents[uri] = document
        changed(uri)
    }

    func didClose(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, documents.removeValue(forKey: uri) != nil else { return }
        // What the editor shows of a closed file goes; the manifest it belongs to is checked again from disk.
        notify("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
        if isReferenceFile(uri) || fragmentDirectory(of: uri) != nil { changed(uri) }
    }

    func didSave(_ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { return }
        // Another manifest may read the saved file from disk (a fragment or --refs file that is not open).
        if isReferenceFile(uri) || fragmentDirectory(of: uri) != nil { changed(uri) }
    }

    /// Checks what a change of `uri` affects: its manifest, or every open manifest for a `--refs` file.
    func changed(_ uri: String) {
        if isReferenceFile(uri) {
            for document in documents.values where !isReferenceFile(document.uri) { schedule(unit(of: document.uri)) }
            return
        }
        if documents[uri] != nil || fragmentDirectory(of: uri) != nil { schedule(unit(of: uri)) }
    }

    func isReferenceFile(_ uri: String) -> Bool {
        guard let path = DocumentURI.path(of: uri) else { return false }
        return configuration.refs.contains(ServerConfiguration.normalized(path))
    }

    /// The configured fragment directory that holds `uri`'s file.
    func fragmentDirectory(of uri: String) -> String? {
        guard let path = DocumentURI.path(of: uri) else { return nil }
        let directory = ServerConfiguration.normalized(FileSystem.directoryName(of: path))
        return configuration.fragmentDirectories.contains(directory) ? directory : nil
    }

    func unit(of uri: String) -> CheckUnit {
        fragmentDirectory(of: uri).map { .fragments(directory: $0) } ?? .document(uri: uri)
    }

    /// Asks for a check of `unit`: at once when none runs, otherwise when the running one ends.
    func schedule(_ unit: CheckUnit) {
        if !pending.contains(unit) { pending.append(unit) }
        startNextCheck()
    }

    func startNextCheck() {
        guard running == nil, !pending.isEmpty else {
            answerDeferredShutdown()
            return
        }
        let unit = pending.removeFirst()
        guard let (check, versions) = makeCheck(unit) else {
            startNextCheck()
            return
        }
        nextCheckID += 1
        let id = nextCheckID
        let events = self.events
        running = (id, nil, unit, versions)
        let work = BackgroundWork(onItsOwnThread: {
            events.send(.checked(id: id, results: check.run()))
            return true
        })
        if let work {
            running?.work = work
        } else {
            running = nil
            finishCheck(id: id, results: check.run(), versions: versions)
        }
    }

    /// Publishes a finished check's diagnostics, unless a text it read has changed since (a newer check then
    /// follows), and starts the next check.
    func finishCheck(id: Int, results: [(uri: String, diagnostics: [JSON])]) {
        guard let current = running, current.id == id else { return }
        _ = current.work?.result
        running = nil
        finishCheck(id: id, results: results, versions: current.versions)
    }

    private func finishCheck(id: Int, results: [(uri: String, diagnostics: [JSON])], versions: [String: Int]) {
        let unchanged = versions.allSatisfy { documents[$0.key]?.version == $0.value } && documentsWereOpen(versions)
        if unchanged {
            for (uri, diagnostics) in results {
                var params: [(String, JSON)] = [("uri", .string(uri)), ("diagnostics", .array(diagnostics))]
                if let version = documents[uri]?.version { params.insert(("version", .int(version)), at: 1) }
                notify("textDocument/publishDiagnostics", .object(params))
            }
        }
        startNextCheck()
    }

    private func documentsWereOpen(_ versions: [String: Int]) -> Bool {
        versions.keys.allSatisfy { documents[$0] != nil }
    }

    /// A check of `unit` over the texts open now (and the others from disk), with the versions it reads.
    func makeCheck(_ unit: CheckUnit) -> (ManifestCheck, [String: Int])? {
        var versions: [String: Int] = [:]
        var uris: [String: String] = [:]
        var inputs: [InMemoryInput] = []
        var skipped: [Diagnostic] = []
        let primaryURI: String
        let baseDirectory: String
        switch unit {
        case .document(let uri):
            guard let document = documents[uri] else { return nil }
            let name = Self.name(of: uri)
            inputs.append(InMemoryInput(name: name, contents: document.bytes))
            uris[name] = uri
            versions[uri] = document.version
            primaryURI = uri
            baseDirectory = DocumentURI.path(of: uri).map { FileSystem.directoryName(of: $0) } ?? (root ?? ".")
        case .fragments(let directory):
            primaryURI = DocumentURI.uri(of: directory)
            baseDirectory = directory
            let fragments: FragmentFiles
            do {
                fragments = try FileSystem.fragmentFiles(in: directory, extensions: [".yaml", ".yml", ".json"])
            } catch {
                return nil
            }
            skipped = fragments.skipped.map(\.diagnostic)
            for path in fragments.paths {
                let uri = openURI(ofPath: path) ?? DocumentURI.uri(of: path)
                uris[path] = uri
                if let document = documents[uri] {
                    inputs.append(InMemoryInput(name: path, contents: document.bytes))
                    versions[uri] = document.version
                } else if let bytes = try? FileSystem.readRegularFile(path, limit: ReadOptions().limits.maxInputBytes + 1) {
                    inputs.append(InMemoryInput(name: path, contents: bytes))
                }
            }
        }
        var openReferences: [InMemoryInput] = []
        var diskReferences: [String] = []
        for path in configuration.refs {
            if let uri = openURI(ofPath: path), let document = documents[uri] {
                openReferences.append(InMemoryInput(name: path, contents: document.bytes))
                uris[path] = uri
                versions[uri] = document.version
            } else {
                diskReferences.append(path)
            }
        }
        var isFragments = false
        if case .fragments = unit { isFragments = true }
        let check = ManifestCheck(inputs: inputs, isFragments: isFragments, skippedFragments: skipped,
                                  openReferences: openReferences, diskReferences: diskReferences, baseDirectory: baseDirectory,
                                  configuration: configuration, primaryURI: primaryURI, uris: uris)
        return (check, versions)
    }

    /// The URI of the open document of a path, whatever escapes its client wrote.
    func openURI(ofPath path: String) -> String? {
        documents.keys.first { DocumentURI.path(of: $0).map(ServerConfiguration.normalized) == path }
    }

    /// The name diagnostics give a document: its path, or for a URI of another scheme the URI itself.
    static func name(of uri: String) -> String {
        DocumentURI.path(of: uri) ?? uri
    }
}
