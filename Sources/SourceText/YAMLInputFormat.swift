/// Whether an input is YAML, or JSON held to RFC 8259.
package enum YAMLInputFormat: Sendable {
    case yaml
    case json

    /// JSON for a name ending in `.json`, YAML otherwise.
    package init(fileName: String) {
        self = fileName.lowercased().hasSuffix(".json") ? .json : .yaml
    }
}
