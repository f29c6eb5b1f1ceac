import WhatsNewModel

/// The tips one decision looks at, found once: the instances the values fill, each group's members in the
/// group's order, for each ordered group its first member not invalidated in the state at hand, and the
/// latest display of any tip.
/// Choosing in a group of n tips, or evaluating all of them, then takes time linear in n: finding a group's
/// members and the tips before each one, per tip, once took 9 s for 20,000 tips in an ordered group.
struct TipLineup {
    /// Every tip the values fill, in manifest order.
    let instances: [TipInstance]
    /// By position in the engine's groups: the group's members, in its order.
    private let members: [[TipInstance]]
    /// By position in the engine's groups: the first member of an ordered group that is not invalidated.
    private let firstNotInvalidated: [Int?]
    /// By instance id: each ordered group that lists it (its position in the engine's groups) and where.
    private let orderedPositions: [String: [(group: Int, position: Int)]]
    private let groups: [TipGroup]
    /// The time of the latest display of any tip on any device (see `TipEngine.latestDisplay`).
    let latestDisplay: Int64?

    init(_ engine: TipEngine, state: SyncedState) {
        instances = engine.instances
        groups = engine.groups
        latestDisplay = TipEngine.latestDisplay(in: state)
        var byTemplate: [String: [TipInstance]] = [:]
        for instance in instances { byTemplate[instance.template.id, default: []].append(instance) }
        let members = engine.groups.map { group in group.tips.flatMap { byTemplate[$0.id] ?? [] } }
        var firstNotInvalidated: [Int?] = []
        var orderedPositions: [String: [(group: Int, position: Int)]] = [:]
        for (index, group) in engine.groups.enumerated() {
            guard group.priority == .ordered else {
                firstNotInvalidated.append(nil)
                continue
            }
            firstNotInvalidated.append(members[index].firstIndex { engine.invalidation(of: $0, in: state) == nil })
            var seen: Set<String> = []
            for (position, member) in members[index].enumerated() where seen.insert(member.id).inserted {
                orderedPositions[member.id, default: []].append((index, position))
            }
        }
        self.members = members
        self.firstNotInvalidated = firstNotInvalidated
        self.orderedPositions = orderedPositions
    }

    /// The members of the first group named `id`, in its order; nil for no such group.
    func members(ofGroup id: String) -> [TipInstance]? {
        groups.firstIndex { $0.id == id }.map { members[$0] }
    }

    /// The first earlier tip of an ordered group of `instance` that is not invalidated.
    func earlierInOrderedGroup(_ instance: TipInstance) -> TipHold? {
        for (group, position) in orderedPositions[instance.id] ?? [] {
            if let first = firstNotInvalidated[group], first < position {
                return .earlierInGroup(group: groups[group].id, tip: members[group][first].id)
            }
        }
        return nil
    }
}
