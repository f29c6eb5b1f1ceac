import SourceText
import WhatsNewCore
import YAMLTree

/// What `validate` is told on its command line, for the editor: `--refs` files, `--lint` stores, `--strict`,
/// `--max-diagnostics`, and which directories are manifests of fragments. Read from the workspace's
/// `.whatsnew.yaml`, then from the client's `initializationOptions` (which win).
package struct ServerConfiguration: Sendable {
    /// The name of the workspace file.
    package static let fileName = ".whatsnew.yaml"

    /// Absolute paths of the `--refs` files.
    package var refs: [String] = []
    package var lints: [StoreLint] = []
    package var strict = false
    package var maxDiagnostics: Int = DiagnosticEngine.defaultLimit
    /// Absolute paths of directories read as one manifest of fragments.
    package var fragmentDirectories: [String] = []

    package init() {}

    /// Applies the members of `json` (`refs`, `lint`, `strict`, `maxDiagnostics`, `fragments`); paths are
    /// relative to `root`. Returns a message for each member it could not use.
    package mutating func apply(_ json: JSON, root: String) -> [String] {
        guard case .object(let members) = json else { return json == .null ? [] : ["expected an object of settings, found \(json.kind)"] }
        var problems: [String] = []
        for (key, value) in members {
            switch key {
            case "refs":
                guard let paths = Self.strings(value) else { problems.append("expected a list of paths for 'refs', found \(value.kind)"); continue }
                refs = paths.map { Self.absolute($0, root: root) }
            case "fragments":
                guard let paths = Self.strings(value) else { problems.append("expected a list of directories for 'fragments', found \(value.kind)"); continue }
                fragmentDirectories = paths.map { Self.absolute($0, root: root) }
            case "lint":
                guard let names = Self.strings(value) else { problems.append("expected a list of 'appstore' or 'playstore' for 'lint', found \(value.kind)"); continue }
                var stores: [StoreLint] = []
                for name in names {
                    guard let store = StoreLint(rawValue: name) else {
                        problems.append("expected 'appstore' or 'playstore' in 'lint', found '\(name)'")
                        continue
                    }
                    stores.append(store)
                }
                lints = stores
            case "strict":
                guard let flag = value.boolValue else { problems.append("expected true or false for 'strict', found \(value.kind)"); continue }
                strict = flag
            case "maxDiagnostics":
                guard let count = value.intValue, count >= 0 else { problems.append("expected a count of at least 0 for 'maxDiagnostics', found \(value.kind)"); continue }
                maxDiagnostics = count
            default:
                problems.append("unknown setting '\(key)'; expected refs, fragments, lint, strict or maxDiagnostics")
            }
        }
        return problems
    }

    /// Reads `.whatsnew.yaml` in `root` when there is one; its problems are returned as messages.
    package mutating func load(root: String) -> [String] {
        let path = root.hasSuffix("/") ? root + Self.fileName : root + "/" + Self.fileName
        switch FileSystem.kind(of: path) {
        case .missing: return []
        case .file: break
        case .directory, .other:
            return ["expected a regular file for '\(path)', found a directory, a FIFO, a device or a link that leads out of its folder; it was not read"]
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(path, limit: 1 << 20)
        } catch {
            return [error.description]
        }
        let document = YAMLParser.parse(SourceFile(name: path, contents: bytes))
        if let error = document.errors.first {
            return ["\(path):\(error.range.start): \(error.message)"]
        }
        guard let root = document.root else { return [] }
        return apply(JSON(root), root: FileSystem.directoryName(of: path)).map { "\(path): \($0)" }
    }

    static func strings(_ json: JSON) -> [String]? {
        if let single = json.stringValue { return [single] }
        guard let elements = json.arrayValue else { return nil }
        let strings = elements.compactMap(\.stringValue)
        return strings.count == elements.count ? strings : nil
    }

    static func absolute(_ path: String, root: String) -> String {
        if path.hasPrefix("/") { return normalized(path) }
        return normalized(root + "/" + path)
    }

    /// A path without `.` components, `..` taken back, and no trailing `/`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
