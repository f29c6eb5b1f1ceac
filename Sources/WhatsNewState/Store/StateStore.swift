import WhatsNewDiagnostics
import WhatsNewIO
import WhatsNewModel

/// Where the state of `show` and the tips is kept (WhatsNewKit's `WhatsNewVersionStore`, TipKit's datastore):
/// a `SyncedState`, whose records merge without loss across devices.
///
/// `FileStateStore` keeps it in a JSON file (what `whatsnew show` uses); `InMemoryStateStore` keeps it in
/// memory (`--state-file -`, and tests). Only I/O failures throw; a store whose data is unusable reports it
/// in `StateReading.problem` and reads as empty.
public protocol StateStore: AnyObject {
    /// The state; a file store merges in the sync tools' conflict copies beside the file.
    func read() throws(IOError) -> StateReading

    /// Changes the state in one step. `change` gets the state and the stamp of this change: this device's
    /// id and the store's clock, later than every record in the state (so two changes never share a stamp;
    /// make at most one donation per event with it). A file store re-reads the state under its lock first,
    /// so concurrent writers never lose each other's records, and writes it with the conflict copies merged
    /// (removing them) even when `change` changes nothing else. Unusable data is left as it is. `change` may
    /// run more than once (a file store first tries it on an empty state to avoid creating a file for
    /// nothing), so it must only transform the state it is given.
    @discardableResult
    func update(_ change: (inout SyncedState, Stamp) -> Void) throws(IOError) -> StateUpdateResult

    /// Resets everything on every device: a reset record newer than every record, which drops them here
    /// and in every copy this state is merged with. A file store also replaces a corrupt state file.
    func reset() throws(IOError)
}

extension StateStore {
    /// Records versions as presented (their canonical form: build metadata is dropped).
    @discardableResult
    public func record(_ versions: [SemanticVersion]) throws(IOError) -> StateUpdateResult {
        try update { state, stamp in
            for version in versions { state.recordPresented(version, at: stamp) }
        }
    }

    /// Forgets a presented version on every device.
    @discardableResult
    public func forget(_ version: SemanticVersion) throws(IOError) -> StateUpdateResult {
        try update { state, stamp in state.forget(version, at: stamp) }
    }

    /// Changes the presented versions as a set: versions added are recorded, versions removed forgotten.
    @discardableResult
    public func updatePresented(_ change: (inout Set<SemanticVersion>) -> Void) throws(IOError) -> StateUpdateResult {
        try update { state, stamp in
            let before = state.presentedVersions
            var after = before
            change(&after)
            after = Set(after.map(\.canonical))
            for version in before.subtracting(after) { state.forget(version, at: stamp) }
            for version in after.subtracting(before) { state.recordPresented(version, at: stamp) }
        }
    }

    /// Writes the state when conflict copies wait beside it (merging and removing them), else nothing.
    @discardableResult
    public func mergeConflictCopies() throws(IOError) -> StateUpdateResult {
        try update { _, _ in }
    }
}

/// What a store read: the state, the problem that made it read as empty, if any, and the conflict copies
/// merged into it.
public struct StateReading: Sendable {
    public var state: SyncedState
    /// Set when the stored data is unusable (a corrupt state file): `state` then holds only what conflict
    /// copies brought, the data is left untouched, and updates are skipped.
    public var problem: Diagnostic?
    /// The conflict copies merged into `state`, by path.
    public var mergedCopies: [String]
    /// Conflict copies that could not be read (corrupt, too large): each a warning at its position; they are
    /// left in place.
    public var warnings: [Diagnostic]
    /// Whether the file is in an older format, so the next write upgrades it.
    public var isOldFormat: Bool

    package init(state: SyncedState = SyncedState(), problem: Diagnostic? = nil, mergedCopies: [String] = [],
                 warnings: [Diagnostic] = [], isOldFormat: Bool = false) {
        self.state = state
        self.problem = problem
        self.mergedCopies = mergedCopies
        self.warnings = warnings
        self.isOldFormat = isOldFormat
    }

    /// The presented versions.
    public var presented: Set<SemanticVersion> { state.presentedVersions }

    /// The presented versions, oldest first.
    public var sortedVersions: [SemanticVersion] { presented.sorted() }
}

/// What an update did.
public enum StateUpdateResult: Sendable {
    /// The change was stored.
    case saved
    /// The change changed nothing, so nothing was written.
    case unchanged
    /// The stored data is unusable, so it was left untouched and the change was not stored.
    case skipped(Diagnostic)
}
