import WhatsNewCore
import WhatsNewText

/// `/files/PATH`: the manifest's own files — the inputs, their fragments, the `--refs` files and the image files
/// the manifest names — and nothing else. A path is refused when it is not one of those files, spelled as the
/// manifest spells it from the first input's directory, or when it climbs (`..`, `.`, an empty or encoded
/// separator); the file is then read under the rules `compile` reads images by (`ConfinedImageFileSystem`:
/// no link out of that directory, regular files only).
struct ServedFiles {
    /// The directory the paths are relative to: the first input's.
    let root: String
    /// The files that may be served, as paths from the working directory.
    let files: [String]
    let fileSystem: any ImageFileSystem
    let limit: Int

    init(root: String, files: [String], fileSystem: any ImageFileSystem = ConfinedImageFileSystem(), limit: Int = 8 << 20) {
        self.root = root
        self.files = files
        self.fileSystem = fileSystem
        self.limit = limit
    }

    enum Refusal: Error, Equatable {
        /// The path is malformed or climbs out: 400.
        case badPath
        /// Not one of the manifest's files, or not readable under the rules: 404.
        case notServed
    }

    /// The components of a request path after `/files/`, decoded; nil when one is empty, `.` or `..`, or holds
    /// a `/`, a backslash or a NUL once decoded.
    static func components(of requestPath: String) -> [String]? {
        guard requestPath.hasPrefix("/files/") else { return nil }
        var components: [String] = []
        for raw in requestPath.dropFirst("/files/".count).split(separator: "/", omittingEmptySubsequences: false) {
            guard let name = PercentEncoding.decoded(raw), !name.isEmpty, name != ".", name != "..",
                  !name.contains("/"), !name.contains("\\"), !name.unicodeScalars.contains("\0") else { return nil }
            components.append(name)
        }
        return components.isEmpty ? nil : components
    }

    /// The bytes of the file at `requestPath`, or why not.
    func read(_ requestPath: String) -> Result<[UInt8], Refusal> {
        guard let components = Self.components(of: requestPath) else { return .failure(.badPath) }
        let relative = components.joined(separator: "/")
        let path = root == "." ? relative : root + "/" + relative
        guard files.contains(where: { Self.normalized($0) == Self.normalized(path) }) else { return .failure(.notServed) }
        switch fileSystem.open(relative, from: root, inside: root) {
        case .failure: return .failure(.notServed)
        case .success(let handle):
            switch handle.read(limit: limit) {
            case .success(let bytes) where bytes.count <= limit: return .success(bytes)
            default: return .failure(.notServed)
            }
        }
    }

    /// `path` without `./` components and doubled slashes, for comparing spellings.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// The media type of a served file, by its extension; text as plain text, never as a page.
    static func mediaType(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.split(separator: ".").count > 1 ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
        switch ext {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "svg": return "image/svg+xml"
        default: return "text/plain; charset=utf-8"
        }
    }
}
