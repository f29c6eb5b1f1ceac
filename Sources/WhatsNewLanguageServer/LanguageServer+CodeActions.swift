extension LanguageServer {
    /// Quick fixes for the diagnostics the client sends back: the did-you-mean replacement, a missing key
    /// added, an unused registry entry removed, a URL's missing scheme.
    func codeActions(_ params: JSON) throws(RPCError) -> JSON {
        let (document, _) = try document(params)
        var actions: [JSON] = []
        for diagnostic in params["context"]?["diagnostics"]?.arrayValue ?? [] {
            guard diagnostic["source"]?.stringValue == "whatsnew", let range = TextRange(diagnostic["range"]) else { continue }
            let code = diagnostic["code"]?.stringValue ?? ""
            let message = diagnostic["message"]?.stringValue ?? ""
            let fix = diagnostic["data"]?["fix"]?.stringValue
            for (title, edit, preferred) in QuickFixes.fixes(code: code, message: message, fix: fix, range: range, document: document, index: index(of: document)) {
                actions.append(.object([
                    ("title", .string(title)),
                    ("kind", .string("quickfix")),
                    ("diagnostics", .array([diagnostic])),
                    ("isPreferred", .bool(preferred)),
                    ("edit", .object([("changes", .object([(document.uri, .array([edit]))]))])),
                ]))
            }
        }
        return .array(actions)
    }
}
