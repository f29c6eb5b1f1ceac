/// The format of a `--refs-out` file: that of `--refs` files, YAML or JSON by the file's extension.
public enum WhatsNewKitRefsFormat: String, Sendable, Hashable, CaseIterable {
    case yaml, json

    /// The format `.yaml`, `.yml` or `.json` names; nil for any other extension.
    public init?(fileExtensionOf path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "yaml", "yml": self = .yaml
        case "json": self = .json
        default: return nil
        }
    }
}

/// The registries of a WhatsNewKit JSON output, rendered for the file `--refs-out` names.
public struct WhatsNewKitRefsOutput: Sendable, Hashable {
    public let path: String
    public let text: String
}
