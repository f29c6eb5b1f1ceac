import WhatsNewDiagnostics
import WhatsNewText

/// `invalid-url` (error): an `openURL`, the `app.url` or the `app.repository` that is not an absolute http, https or mailto URL —
/// `javascript:`, `data:`, `file:`, scheme-relative (`//host`) and relative links are refused.
struct InvalidURLRule: ManifestRule {
    func check(_ manifest: Manifest, engine: DiagnosticEngine) {
        if let app = manifest.app, let url = app.url, let problem = Self.problem(with: url) {
            engine.report(Diagnostic(.error, code: .invalidUrl, message: "invalid URL '\(url)' for 'app.url': \(problem)",
                                     at: app.urlLocation, fix: "write the app's absolute URL such as 'https://example.com'"))
        }
        if let app = manifest.app, let url = app.repository, let problem = Self.problem(with: url) {
            engine.report(Diagnostic(.error, code: .invalidUrl, message: "invalid URL '\(url)' for 'app.repository': \(problem)",
                                     at: app.repositoryLocation, fix: "write the repository's URL such as 'https://github.com/owner/name'"))
        }
        var actions = manifest.secondaryActions.entries.map(\.value)
        for version in manifest.versions.indices {
            if case .inline(let action)? = manifest.versions[version].secondaryAction { actions.append(action) }
        }
        if case .inline(let action)? = manifest.defaults.secondaryAction { actions.append(action) }
        for tip in manifest.tips {
            for action in tip.actions {
                guard let url = action.openURL, let problem = Self.problem(with: url) else { continue }
                engine.report(Diagnostic(.error, code: .invalidUrl, message: "invalid URL '\(url)' for 'openURL' of tip '\(tip.id)': \(problem)",
                                         at: action.urlLocation, fix: "write an absolute URL such as 'https://example.com/notes'"))
            }
        }
        // (An action with errors may have written more than one kind: see `otherKinds`.)
        for action in actions {
            for written in action.writtenKinds {
                guard case .openURL(let url) = written.kind, let problem = Self.problem(with: url) else { continue }
                engine.report(Diagnostic(.error, code: .invalidUrl, message: "invalid URL '\(url)' for 'openURL': \(problem)",
                                         at: written.urlLocation ?? action.location, fix: "write an absolute URL such as 'https://example.com/notes'"))
            }
        }
    }

    /// What is wrong with a URL, or nil when it is an absolute http, https or mailto URL.
    static func problem(with url: String) -> String? {
        if url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || TerminalSafeText.isUnsafe($0) }) {
            return "it contains spaces or control characters; expected an absolute http, https or mailto URL"
        }
        guard let colon = url.firstIndex(of: ":") else {
            return "it has no scheme; expected an absolute http, https or mailto URL"
        }
        let scheme = url[..<colon].lowercased()
        let rest = url[url.index(after: colon)...]
        switch scheme {
        case "http", "https":
            guard rest.hasPrefix("//"), rest.dropFirst(2).prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).contains(where: { $0 != "@" && $0 != ":" }) else {
                return "it has no host; expected '\(scheme)://host/…'"
            }
            return nil
        case "mailto":
            return rest.contains("@") ? nil : "expected an address, as in 'mailto:support@example.com'"
        default:
            return "the scheme '\(scheme):' is not allowed; expected http, https or mailto"
        }
    }
}
