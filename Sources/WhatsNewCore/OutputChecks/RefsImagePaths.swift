import WhatsNewIO

/// Image file paths for a `--refs-out` file: relative to its directory, inside it or inside `--assets-root`.
struct RefsImagePaths: Sendable {
    let refsFile: String
    let assetsRoot: String?
    private let directory: [Substring]
    private let root: [Substring]

    init(refsFile: String, assetsRoot: String?) {
        self.refsFile = refsFile
        self.assetsRoot = assetsRoot
        directory = Self.absolute(FileSystem.directoryName(of: refsFile))
        root = assetsRoot.map(Self.absolute) ?? directory
    }

    /// `path` (relative to `declaringDirectory`) relative to the refs file's directory; nil when it lies outside
    /// the root, where `--refs` would refuse it.
    func relativePath(of path: String, declaredIn declaringDirectory: String) -> String? {
        let target = Self.normalized(Self.absolute(declaringDirectory) + path.split(separator: "/", omittingEmptySubsequences: true))
        guard target.count > root.count, Array(target.prefix(root.count)) == root else { return nil }
        var common = 0
        while common < directory.count, common < target.count - 1, directory[common] == target[common] { common += 1 }
        let up = Array(repeating: Substring(".."), count: directory.count - common)
        return (up + target[common...]).joined(separator: "/")
    }

    /// The components of `path` made absolute, links resolved where it exists.
    private static func absolute(_ path: String) -> [Substring] {
        if let real = FileSystem.realPath(path) { return normalized(real.split(separator: "/")) }
        let base = path.hasPrefix("/") ? [] : (FileSystem.realPath(".") ?? "").split(separator: "/")
        return normalized(base + path.split(separator: "/"))
    }

    /// The components without `.` and with each `..` applied.
    private static func normalized(_ components: [Substring]) -> [Substring] {
        var result: [Substring] = []
        for component in components {
            switch component {
            case "", ".": continue
            case "..": if !result.isEmpty { result.removeLast() }
            default: result.append(component)
            }
        }
        return result
    }
}
