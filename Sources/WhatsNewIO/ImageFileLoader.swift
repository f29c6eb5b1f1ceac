import Threads

/// Reads the `file:` images of one manifest under `ImageFileOptions`: checks each path, opens it through the
/// options' file system, and keeps each file read once by its identity (device and inode), so that many
/// spellings of one path cost one read, one copy and count once against the total limit. What a spelling
/// gave is remembered too, so a logo shown by thousands of features is opened once. Safe to share between
/// threads.
package final class ImageFileLoader: Sendable {
    /// A file read and checked: its type and bytes.
    package struct Loaded: Sendable {
        package let identity: FileIdentity
        package let type: ImageType
        package let bytes: [UInt8]
    }

    private struct State {
        var byIdentity: [FileIdentity: Loaded] = [:]
        /// By directory and path: the outcome of each spelling asked for.
        var bySpelling: [Spelling: Result<Loaded, ImageFileProblem>] = [:]
        var totalBytes = 0
    }

    private struct Spelling: Hashable {
        let directory: String
        let path: String
    }

    package let options: ImageFileOptions
    private let state = Locked(State())

    package init(options: ImageFileOptions) {
        self.options = options
    }

    /// The image `path` names, declared in a file in `directory`; a failure says why it cannot be inlined.
    package func load(_ path: String, declaredIn directory: String) -> Result<Loaded, ImageFileProblem> {
        let spelling = Spelling(directory: directory, path: path)
        if let known = state.withLock({ $0.bySpelling[spelling] }) { return known }
        let result = open(path, declaredIn: directory)
        state.withLock { $0.bySpelling[spelling] = result }
        return result
    }

    private func open(_ path: String, declaredIn directory: String) -> Result<Loaded, ImageFileProblem> {
        if let problem = Self.problem(inPath: path, declaredIn: directory, confined: options.assetsRoot == nil) { return .failure(problem) }
        let handle: any ImageFileHandle
        switch options.fileSystem.open(path, from: directory, inside: options.assetsRoot ?? directory) {
        case .success(let opened): handle = opened
        case .failure(let problem): return .failure(problem)
        }
        guard let type = ImageType(path: path) else { return .failure(.unsupportedType(path)) }
        return state.withLock { state -> Result<Loaded, ImageFileProblem> in
            if let known = state.byIdentity[handle.identity] { return .success(known) }
            let limit = options.maxBytesPerImage
            if handle.size > limit { return .failure(.tooLarge(size: handle.size, limit: limit)) }
            if state.totalBytes + handle.size > options.maxTotalBytes { return .failure(.totalTooLarge(limit: options.maxTotalBytes)) }
            let bytes: [UInt8]
            switch handle.read(limit: limit) {
            case .success(let read): bytes = read
            case .failure(let problem): return .failure(problem)
            }
            if bytes.count > limit { return .failure(.tooLarge(size: bytes.count, limit: limit)) }
            if state.totalBytes + bytes.count > options.maxTotalBytes { return .failure(.totalTooLarge(limit: options.maxTotalBytes)) }
            guard type.matches(bytes) else { return .failure(.wrongContent(expected: type.described)) }
            let loaded = Loaded(identity: handle.identity, type: type, bytes: bytes)
            state.totalBytes += bytes.count
            state.byIdentity[handle.identity] = loaded
            return .success(loaded)
        }
    }

    /// What is wrong with a path before any file is opened: a control character (a NUL would end the path
    /// `open` sees), an absolute path, and, when images stay in their declaring directory, a `..` that climbs
    /// out of it.
    package static func problem(inPath path: String, declaredIn directory: String, confined: Bool) -> ImageFileProblem? {
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) { return .controlCharacter }
        if path.hasPrefix("/") { return .absolutePath }
        if path.isEmpty { return .notRegularFile(kind: "an empty path") }
        guard confined else { return nil }
        var depth = 0
        for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
            depth += component == ".." ? -1 : 1
            if depth < 0 { return .outsideRoot(root: directory) }
        }
        return nil
    }

    /// The directory a declaring file's relative image paths start from ("." for standard input, `<stdin>`).
    package static func directory(ofDeclaringFile name: String) -> String {
        FileSystem.directoryName(of: name)
    }
}
