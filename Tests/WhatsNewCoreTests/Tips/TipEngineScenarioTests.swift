import XCTest
@testable import WhatsNewCore
@testable import WhatsNewModel
@testable import WhatsNewState

/// One scenario per TipKit behaviour, on a `SyncedState` value and a clock the test sets (no sleeping).
final class TipEngineScenarioTests: XCTestCase {
    private let phone = DeviceID("phone")
    private let laptop = DeviceID("laptop")
    private let hour: Int64 = 3_600_000
    private let day: Int64 = 86_400_000

    private func tip(_ id: String, rules: [TipRule] = [], maxDisplayCount: Int? = nil, ignoresDisplayFrequency: Bool = false) -> Tip {
        Tip(id: id, title: LocalizedText("Title of \(id)"), rules: rules, maxDisplayCount: maxDisplayCount,
            ignoresDisplayFrequency: ignoresDisplayFrequency)
    }

    private func event(_ name: String, atLeast: Int, within: String? = nil) -> TipRule {
        TipRule(.event(name, count: CountCondition(atLeast: atLeast), within: within.flatMap(TipDuration.init)))
    }

    /// Shows what the engine chooses and records its display, as `tip show` does; returns the tip's id.
    @discardableResult
    private func show(_ engine: TipEngine, _ state: inout SyncedState, at now: Int64, device: DeviceID? = nil,
                      scope: TipEngine.Scope = .all) -> String? {
        guard let chosen = engine.choose(in: state, now: now, scope: scope) else { return nil }
        if !engine.overrides.isActive { TipRecorder.recordDisplay(of: chosen, in: &state, now: now, device: device ?? phone) }
        return chosen.id
    }

    func testEventRulesCountDonationsOptionallyWithinAWindow() {
        let engine = TipEngine(tips: [tip("parallel", rules: [event("sync.finished", atLeast: 3, within: "7d")])])
        var state = SyncedState()
        for time in [0, day, 2 * day] { TipRecorder.donate("sync.finished", in: &state, now: time, device: phone) }
        XCTAssertEqual(engine.evaluations(in: state, now: 2 * day).first?.status, .available)
        // Eight days on, the first donation is out of the window.
        let later = 8 * day
        XCTAssertEqual(engine.evaluations(in: state, now: later).first?.status, .pending)
        XCTAssertEqual(engine.evaluations(in: state, now: later).first?.hold?.description,
                       "event 'sync.finished': 2 donations within 7d, needs at least 3")
        XCTAssertNil(show(engine, &state, at: later))
        XCTAssertEqual(show(engine, &state, at: 2 * day), "parallel")
    }

    func testParameterRulesCompareAndTransientValuesWin() {
        let rules = [TipRule(.parameter("loggedIn", ParameterCondition(equals: .bool(true)))),
                     TipRule(.parameter("runs", ParameterCondition(ge: 3)))]
        var state = SyncedState()
        let engine = TipEngine(tips: [tip("t", rules: rules)])
        XCTAssertEqual(engine.evaluations(in: state, now: 0).first?.hold, .parameterUnset("loggedIn"))
        TipRecorder.setParameter("loggedIn", to: ParameterValue(parsing: "true"), in: &state, now: 1, device: phone)
        TipRecorder.setParameter("runs", to: ParameterValue(parsing: "2"), in: &state, now: 1, device: phone)
        XCTAssertEqual(engine.evaluations(in: state, now: 2).first?.hold?.description, "parameter 'runs' is 2, needs >= 3")
        // A transient value holds for this run only: it wins over the state's, which stays as it was.
        let thisRun = TipEngine(tips: [tip("t", rules: rules)], transientParameters: ["runs": .number(3)])
        XCTAssertEqual(thisRun.evaluations(in: state, now: 2).first?.status, .available)
        XCTAssertEqual(state.parameters["runs"]?.value, .number(2))
        XCTAssertEqual(engine.evaluations(in: state, now: 2).first?.status, .pending)
    }

    func testDisplayFrequencyGatesOnlyTipsNeverShownBefore() {
        let engine = TipEngine(tips: [tip("a"), tip("b"), tip("urgent", ignoresDisplayFrequency: true)], frequency: .daily)
        var state = SyncedState()
        XCTAssertEqual(show(engine, &state, at: 0), "a")
        // 'a' was shown before: it is not held back. Invalidate it to see what comes next.
        XCTAssertEqual(show(engine, &state, at: hour), "a")
        TipRecorder.invalidate("a", reason: .tipClosed, in: &state, now: hour, device: phone)
        // 'b' was never shown and a tip was shown an hour ago: it waits a day; 'urgent' ignores the frequency.
        XCTAssertEqual(engine.evaluate(engine.instances[1], in: state, now: 2 * hour).hold, .displayFrequency(.daily))
        XCTAssertEqual(show(engine, &state, at: 2 * hour), "urgent")
        TipRecorder.invalidate("urgent", reason: .actionPerformed, in: &state, now: 2 * hour, device: phone)
        XCTAssertNil(show(engine, &state, at: 2 * hour + day - 1))
        XCTAssertEqual(show(engine, &state, at: 2 * hour + day), "b")
        // Immediate: no wait.
        let immediate = TipEngine(tips: [tip("a"), tip("b")])
        var fresh = SyncedState()
        XCTAssertEqual(show(immediate, &fresh, at: 0), "a")
        TipRecorder.invalidate("a", reason: .tipClosed, in: &fresh, now: 0, device: phone)
        XCTAssertEqual(show(immediate, &fresh, at: 0), "b")
    }

    func testOrderedGroupShowsTipKOnlyOnceTheEarlierAreInvalidated() {
        let engine = TipEngine(tips: [tip("show-location"), tip("rotate-map")],
                               groups: [TipGroup(id: "compass", priority: .ordered, tips: [.init(id: "show-location"), .init(id: "rotate-map")])])
        var state = SyncedState()
        XCTAssertEqual(show(engine, &state, at: 0, scope: .group("compass")), "show-location")
        XCTAssertEqual(show(engine, &state, at: 1, scope: .group("compass")), "show-location")
        XCTAssertNil(show(engine, &state, at: 2, scope: .tip("rotate-map")))
        XCTAssertEqual(engine.evaluate(engine.instances[1], in: state, now: 2).hold?.description, "group 'compass' is ordered: 'show-location' first")
        TipRecorder.invalidate("show-location", reason: .actionPerformed, in: &state, now: 3, device: phone)
        XCTAssertEqual(show(engine, &state, at: 4, scope: .group("compass")), "rotate-map")
    }

    func testFirstAvailableGroupShowsTheFirstTipThatMayBeShown() {
        let engine = TipEngine(tips: [tip("needs-runs", rules: [event("run", atLeast: 2)]), tip("plain")],
                               groups: [TipGroup(id: "g", priority: .firstAvailable, tips: [.init(id: "needs-runs"), .init(id: "plain")])])
        var state = SyncedState()
        XCTAssertEqual(show(engine, &state, at: 0, scope: .group("g")), "plain")
        TipRecorder.donate("run", in: &state, now: 1, device: phone)
        TipRecorder.donate("run", in: &state, now: 1, device: phone)
        XCTAssertEqual(state.donations["run"]?.count, 2, "two donations in one millisecond are two")
        XCTAssertEqual(show(engine, &state, at: 2, scope: .group("g")), "needs-runs")
        XCTAssertNil(engine.choose(in: state, now: 2, scope: .group("nope")))
    }

    func testMaxDisplayCountCountsEveryDeviceTogether() {
        let engine = TipEngine(tips: [tip("t", maxDisplayCount: 3)])
        var onPhone = SyncedState()
        var onLaptop = SyncedState()
        XCTAssertEqual(show(engine, &onPhone, at: 0, device: phone), "t")
        XCTAssertEqual(show(engine, &onPhone, at: 1, device: phone), "t")
        XCTAssertEqual(show(engine, &onLaptop, at: 2, device: laptop), "t")
        // The two copies brought together: one counter per device, summed.
        var merged = onPhone.merged(with: onLaptop)
        XCTAssertEqual(merged.displayCount(ofTip: "t"), 3)
        XCTAssertEqual(engine.evaluations(in: merged, now: 3).first?.status, .invalidated(.displayCountExceeded))
        XCTAssertNil(show(engine, &merged, at: 3))
        // On one device, reaching the count records the invalidation.
        var alone = SyncedState()
        for time in 0..<3 { show(engine, &alone, at: Int64(time)) }
        XCTAssertEqual(alone.statuses["t"]?.value, .invalidated(.displayCountExceeded))
        XCTAssertEqual(alone.displayCount(ofTip: "t"), 3)
    }

    /// Counters an app built itself (no file read range-checks them) saturate instead of trapping.
    func testDisplayCountsSaturateInsteadOfOverflowing() {
        let engine = TipEngine(tips: [tip("t")])
        var state = SyncedState(displays: ["t": [phone: DisplayCounter(count: .max, last: Stamp(milliseconds: 0, device: phone)),
                                                 laptop: DisplayCounter(count: .max, last: Stamp(milliseconds: 0, device: laptop))]])
        XCTAssertEqual(state.displayCount(ofTip: "t"), .max)
        XCTAssertEqual(engine.evaluations(in: state, now: 1).first?.displays, .max)
        XCTAssertEqual(show(engine, &state, at: 1, device: phone), "t")
        XCTAssertEqual(state.displays["t"]?[phone]?.count, .max)
        XCTAssertEqual(state.displayCount(ofTip: "t"), .max)
    }

    /// A clock an app set to the ends of time compares with stamps without overflowing.
    func testTimesAtTheEndsOfTheClockDoNotOverflow() {
        let engine = TipEngine(tips: [tip("windowed", rules: [event("e", atLeast: 1, within: "7d")]), tip("new")], frequency: .weekly)
        var state = SyncedState()
        state.donate("e", at: Stamp(milliseconds: Stamp.maxMilliseconds, device: phone))
        state.recordDisplay(ofTip: "other", at: Stamp(milliseconds: Stamp.maxMilliseconds, device: phone))
        let early = engine.evaluations(in: state, now: .min)
        XCTAssertEqual(early.map(\.status), [.available, .available], "a donation 'in the future' counts")
        XCTAssertEqual(early.last?.hold, .displayFrequency(.weekly))
        let late = engine.evaluations(in: SyncedState(donations: ["e": [Donation(at: Stamp(milliseconds: .min, device: phone))]]), now: .max)
        XCTAssertEqual(late.first?.status, .pending, "far outside the window")
    }

    /// An ordered group's members are found once per decision: tip k waits for the first earlier tip not
    /// invalidated, whatever the group's size.
    func testALargeOrderedGroupHoldsEachTipByTheFirstEarlierOneNotInvalidated() {
        let tips = (0..<5_000).map { tip("t\($0)") }
        let engine = TipEngine(tips: tips, groups: [TipGroup(id: "g", priority: .ordered, tips: tips.map { TipGroup.Member(id: $0.id) })])
        var state = SyncedState()
        for index in 0..<2_500 { TipRecorder.invalidate("t\(index)", reason: .tipClosed, in: &state, now: 0, device: phone) }
        XCTAssertEqual(engine.choose(in: state, now: 1, scope: .group("g"))?.id, "t2500")
        XCTAssertEqual(engine.choose(in: state, now: 1)?.id, "t2500")
        let evaluations = engine.evaluations(in: state, now: 1)
        XCTAssertEqual(evaluations[2_500].wouldShow, true)
        XCTAssertEqual(evaluations[4_999].hold, .earlierInGroup(group: "g", tip: "t2500"))
        XCTAssertEqual(evaluations[2_499].status, .invalidated(.tipClosed))
    }

    func testReusableTipsHaveOneStatusPerValue() {
        let template = Tip(id: "new-trail-{{trail}}", title: LocalizedText("{{trail}} is now available"),
                           rules: [event("visited-{{region}}", atLeast: 1)])
        var state = SyncedState()
        TipRecorder.donate("visited-alps", in: &state, now: 0, device: phone)
        let alps = TipEngine(tips: [template], values: ["trail": "Matterhorn *trail*", "region": "alps"])
        let chosen = alps.choose(in: state, now: 1)
        XCTAssertEqual(chosen?.id, "new-trail-Matterhorn *trail*")
        // A value is shown as typed: escaped as Markdown in the texts.
        XCTAssertEqual(chosen?.tip.title.text(for: nil, defaultLocale: nil), "Matterhorn \\*trail\\* is now available")
        TipRecorder.invalidate("new-trail-Matterhorn *trail*", reason: .tipClosed, in: &state, now: 1, device: phone)
        XCTAssertNil(alps.choose(in: state, now: 2))
        let eiger = TipEngine(tips: [template], values: ["trail": "Eiger", "region": "alps"])
        XCTAssertEqual(eiger.choose(in: state, now: 2)?.id, "new-trail-Eiger")
        // Without values, the tip is listed once, as written, with the values it needs.
        let none = TipEngine(tips: [template])
        XCTAssertNil(none.choose(in: state, now: 2))
        XCTAssertEqual(none.evaluations(in: state, now: 2).first?.hold, .needsValues(["trail", "region"]))
    }

    func testOverridesFollowTipKitsPrecedenceAndRecordNothing() {
        let tips = [tip("a", rules: [event("never", atLeast: 1)]), tip("b"), tip("c")]
        var state = SyncedState()
        TipRecorder.invalidate("b", reason: .tipClosed, in: &state, now: 0, device: phone)
        let before = state
        func chosen(_ overrides: TipOverrides, scope: TipEngine.Scope = .all) -> String? {
            TipEngine(tips: tips, overrides: overrides).choose(in: state, now: 1, scope: scope)?.id
        }
        // showAll shows a pending tip; an invalidated one too.
        XCTAssertEqual(chosen(TipOverrides(showAll: true)), "a")
        XCTAssertEqual(chosen(TipOverrides(showAll: true), scope: .tip("b")), "b")
        // hide beats showAll; show beats hide; showAll beats hideAll.
        XCTAssertEqual(chosen(TipOverrides(showAll: true, hide: ["a"])), "b")
        XCTAssertEqual(chosen(TipOverrides(show: ["a"], hide: ["a"])), "a")
        XCTAssertEqual(chosen(TipOverrides(showAll: true, hideAll: true)), "a")
        XCTAssertNil(chosen(TipOverrides(hideAll: true)))
        XCTAssertEqual(chosen(TipOverrides(show: ["c"], hideAll: true)), "c")
        XCTAssertEqual(chosen(TipOverrides()), "c")
        // Under overrides, `show` records nothing.
        show(TipEngine(tips: tips, overrides: TipOverrides(showAll: true)), &state, at: 1)
        XCTAssertEqual(state, before)
        XCTAssertEqual(TipOverrides.environment { ["WHATSNEW_TIPS_SHOW": "a, b", "WHATSNEW_TIPS_HIDE_ALL": "1"][$0] },
                       TipOverrides(show: ["a", "b"], hideAll: true))
    }

    func testInvalidationKeepsItsFirstReasonAndResetForgetsTipsNotVersions() {
        var state = SyncedState(presented: [SemanticVersion(major: 1): Stamp(milliseconds: 5, device: phone)])
        TipRecorder.invalidate("t", reason: .actionPerformed, in: &state, now: 10, device: phone)
        TipRecorder.invalidate("t", reason: .tipClosed, in: &state, now: 11, device: phone)
        XCTAssertEqual(state.statuses["t"]?.value, .invalidated(.actionPerformed))
        TipRecorder.donate("e", in: &state, now: 12, device: phone)
        TipRecorder.resetTips(in: &state, now: 20, device: phone)
        XCTAssertEqual(state.statuses.count + state.donations.count + state.displays.count + state.parameters.count, 0)
        XCTAssertEqual(state.presentedVersions, [SemanticVersion(major: 1)])
        XCTAssertEqual(state.tipsReset?.milliseconds, 20)
    }

    func testDonationsKeepTheLatestThousand() {
        var state = SyncedState()
        for time in 0..<1005 { TipRecorder.donate("e", in: &state, now: Int64(time), device: phone) }
        XCTAssertEqual(state.donations["e"]?.count, 1000)
        XCTAssertEqual(state.donations["e"]?.map(\.stamp.milliseconds).min(), 5)
    }
}
