import XCTest
@testable import WhatsNewCore
@testable import WhatsNewModel
@testable import WhatsNewState

/// Each record kind merges its own way; the property tests (SyncedStatePropertyTests) prove the laws.
final class SyncedStateMergeTests: XCTestCase {
    private let deviceA = DeviceID(String(repeating: "a", count: 32))
    private let deviceB = DeviceID(String(repeating: "b", count: 32))

    private func stamp(_ milliseconds: Int64, _ device: DeviceID? = nil) -> Stamp {
        Stamp(milliseconds: milliseconds, device: device ?? deviceA)
    }

    private func version(_ text: String) -> SemanticVersion { SemanticVersion(text)! }

    func testPresentedVersionsAreAUnionKeepingTheLatestStamp() {
        var a = SyncedState(), b = SyncedState()
        a.recordPresented(version("1.0.0"), at: stamp(10))
        b.recordPresented(version("1.0.0"), at: stamp(20, deviceB))
        b.recordPresented(version("1.1.0"), at: stamp(30, deviceB))
        let merged = a.merged(with: b)
        XCTAssertEqual(merged.presented, [version("1.0.0"): stamp(20, deviceB), version("1.1.0"): stamp(30, deviceB)])
        XCTAssertEqual(merged, b.merged(with: a))
    }

    func testAForgetWinsOverOlderPresentationsOnly() {
        var a = SyncedState(), b = SyncedState()
        a.recordPresented(version("1.0.0"), at: stamp(10))
        b.recordPresented(version("1.0.0"), at: stamp(10))
        b.forget(version("1.0.0"), at: stamp(20, deviceB))
        XCTAssertEqual(a.merged(with: b).presentedVersions, [], "the stale copy does not bring a forgotten version back")
        var c = SyncedState()
        c.recordPresented(version("1.0.0"), at: stamp(30))
        XCTAssertEqual(a.merged(with: b).merged(with: c).presentedVersions, [version("1.0.0")], "presented again after the forget")
    }

    func testDonationsAreAUnionCappedToTheLatest1000PerEvent() {
        var a = SyncedState(), b = SyncedState()
        for time in 0..<700 { a.donate("sync", at: stamp(Int64(time) * 2)) }
        for time in 0..<700 { b.donate("sync", at: stamp(Int64(time) * 2 + 1, deviceB)) }
        b.donate("other", at: stamp(5, deviceB))
        let merged = a.merged(with: b)
        XCTAssertEqual(merged.donations["sync"]?.count, 1000)
        XCTAssertEqual(merged.donations["sync"]?.map(\.stamp.milliseconds).min(), 400, "the oldest 400 of 1400 are dropped")
        XCTAssertEqual(merged.donations["other"]?.count, 1)
    }

    func testDisplayCountsAreOneCounterPerDeviceSummed() {
        var a = SyncedState(), b = SyncedState()
        a.recordDisplay(ofTip: "tip", at: stamp(1))
        a.recordDisplay(ofTip: "tip", at: stamp(2))
        var olderA = a
        a.recordDisplay(ofTip: "tip", at: stamp(3))
        b.recordDisplay(ofTip: "tip", at: stamp(4, deviceB))
        olderA.merge(b)
        let merged = a.merged(with: olderA)
        XCTAssertEqual(merged.displays["tip"]?[deviceA]?.count, 3, "device A's newer counter wins over its older copy")
        XCTAssertEqual(merged.displayCount(ofTip: "tip"), 4, "summed over devices")
    }

    func testStatusesAndParametersAreLastWriterWinsWithTheDeviceIDAsTieBreak() {
        var a = SyncedState(), b = SyncedState()
        a.setParameter("loggedIn", to: .bool(true), at: stamp(10))
        b.setParameter("loggedIn", to: .bool(false), at: stamp(10, deviceB))
        XCTAssertEqual(a.merged(with: b).parameters["loggedIn"]?.value, .bool(false), "same time: the larger device id wins")
        a.setStatus(.invalidated(.tipClosed), ofTip: "tip", at: stamp(30))
        b.setStatus(.invalidated(.actionPerformed), ofTip: "tip", at: stamp(20, deviceB))
        XCTAssertEqual(a.merged(with: b).statuses["tip"]?.value, .invalidated(.tipClosed))
        XCTAssertEqual(b.merged(with: a).statuses["tip"]?.value, .invalidated(.tipClosed))
    }

    func testAResetDropsEverythingBeforeItOnEveryCopy() {
        var a = SyncedState(), b = SyncedState()
        a.recordPresented(version("1.0.0"), at: stamp(10))
        a.donate("sync", at: stamp(11))
        a.setStatus(.invalidated(.tipClosed), ofTip: "tip", at: stamp(12))
        b = a
        b.resetAll(at: stamp(20, deviceB))
        a.recordPresented(version("1.1.0"), at: stamp(30))
        let merged = a.merged(with: b)
        XCTAssertEqual(merged.presentedVersions, [version("1.1.0")], "only what came after the reset survives")
        XCTAssertEqual(merged.donations, [:])
        XCTAssertEqual(merged.statuses, [:])
        XCTAssertEqual(merged.reset, stamp(20, deviceB))
    }

    func testATipsResetKeepsPresentedVersions() {
        var a = SyncedState()
        a.recordPresented(version("1.0.0"), at: stamp(10))
        a.donate("sync", at: stamp(11))
        a.recordDisplay(ofTip: "tip", at: stamp(12))
        a.setParameter("p", to: .number(2), at: stamp(13))
        a.resetTips(at: stamp(20))
        XCTAssertEqual(a.presentedVersions, [version("1.0.0")])
        XCTAssertEqual(a.donations, [:])
        XCTAssertEqual(a.displays, [:])
        XCTAssertEqual(a.parameters, [:])
    }

    func testTheNextStampIsLaterThanEveryRecordEvenWhenTheClockIsBehind() {
        var a = SyncedState()
        a.resetAll(at: stamp(1_000, deviceB))
        let next = a.nextStamp(now: 500, device: deviceA)
        XCTAssertEqual(next, stamp(1_001))
        a.recordPresented(version("1.0.0"), at: next)
        XCTAssertEqual(a.presentedVersions, [version("1.0.0")], "a device whose clock lags the reset still records")
        XCTAssertEqual(SyncedState().nextStamp(now: 500, device: deviceA), stamp(500))
    }
}
