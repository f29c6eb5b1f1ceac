extension LanguageServer {
    func initialize(_ params: JSON) -> JSON {
        initialized = true
        if let uri = params["rootUri"]?.stringValue, let path = DocumentURI.path(of: uri) {
            root = path
        } else if let folder = params["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue, let path = DocumentURI.path(of: folder) {
            root = path
        } else if let path = params["rootPath"]?.stringValue, path.hasPrefix("/") {
            root = path
        }
        var problems: [String] = []
        if let root { problems += configuration.load(root: root) }
        if let options = params["initializationOptions"] { problems += configuration.apply(options, root: root ?? "/") }
        for problem in problems { showMessage("whatsnew: " + problem, type: 2) }
        let capabilities: JSON = .object([
            ("positionEncoding", .string("utf-16")),
            ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2)), ("save", .object([("includeText", .bool(false))]))])),
            ("completionProvider", .object([("triggerCharacters", .array([.string(":"), .string(" ")]))])),
            ("hoverProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("renameProvider", .object([("prepareProvider", .bool(true))])),
            ("documentSymbolProvider", .bool(true)),
            ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
        ])
        return .object([("capabilities", capabilities), ("serverInfo", .object([("name", .string("whatsnew")), ("version", .string(version))]))])
    }

    func didChangeConfiguration(_ params: JSON) {
        guard let settings = params["settings"]?["whatsnew"] else { return }
        var updated = ServerConfiguration()
        var problems: [String] = []
        if let root { problems += updated.load(root: root) }
        problems += updated.apply(settings, root: root ?? "/")
        for problem in problems { showMessage("whatsnew: " + problem, type: 2) }
        configuration = updated
        for document in documents.values { schedule(unit(of: document.uri)) }
    }
}
