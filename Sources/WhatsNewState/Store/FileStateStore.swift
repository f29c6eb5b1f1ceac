import WhatsNewDiagnostics
import WhatsNewIO
import WhatsNewText

/// Keeps the state in a JSON file (see `StateFileFormat`), safe against concurrent runs and merged with the
/// conflict copies sync tools leave beside it (see `ConflictCopies`).
///
/// Reads need no lock: the file is only ever replaced whole (temporary file + rename). Every change
/// takes an exclusive `flock` on `<file>.lock` beside it, re-reads the file and its conflict copies, applies
/// the change and writes the merged state back before unlocking, then removes the copies it merged, so two
/// runs recording different versions at once keep both, and no copy is removed before its records are safe.
/// The directory is created 0700 and the file written 0600, also when it is replaced: what a user has seen is
/// nobody else's business. A replaced file keeps its owner and group (root recording into a user's state
/// leaves it the user's). A directory that another user owns or can write is refused (as ssh refuses such a `~/.ssh`),
/// the state and lock files are opened without following a link or waiting on a FIFO, and a state larger
/// than `StateFileFormat.maxBytes`, which could not be read back, is refused rather than written.
/// A corrupt file is never overwritten, except by `reset`; a corrupt conflict copy is reported and left in place.
public final class FileStateStore: StateStore, Sendable {
    public let path: String
    package let clock: StateClock
    package let identity: DeviceIdentity

    /// The state file at `path`.
    public convenience init(path: String) {
        self.init(path: path, clock: .system, identity: .standard())
    }

    /// The state file of `appID` where `whatsnew show` keeps it: `$XDG_STATE_HOME/whatsnew/<app-id>.json`, else
    /// `~/.local/state/whatsnew/<app-id>.json`.
    public convenience init(appID: String) throws(StateLocationError) {
        try self.init(appID: appID, environment: StateLocation.processEnvironment, clock: .system)
    }

    package init(path: String, clock: StateClock, identity: DeviceIdentity = .standard()) {
        self.path = path
        self.clock = clock
        self.identity = identity
    }

    /// The store of `appID` at its default location (see `StateLocation`).
    package convenience init(appID: String, environment: (String) -> String?,
                             clock: StateClock = .system) throws(StateLocationError) {
        self.init(path: try StateLocation.defaultPath(appID: appID, environment: environment), clock: clock,
                  identity: .standard(environment: environment))
    }

    /// The lock file beside the state file.
    public var lockPath: String { path + ".lock" }

    /// The state directory.
    public var directory: String { FileSystem.directoryName(of: path) }

    public func read() throws(IOError) -> StateReading {
        guard try FileSystem.checkPrivateDirectoryIfPresent(directory) else { return StateReading() }
        var reading = StateReading()
        if let bytes = try FileSystem.readIfPresent(path, limit: StateFileFormat.maxBytes) {
            reading = StateFileDecoder.decode(bytes, path: path)
        }
        let copies = try ConflictCopies.select(beside: path)
        for copy in copies.paths {
            let copied = readCopy(copy)
            if let problem = copied.problem {
                reading.warnings.append(problem)
            } else {
                reading.state.merge(copied.state)
                reading.mergedCopies.append(copy)
            }
        }
        if copies.waiting > 0 { reading.warnings.append(waitingCopies(copies.waiting)) }
        return reading
    }

    /// The warning for conflict copies left for a later read.
    private func waitingCopies(_ count: Int) -> Diagnostic {
        let limit = "\(ConflictCopies.maxBytesPerRead >> 20) MiB"
        return Diagnostic(.warning, code: StateFileFormat.code,
                          message: "\(count) conflict cop\(count == 1 ? "y was" : "ies were") not read: the copies beside "
                              + "'\(TerminalSafeText.visible(path))' take more than the \(limit) one read takes; expected fewer, smaller copies "
                              + "(the next runs merge them as the ones read are removed)",
                          fix: "move away or delete the files named like conflict copies that are not copies of the state file")
    }

    /// A conflict copy, or the warning that leaves it in place.
    private func readCopy(_ copy: String) -> StateReading {
        do {
            let bytes = try FileSystem.readRegularFile(copy, limit: StateFileFormat.maxBytes)
            return StateFileDecoder.decode(bytes, path: copy, label: "conflict copy", consequence: "left in place, not merged")
        } catch {
            return StateReading(problem: Diagnostic(.warning, code: StateFileFormat.code,
                                                    message: "conflict copy left in place, not merged: \(error.description)",
                                                    fix: "move the file away or delete it if it is not a copy of the state file"))
        }
    }

    /// Merges other copies of the state (`whatsnew state merge FILE…`) into this one, under the lock; each is
    /// read as strictly as the state file. Returns what was read of each, in order; nothing is written
    /// when one of them is corrupt.
    public func merge(files: [String]) throws(IOError) -> [StateReading] {
        var readings: [StateReading] = []
        for file in files {
            let bytes = try FileSystem.readRegularFile(file, limit: StateFileFormat.maxBytes)
            readings.append(StateFileDecoder.decode(bytes, path: file, label: "state copy", consequence: "nothing was merged"))
        }
        if readings.contains(where: { $0.problem != nil }) { return readings }
        let result = try update { state, _ in
            for reading in readings { state.merge(reading.state) }
        }
        if case .skipped(let problem) = result { return readings + [StateReading(problem: problem)] }
        return readings
    }

    @discardableResult
    public func update(_ change: (inout SyncedState, Stamp) -> Void) throws(IOError) -> StateUpdateResult {
        if FileSystem.kind(of: path) == .missing, try !hasConflictCopies() {
            // Nothing to forget in a file that does not exist: leave the disk alone.
            var empty = SyncedState()
            change(&empty, Stamp(milliseconds: clock.now(), device: StateFileFormat.legacyDevice))
            empty.normalize()
            if empty == SyncedState() { return .unchanged }
        }
        return try write { reading throws(IOError) -> Decision in
            if let problem = reading.problem { return .skip(problem) }
            var state = reading.state
            change(&state, state.nextStamp(now: clock.now(), device: try identity.deviceID()))
            state.normalize()
            return state == reading.state && reading.mergedCopies.isEmpty ? .leave : .write(state)
        }
    }

    /// Writes a reset record newer than every record (replacing a corrupt file), so every device that merges
    /// this state drops what came before it.
    public func reset() throws(IOError) {
        _ = try write { reading throws(IOError) -> Decision in
            // A corrupt file read as empty (with the copies merged): the reset record replaces it.
            var state = reading.state
            state.resetAll(at: state.nextStamp(now: clock.now(), device: try identity.deviceID()))
            return .write(state)
        }
    }

    private func hasConflictCopies() throws(IOError) -> Bool {
        guard FileSystem.kind(of: directory) == .directory else { return false }
        return try !ConflictCopies.find(beside: path).isEmpty
    }

    /// What to do with the state read under the lock.
    private enum Decision {
        case write(SyncedState)
        /// Nothing changed: write nothing.
        case leave
        /// The file is unusable: leave it untouched.
        case skip(Diagnostic)
    }

    /// Under the lock: reads the state with its conflict copies, asks `decide` what to do, writes the state it
    /// gives and removes the copies merged into it.
    private func write(_ decide: (StateReading) throws(IOError) -> Decision) throws(IOError) -> StateUpdateResult {
        try FileSystem.createDirectories(directory)
        try FileSystem.checkPrivateDirectory(directory)
        return try FileSystem.withExclusiveLock(lockPath) { () throws(IOError) -> StateUpdateResult in
            let reading = try read()
            let state: SyncedState
            switch try decide(reading) {
            case .write(let decided): state = decided
            case .leave: return .unchanged
            case .skip(let problem): return .skipped(problem)
            }
            let bytes = StateFileFormat.encode(state)
            guard bytes.count <= StateFileFormat.maxBytes else {
                throw IOError(path: path, reason: "the state would take \(bytes.count) bytes, more than the \(StateFileFormat.maxBytes) it can be "
                              + "read back with; nothing was written (forget old versions with 'whatsnew state forget', or 'state reset')",
                              writing: true)
            }
            try FileSystem.writeAtomically(bytes, to: path, mode: 0o600)
            for copy in reading.mergedCopies { try FileSystem.removeIfPresent(copy) }
            return .saved
        }
    }
}
