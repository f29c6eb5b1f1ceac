import XCTest
@testable import WhatsNewCore
@testable import YAMLTree
@testable import WhatsNewModel
@testable import WhatsNewState

/// Merging copies of the state in any order and grouping gives one result, that result is what the union of
/// every record says (no presented version, donation within the cap or invalidation is lost), and the file
/// format reads back every state exactly. Seeded, so a failure names the seed that reproduces it.
final class SyncedStatePropertyTests: XCTestCase {
    private static let devices = ["0", "1", "f"].map { DeviceID(String(repeating: $0, count: 32)) } + [DeviceID("phone \"ü\"")]
    private static let versions = ["1.0.0", "1.1.0", "1.2.0-beta.1", "2.0.0", "2.0.1"].map { SemanticVersion($0)! }
    private static let events = ["sync.finished", "opened", "é-vent \"quoted\""]
    private static let tips = ["parallel-sync", "new-trail-{{trail}}", "compass"]

    /// A state from random changes by random devices at times close enough to collide.
    private func randomState(_ random: inout SeededGenerator) -> SyncedState {
        var state = SyncedState()
        func stamp() -> Stamp {
            Stamp(milliseconds: Int64(random.int(0...60)), device: random.pick(Self.devices))
        }
        for _ in 0..<random.int(0...25) {
            switch random.int(0...19) {
            case 0...4: state.recordPresented(random.pick(Self.versions), at: stamp())
            case 5: state.forget(random.pick(Self.versions), at: stamp())
            case 6...9: state.donate(random.pick(Self.events), at: stamp())
            case 10...11: state.recordDisplay(ofTip: random.pick(Self.tips), at: stamp())
            case 12...13: state.setStatus(.invalidated(random.pick(InvalidationReason.allCases)), ofTip: random.pick(Self.tips), at: stamp())
            case 14...16:
                let value: ParameterValue = random.pick([.bool(random.chance(0.5)), .number(Double(random.int(-3...3)) / 2),
                                                         .string(random.pick(["a", "b", "ü\n"]))])
                state.setParameter(random.pick(["loggedIn", "level"]), to: value, at: stamp())
            case 17: if random.chance(0.3) { state.resetAll(at: stamp()) }
            case 18: if random.chance(0.3) { state.resetTips(at: stamp()) }
            default:
                // Now and then an event with more donations than the cap.
                if random.chance(0.05) {
                    for _ in 0..<random.int(900...1100) { state.donate("busy", at: Stamp(milliseconds: Int64(random.int(0...5000)), device: random.pick(Self.devices))) }
                }
            }
        }
        state.normalize()
        return state
    }

    private let seeds: [UInt64] = Array(1...300)

    func testMergeIsCommutativeAssociativeAndIdempotent() {
        for seed in seeds {
            var random = SeededGenerator(seed: seed)
            let a = randomState(&random), b = randomState(&random), c = randomState(&random)
            XCTAssertEqual(a.merged(with: b), b.merged(with: a), "commutativity, seed \(seed)")
            XCTAssertEqual(a.merged(with: b).merged(with: c), a.merged(with: b.merged(with: c)), "associativity, seed \(seed)")
            XCTAssertEqual(a.merged(with: a), a, "idempotence, seed \(seed)")
            XCTAssertEqual(a.merged(with: b).merged(with: b), a.merged(with: b), "merging again changes nothing, seed \(seed)")
            XCTAssertEqual(a.merged(with: SyncedState()), a, "the empty state is neutral, seed \(seed)")
        }
    }

    func testAnyOrderOfMergesKeepsWhatTheUnionOfRecordsSays() {
        for seed in seeds {
            var random = SeededGenerator(seed: seed)
            let copies = (0..<random.int(2...5)).map { _ in randomState(&random) }
            let expected = Oracle(copies)
            for _ in 0..<4 {
                let merged = mergeInRandomTree(copies.shuffled(using: &random), &random)
                expected.check(merged, seed: seed)
            }
        }
    }

    func testTheFileFormatReadsBackEveryStateByteForByte() {
        for seed in seeds {
            var random = SeededGenerator(seed: seed)
            let state = randomState(&random)
            let bytes = StateFileFormat.encode(state)
            let reading = StateFileDecoder.decode(bytes, path: "state.json")
            XCTAssertNil(reading.problem, "seed \(seed): \(reading.problem?.message ?? "")")
            XCTAssertEqual(reading.state, state, "seed \(seed)")
            XCTAssertEqual(StateFileFormat.encode(reading.state), bytes, "seed \(seed): written the same way every time")
        }
    }

    /// Merges `copies` pairwise in a random tree shape.
    private func mergeInRandomTree(_ copies: [SyncedState], _ random: inout SeededGenerator) -> SyncedState {
        var pool = copies
        while pool.count > 1 {
            let first = pool.remove(at: random.int(0...(pool.count - 1)))
            let second = pool.remove(at: random.int(0...(pool.count - 1)))
            pool.append(random.chance(0.5) ? first.merged(with: second) : second.merged(with: first))
        }
        return pool[0]
    }

    /// What merging must keep, computed from every record of every copy at once.
    private struct Oracle {
        let copies: [SyncedState]
        let reset: Stamp?
        let tipThreshold: Stamp?

        init(_ copies: [SyncedState]) {
            self.copies = copies
            reset = copies.compactMap(\.reset).max()
            tipThreshold = (copies.compactMap(\.reset) + copies.compactMap(\.tipsReset)).max()
        }

        func survives(_ stamp: Stamp, _ threshold: Stamp?) -> Bool { threshold.map { stamp >= $0 } ?? true }

        func check(_ merged: SyncedState, seed: UInt64) {
            // Presented versions: present when the latest record of the version presents it, after any reset.
            for version in SyncedStatePropertyTests.versions {
                let presentedAt = copies.compactMap { $0.presented[version] }.max()
                let forgottenAt = copies.compactMap { $0.forgotten[version] }.max()
                let isPresented = presentedAt.map { at in survives(at, reset) && forgottenAt.map { at > $0 } ?? true } ?? false
                XCTAssertEqual(merged.presentedVersions.contains(version), isPresented, "version \(version), seed \(seed)")
            }
            // Donations: every donation after the resets, the latest 1000 per event.
            var events = Set(copies.flatMap { $0.donations.keys })
            events.formUnion(merged.donations.keys)
            for event in events {
                let all = Set(copies.flatMap { $0.donations[event] ?? [] }).filter { survives($0.stamp, tipThreshold) }
                let latest = Set(all.sorted { $0.stamp > $1.stamp }.prefix(SyncedState.maxDonationsPerEvent))
                XCTAssertEqual(merged.donations[event] ?? [], latest, "donations of '\(event)', seed \(seed)")
            }
            // Invalidations: a tip invalidated after the resets in any copy stays invalidated, by its latest record.
            var tips = Set(copies.flatMap { $0.statuses.keys })
            tips.formUnion(merged.statuses.keys)
            for tip in tips {
                let latest = copies.compactMap { $0.statuses[tip] }.filter { survives($0.stamp, tipThreshold) }.max { $1.wins(over: $0) }
                XCTAssertEqual(merged.statuses[tip], latest, "status of '\(tip)', seed \(seed)")
            }
            // Displays: per device its latest counter, summed.
            for tip in Set(copies.flatMap { $0.displays.keys }) {
                var expected = 0
                for device in SyncedStatePropertyTests.devices {
                    let counters = copies.compactMap { $0.displays[tip]?[device] }.filter { survives($0.last, tipThreshold) }
                    expected += counters.max { $1.isNewer(than: $0) }?.count ?? 0
                }
                XCTAssertEqual(merged.displayCount(ofTip: tip), expected, "displays of '\(tip)', seed \(seed)")
            }
        }
    }
}
