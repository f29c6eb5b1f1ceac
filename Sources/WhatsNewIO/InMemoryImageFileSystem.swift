/// Image files held in memory, by path relative to the root: for tests and the fuzzer, which must never
/// touch (or hang on) the disk. A path resolves lexically (`a/../b` is `b`); one that climbs above the root
/// is outside it, whatever `directory` is.
package struct InMemoryImageFileSystem: ImageFileSystem {
    package var files: [String: [UInt8]]

    package init(files: [String: [UInt8]] = [:]) {
        self.files = files
    }

    package func open(_ path: String, from directory: String, inside root: String) -> Result<any ImageFileHandle, ImageFileProblem> {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
            if component == ".." {
                guard components.popLast() != nil else { return .failure(.outsideRoot(root: root)) }
            } else {
                components.append(component)
            }
        }
        let key = components.joined(separator: "/")
        guard let index = files.index(forKey: key) else {
            let isDirectory = key.isEmpty || files.keys.contains { $0.hasPrefix(key + "/") }
            return .failure(isDirectory ? .notRegularFile(kind: "a directory") : .missing(directory: directory))
        }
        let identity = FileIdentity(device: 0, inode: UInt64(files.distance(from: files.startIndex, to: index)))
        return .success(Handle(identity: identity, bytes: files[index].value))
    }

    private final class Handle: ImageFileHandle {
        let identity: FileIdentity
        let bytes: [UInt8]
        var size: Int { bytes.count }

        init(identity: FileIdentity, bytes: [UInt8]) {
            self.identity = identity
            self.bytes = bytes
        }

        func read(limit: Int) -> Result<[UInt8], ImageFileProblem> {
            .success(Array(bytes.prefix(limit + 1)))
        }
    }
}
