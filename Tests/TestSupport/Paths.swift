import Foundation

/// Where the repository, its fixtures and the built binary are.
public enum Paths {
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    public static var fixtures: URL { repositoryRoot.appendingPathComponent("Fixtures") }

    /// The `whatsnew` binary built beside the test bundle.
    public static var binary: URL {
        let bundleDirectory = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("whatsnew"),
            bundleDirectory.appendingPathComponent("whatsnew"),
            repositoryRoot.appendingPathComponent(".build/debug/whatsnew"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]
    }

    public static func relative(_ url: URL) -> String {
        let root = repositoryRoot.path + "/"
        return url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.path
    }

    /// The subdirectories of a fixture directory, sorted.
    public static func cases(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }.filter { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
