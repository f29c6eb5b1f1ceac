/// Where the versions a user has been shown are kept (WhatsNewKit's `WhatsNewVersionStore`).
///
/// `FileStateStore` keeps them in a JSON file (what `whatsnew show` uses); `InMemoryStateStore` keeps them
/// in memory (`--state-file -`, and tests). Only I/O failures throw; a store whose data is unusable
/// reports it in `StateReading.problem` and reads as empty.
public protocol StateStore: AnyObject {
    /// The presented versions.
    func read() throws(IOError) -> StateReading

    /// Changes the presented versions in one step: a file store re-reads them under its lock first, so
    /// concurrent writers never lose each other's versions. Unusable data is left as it is. `change` may
    /// run more than once (a file store first tries it on an empty set to avoid creating a file for
    /// nothing), so it must only transform the set it is given.
    @discardableResult
    func update(_ change: (inout Set<SemanticVersion>) -> Void) throws(IOError) -> StateUpdateResult

    /// Forgets every presented version, unusable data included.
    func reset() throws(IOError)
}

extension StateStore {
    /// Records versions as presented (their canonical form: build metadata is dropped).
    @discardableResult
    public func record(_ versions: [SemanticVersion]) throws(IOError) -> StateUpdateResult {
        try update { presented in
            for version in versions { presented.insert(version.canonical) }
        }
    }
}

/// What a store read: the presented versions, and the problem that made it read as empty, if any.
public struct StateReading: Sendable {
    public var presented: Set<SemanticVersion>
    /// Set when the stored data is unusable (a corrupt state file): `presented` is then empty, the data
    /// is left untouched, and updates are skipped.
    public var problem: Diagnostic?

    public init(presented: Set<SemanticVersion> = [], problem: Diagnostic? = nil) {
        self.presented = presented
        self.problem = problem
    }

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
