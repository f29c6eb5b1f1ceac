/// What a change is, in Keep a Changelog's words (`kind: fixed`): the `### Fixed` group a feature is listed
/// under by `--markdown-style keepachangelog`.
package enum FeatureKind: String, Sendable, Hashable, CaseIterable {
    case added, changed, deprecated, removed, fixed, security

    /// The group's heading, as Keep a Changelog writes it: "Added", "Changed", …
    package var heading: String {
        switch self {
        case .added: return "Added"
        case .changed: return "Changed"
        case .deprecated: return "Deprecated"
        case .removed: return "Removed"
        case .fixed: return "Fixed"
        case .security: return "Security"
        }
    }

    /// The kind a group heading names (any case, white space at its ends ignored); nil for another heading.
    package init?(heading: String) {
        let word = heading.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        self.init(rawValue: String(word).lowercased())
    }
}
