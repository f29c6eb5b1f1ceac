/// The format of a `--refs-out` file: that of `--refs` files, YAML or JSON by the file's extension.
package enum WhatsNewKitRefsFormat: String, Sendable, Hashable, CaseIterable {
    case yaml, json

    /// The format `.yaml`, `.yml` or `.json` names; nil for any other extension.
    package init?(fileExtensionOf path: String) {
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
package struct WhatsNewKitRefsOutput: Sendable, Hashable {
    package let path: String
    package let text: String

    package init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
