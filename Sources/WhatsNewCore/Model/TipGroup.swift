/// Tips shown one at a time in a group (TipKit's `TipGroup`).
public struct TipGroup: Sendable, Hashable {
    public enum Priority: String, Sendable, Hashable, CaseIterable {
        /// Tip k only once tips 0…k-1 are invalidated.
        case ordered
        /// The first tip that is available.
        case firstAvailable
    }

    /// A tip id named by the group, with where it was written.
    public struct Member: Sendable, Hashable {
        public var id: String
        public var location: SourceLocation?

        public init(id: String, location: SourceLocation? = nil) {
            self.id = id
            self.location = location
        }

        public static func == (lhs: Member, rhs: Member) -> Bool { lhs.id == rhs.id }
        public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    public var id: String
    public var idLocation: SourceLocation?
    public var priority: Priority
    public var tips: [Member]

    public init(id: String, idLocation: SourceLocation? = nil, priority: Priority = .firstAvailable, tips: [Member]) {
        self.id = id
        self.idLocation = idLocation
        self.priority = priority
        self.tips = tips
    }

    public static func == (lhs: TipGroup, rhs: TipGroup) -> Bool {
        lhs.id == rhs.id && lhs.priority == rhs.priority && lhs.tips == rhs.tips
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
