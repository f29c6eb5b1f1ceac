/// Keeps presented versions in a JSON state file (see `StateFileFormat`), safe against concurrent runs.
///
/// Reads need no lock: the file is only ever replaced whole (temporary file + rename). Every change
/// takes an exclusive `flock` on `<file>.lock` beside it, re-reads the file, applies the change and
/// writes it back before unlocking, so two runs recording different versions at once keep both.
/// The directory is created 0700 and the file written 0600, also when it is replaced: what a user has seen is
/// nobody else's business. A replaced file keeps its owner and group (root recording into a user's state
/// leaves it the user's). A directory that another user owns or can write is refused (as ssh refuses such a `~/.ssh`),
/// the state and lock files are opened without following a link or waiting on a FIFO, and a state larger
/// than `StateFileFormat.maxBytes`, which could not be read back, is refused rather than written.
/// A corrupt file is never overwritten; only `reset` removes it.
public final class FileStateStore: StateStore, Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The store of `appID` at its default location (see `StateLocation`).
    public convenience init(appID: String, environment: (String) -> String? = StateLocation.processEnvironment) throws(StateLocationError) {
        self.init(path: try StateLocation.defaultPath(appID: appID, environment: environment))
    }

    /// The lock file beside the state file.
    public var lockPath: String { path + ".lock" }

    /// The state directory.
    public var directory: String { FileSystem.directoryName(of: path) }

    public func read() throws(IOError) -> StateReading {
        guard try FileSystem.checkPrivateDirectoryIfPresent(directory) else { return StateReading() }
        guard let bytes = try FileSystem.readIfPresent(path, limit: StateFileFormat.maxBytes) else { return StateReading() }
        return StateFileFormat.decode(bytes, path: path)
    }

    @discardableResult
    public func update(_ change: (inout Set<SemanticVersion>) -> Void) throws(IOError) -> StateUpdateResult {
        if FileSystem.kind(of: path) == .missing {
            // Nothing to forget in a file that does not exist: leave the disk alone.
            var empty: Set<SemanticVersion> = []
            change(&empty)
            if empty.isEmpty { return .unchanged }
        }
        try FileSystem.createDirectories(directory)
        try FileSystem.checkPrivateDirectory(directory)
        return try FileSystem.withExclusiveLock(lockPath) { () throws(IOError) -> StateUpdateResult in
            let reading = try read()
            if let problem = reading.problem { return .skipped(problem) }
            var presented = reading.presented
            change(&presented)
            presented = Set(presented.map(\.canonical))
            if presented == reading.presented { return .unchanged }
            let bytes = StateFileFormat.encode(presented)
            guard bytes.count <= StateFileFormat.maxBytes else {
                throw IOError(path: path, reason: "the state would take \(bytes.count) bytes, more than the \(StateFileFormat.maxBytes) it can be "
                              + "read back with; nothing was written (forget old versions with 'whatsnew state forget', or 'state reset')",
                              writing: true)
            }
            try FileSystem.writeAtomically(bytes, to: path, mode: 0o600)
            return .saved
        }
    }

    public func reset() throws(IOError) {
        guard FileSystem.kind(of: directory) == .directory else { return }
        try FileSystem.checkPrivateDirectory(directory)
        try FileSystem.withExclusiveLock(lockPath) { () throws(IOError) in
            try FileSystem.removeIfPresent(path)
        }
    }
}
