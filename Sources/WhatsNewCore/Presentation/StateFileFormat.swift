import YAMLTree

/// The state file's JSON: `{"formatVersion": 1, "presented": ["1.0.0", "1.1.0"]}`, versions canonical and
/// sorted by precedence, written the same way byte for byte every time. Read strictly: anything else is
/// a corrupt file, reported as a `corrupt-state-file` warning at its position.
enum StateFileFormat {
    static let formatVersion = 1
    static let code = "corrupt-state-file"
    /// Larger than any real state file (a version is ~10 bytes), small enough to read at once.
    static let maxBytes = 4 << 20

    static func encode(_ presented: Set<SemanticVersion>) -> [UInt8] {
        let versions = Set(presented.map(\.canonical)).sorted()
        var text = "{\n  \"formatVersion\": \(formatVersion),\n  \"presented\": ["
        text += versions.isEmpty ? "]\n}\n" : "\n" + versions.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n  ]\n}\n"
        return Array(text.utf8)
    }

    /// The presented versions, or why the file cannot be used (and then no versions).
    static func decode(_ bytes: [UInt8], path: String) -> StateReading {
        let file = SourceFile(name: path, contents: bytes, format: .json)
        func corrupt(_ message: String, at range: SourceRange? = .fileStart) -> StateReading {
            StateReading(problem: Diagnostic(.warning, code: code, message: "corrupt state file (left untouched, read as empty): " + message,
                                file: file, range: range,
                                fix: "repair or delete the file, or start over with 'whatsnew state reset'"))
        }
        if bytes.count > maxBytes { return corrupt("the file is larger than \(maxBytes) bytes; expected a small JSON object") }
        let document = YAMLParser.parse(file, format: .json)
        if let error = document.errors.first { return corrupt("not valid JSON: \(error.message)", at: error.range) }
        guard let root = document.root else { return corrupt("the file is empty; expected a JSON object") }
        guard let pairs = root.mapping else {
            return corrupt("expected a JSON object with 'formatVersion' and 'presented', found \(root.kindDescription)", at: root.range)
        }
        guard let formatNode = root["formatVersion"] else {
            return corrupt("'formatVersion' is missing; expected \(formatVersion)", at: root.range)
        }
        guard let format = formatNode.scalar?.intValue else {
            return corrupt("expected an integer for 'formatVersion', found \(formatNode.kindDescription)", at: formatNode.range)
        }
        guard format == formatVersion else {
            return corrupt("unknown format version \(format); expected \(formatVersion)", at: formatNode.range)
        }
        for pair in pairs {
            let key = pair.key.scalar?.text ?? ""
            if key != "formatVersion", key != "presented" {
                return corrupt("unknown key '\(key)'; expected only 'formatVersion' and 'presented'", at: pair.key.range)
            }
        }
        guard let presentedNode = root["presented"] else {
            return corrupt("'presented' is missing; expected a list of versions", at: root.range)
        }
        guard let items = presentedNode.sequence else {
            return corrupt("expected a list of versions for 'presented', found \(presentedNode.kindDescription)", at: presentedNode.range)
        }
        var presented: Set<SemanticVersion> = []
        for item in items {
            guard let scalar = item.scalar, scalar.kind == .string else {
                return corrupt("expected a version string in 'presented', found \(item.kindDescription)", at: item.range)
            }
            switch SemanticVersion.parse(scalar.text) {
            case .success(let version): presented.insert(version.canonical)
            case .failure(let error): return corrupt("'\(scalar.text)' in 'presented' is not a version: \(error.reason)", at: item.range)
            }
        }
        return StateReading(presented: presented)
    }
}
