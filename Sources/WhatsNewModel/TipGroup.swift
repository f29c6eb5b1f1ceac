/// Tips shown one at a time in a group (TipKit's `TipGroup`).
package struct TipGroup: Sendable, Hashable {
    package enum Priority: String, Sendable, Hashable, CaseIterable {
        /// Tip k only once tips 0…k-1 are invalidated.
        case ordered
        /// The first tip that is available.
        case firstAvailable
    }

    /// A tip id named by the group, with where it was written.
    package struct Member: Sendable, Hashable {
        package var id: String
        package var location: SourceLocation?

        package init(id: String, location: SourceLocation? = nil) {
            self.id = id
            self.location = location
        }

        package static func == (lhs: Member, rhs: Member) -> Bool { lhs.id == rhs.id }
        package func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    package var id: String
    package var idLocation: SourceLocation?
    package var priority: Priority
    package var tips: [Member]

    package init(id: String, idLocation: SourceLocation? = nil, priority: Priority = .firstAvailable, tips: [Member]) {
        self.id = id
        self.idLocation = idLocation
        self.priority = priority
        self.tips = tips
    }

    package static func == (lhs: TipGroup, rhs: TipGroup) -> Bool {
        lhs.id == rhs.id && lhs.priority == rhs.priority && lhs.tips == rhs.tips
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
