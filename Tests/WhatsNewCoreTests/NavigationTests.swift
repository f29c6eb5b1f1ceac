import XCTest
import WhatsNewCore
@testable import WhatsNewTerminal

/// The navigation state machine of the pager and sheet: scrolling and its clamping, the focus among a page's
/// actions, the page stack, dismissal, resizing, and the keys' events. Each test checks the states reached.
final class NavigationTests: XCTestCase {
    private typealias Page = Navigation.Page

    private let learnMore = Page(lineCount: 30)
    private let allEvents: [Navigation.Event] = [.lineUp, .lineDown, .pageUp, .pageDown, .top, .bottom, .nextAction, .previousAction,
                                                 .activate, .back, .popToRoot, .dismiss, .resize(viewportHeight: 7)]

    /// A root of `lines` lines with a primary action, a `present` action and a link, in that focus order.
    private func notes(lines: Int = 10, viewport: Int = 4) -> Navigation {
        Navigation(root: Page(lineCount: lines, actions: [.dismiss, .present(learnMore), .openURL("https://example.com")]),
                   viewportHeight: viewport)
    }

    private func offsets(_ navigation: Navigation) -> [Int] { navigation.stack.map(\.offset) }

    // MARK: The initial state

    func testStartsAtTheTopOfTheRootWithTheFirstActionFocused() {
        let navigation = notes()
        XCTAssertEqual(navigation.stack.count, 1)
        XCTAssertEqual(navigation.current.offset, 0)
        XCTAssertEqual(navigation.current.focus, 0)
        XCTAssertEqual(navigation.viewportHeight, 4)
        XCTAssertEqual(navigation.visibleLines, 0..<4)
        XCTAssertEqual(navigation.maximumOffset, 6)
        XCTAssertFalse(navigation.isDismissed)
    }

    func testAViewportOfNoLinesCountsAsOne() {
        XCTAssertEqual(Navigation(root: Page(lineCount: 5), viewportHeight: 0).viewportHeight, 1)
        XCTAssertEqual(Navigation(root: Page(lineCount: 5), viewportHeight: -3).viewportHeight, 1)
        XCTAssertEqual(Page(lineCount: -2).lineCount, 0)
    }

    // MARK: Scrolling

    func testLineScrollingClampsAtBothEnds() {
        var navigation = notes()
        XCTAssertNil(navigation.handle(.lineUp))
        XCTAssertEqual(navigation.current.offset, 0)
        for expected in 1...6 {
            XCTAssertEqual(navigation.handle(.lineDown), .redraw)
            XCTAssertEqual(navigation.current.offset, expected)
        }
        XCTAssertNil(navigation.handle(.lineDown))
        XCTAssertEqual(navigation.current.offset, 6)
        XCTAssertEqual(navigation.visibleLines, 6..<10)
        XCTAssertEqual(navigation.handle(.lineUp), .redraw)
        XCTAssertEqual(navigation.current.offset, 5)
    }

    func testPageScrollingMovesByTheViewportAndClampsAtBothEnds() {
        var navigation = notes()
        XCTAssertNil(navigation.handle(.pageUp))
        XCTAssertEqual(navigation.handle(.pageDown), .redraw)
        XCTAssertEqual(navigation.current.offset, 4)
        XCTAssertEqual(navigation.handle(.pageDown), .redraw)
        XCTAssertEqual(navigation.current.offset, 6, "clamped: the last line at the bottom")
        XCTAssertNil(navigation.handle(.pageDown))
        XCTAssertEqual(navigation.handle(.pageUp), .redraw)
        XCTAssertEqual(navigation.current.offset, 2)
        XCTAssertEqual(navigation.handle(.pageUp), .redraw)
        XCTAssertEqual(navigation.current.offset, 0, "clamped: the first line at the top")
        XCTAssertNil(navigation.handle(.pageUp))
    }

    func testTopAndBottom() {
        var navigation = notes()
        XCTAssertNil(navigation.handle(.top))
        XCTAssertEqual(navigation.handle(.bottom), .redraw)
        XCTAssertEqual(navigation.current.offset, 6)
        XCTAssertEqual(navigation.visibleLines, 6..<10)
        XCTAssertNil(navigation.handle(.bottom))
        XCTAssertEqual(navigation.handle(.top), .redraw)
        XCTAssertEqual(navigation.current.offset, 0)
    }

    func testAPageThatFitsDoesNotScroll() {
        for lines in [0, 3, 4] {
            var navigation = notes(lines: lines, viewport: 4)
            XCTAssertEqual(navigation.maximumOffset, 0)
            for event: Navigation.Event in [.lineDown, .lineUp, .pageDown, .pageUp, .bottom, .top] {
                XCTAssertNil(navigation.handle(event), "\(event) on \(lines) lines")
                XCTAssertEqual(navigation.current.offset, 0)
            }
            XCTAssertEqual(navigation.visibleLines, 0..<lines)
        }
    }

    func testScrollingKeepsTheFocus() {
        var navigation = notes()
        _ = navigation.handle(.nextAction)
        _ = navigation.handle(.bottom)
        XCTAssertEqual(navigation.current.focus, 1)
    }

    // MARK: Focus

    func testTabAndShiftTabWrap() {
        var navigation = notes()
        var focus: [Int?] = []
        for _ in 0..<4 {
            XCTAssertEqual(navigation.handle(.nextAction), .redraw)
            focus.append(navigation.current.focus)
        }
        XCTAssertEqual(focus, [1, 2, 0, 1])
        focus = []
        for _ in 0..<4 {
            XCTAssertEqual(navigation.handle(.previousAction), .redraw)
            focus.append(navigation.current.focus)
        }
        XCTAssertEqual(focus, [0, 2, 1, 0])
        XCTAssertEqual(navigation.current.offset, 0, "moving the focus does not scroll")
    }

    func testFocusWithOneActionOrNone() {
        var single = Navigation(root: Page(lineCount: 3, actions: [.dismiss]), viewportHeight: 4)
        XCTAssertNil(single.handle(.nextAction))
        XCTAssertNil(single.handle(.previousAction))
        XCTAssertEqual(single.current.focus, 0)

        var none = Navigation(root: Page(lineCount: 3), viewportHeight: 4)
        XCTAssertNil(none.current.focus)
        XCTAssertNil(none.handle(.nextAction))
        XCTAssertNil(none.handle(.previousAction))
        XCTAssertNil(none.current.focus)
    }

    // MARK: Activation

    func testActivatingThePrimaryActionDismisses() {
        var navigation = notes()
        _ = navigation.handle(.lineDown)
        XCTAssertEqual(navigation.handle(.activate), .dismissed)
        XCTAssertTrue(navigation.isDismissed)
        XCTAssertEqual(navigation.stack.count, 1)
        XCTAssertEqual(navigation.current.offset, 1)
    }

    func testActivatingAPresentActionPushesItsPageAtTheTop() {
        var navigation = notes()
        _ = navigation.handle(.pageDown)
        _ = navigation.handle(.nextAction)
        XCTAssertEqual(navigation.handle(.activate), .redraw)
        XCTAssertEqual(navigation.stack.count, 2)
        XCTAssertEqual(navigation.current.page, learnMore)
        XCTAssertEqual(navigation.current.offset, 0)
        XCTAssertNil(navigation.current.focus, "the pushed page has no actions")
        XCTAssertEqual(navigation.maximumOffset, 26)
        XCTAssertEqual(navigation.handle(.bottom), .redraw)
        XCTAssertEqual(offsets(navigation), [4, 26], "each page scrolls on its own")
        XCTAssertNil(navigation.handle(.activate), "nothing to activate on the pushed page")
        XCTAssertEqual(navigation.stack.count, 2)
    }

    func testActivatingALinkAsksToOpenItAndChangesNothing() {
        var navigation = notes()
        _ = navigation.handle(.previousAction)
        let before = navigation
        XCTAssertEqual(navigation.handle(.activate), .openURL("https://example.com"))
        XCTAssertEqual(navigation, before)
        XCTAssertFalse(navigation.isDismissed)
    }

    func testActivatingWithoutActionsDoesNothing() {
        var navigation = Navigation(root: Page(lineCount: 10), viewportHeight: 4)
        let before = navigation
        XCTAssertNil(navigation.handle(.activate))
        XCTAssertEqual(navigation, before)
    }

    // MARK: The page stack

    func testBackAndPopToRootDoNothingOnTheRoot() {
        var navigation = notes()
        _ = navigation.handle(.lineDown)
        let before = navigation
        XCTAssertNil(navigation.handle(.back))
        XCTAssertNil(navigation.handle(.popToRoot))
        XCTAssertEqual(navigation, before)
    }

    func testBackReturnsToTheRootWhereItWasLeft() {
        var navigation = notes()
        _ = navigation.handle(.lineDown)
        _ = navigation.handle(.lineDown)
        _ = navigation.handle(.nextAction)
        _ = navigation.handle(.activate)
        _ = navigation.handle(.pageDown)
        XCTAssertEqual(offsets(navigation), [2, 4])
        XCTAssertEqual(navigation.handle(.back), .redraw)
        XCTAssertEqual(navigation.stack.count, 1)
        XCTAssertEqual(navigation.current.offset, 2)
        XCTAssertEqual(navigation.current.focus, 1, "the present action keeps the focus")
        XCTAssertEqual(navigation.handle(.activate), .redraw, "and pushes its page again, from the top")
        XCTAssertEqual(offsets(navigation), [2, 0])
    }

    func testBackPopsOnePageAndPopToRootAllOfThem() {
        let details = Page(lineCount: 8, actions: [.openURL("https://example.com/details")])
        let more = Page(lineCount: 12, actions: [.present(details)])
        var navigation = Navigation(root: Page(lineCount: 10, actions: [.present(more)]), viewportHeight: 4)
        _ = navigation.handle(.bottom)
        XCTAssertEqual(navigation.handle(.activate), .redraw)
        _ = navigation.handle(.lineDown)
        XCTAssertEqual(navigation.handle(.activate), .redraw)
        XCTAssertEqual(navigation.stack.map(\.page.lineCount), [10, 12, 8])
        XCTAssertEqual(offsets(navigation), [6, 1, 0])
        XCTAssertEqual(navigation.current.focus, 0)

        XCTAssertEqual(navigation.handle(.back), .redraw)
        XCTAssertEqual(navigation.stack.map(\.page.lineCount), [10, 12])
        XCTAssertEqual(offsets(navigation), [6, 1])

        _ = navigation.handle(.activate)
        XCTAssertEqual(navigation.stack.count, 3)
        XCTAssertEqual(navigation.handle(.popToRoot), .redraw)
        XCTAssertEqual(navigation.stack.count, 1)
        XCTAssertEqual(navigation.current.offset, 6)
        XCTAssertNil(navigation.handle(.popToRoot))
    }

    // MARK: Dismissal

    func testDismissFromAPushedPage() {
        var navigation = notes()
        _ = navigation.handle(.nextAction)
        _ = navigation.handle(.activate)
        XCTAssertEqual(navigation.handle(.dismiss), .dismissed)
        XCTAssertTrue(navigation.isDismissed)
        XCTAssertEqual(navigation.stack.count, 2, "dismissing leaves the stack as it was drawn")
    }

    func testEveryEventAfterDismissalIsIgnored() {
        var navigation = notes()
        _ = navigation.handle(.lineDown)
        XCTAssertEqual(navigation.handle(.dismiss), .dismissed)
        let dismissed = navigation
        for event in allEvents {
            XCTAssertNil(navigation.handle(event), "\(event)")
            XCTAssertEqual(navigation, dismissed, "\(event)")
        }
    }

    // MARK: Resizing

    func testResizeKeepsTheTopLineOnScreen() {
        var navigation = notes(lines: 20, viewport: 5)
        _ = navigation.handle(.pageDown)
        _ = navigation.handle(.pageDown)
        XCTAssertEqual(navigation.current.offset, 10)

        XCTAssertEqual(navigation.handle(.resize(viewportHeight: 8)), .redraw)
        XCTAssertEqual(navigation.current.offset, 10, "still fits: the same top line")
        XCTAssertEqual(navigation.visibleLines, 10..<18)

        XCTAssertEqual(navigation.handle(.resize(viewportHeight: 15)), .redraw)
        XCTAssertEqual(navigation.current.offset, 5, "clamped so the last line is at the bottom")
        XCTAssertTrue(navigation.visibleLines.contains(10), "the old top line is still on screen")

        XCTAssertEqual(navigation.handle(.resize(viewportHeight: 3)), .redraw)
        XCTAssertEqual(navigation.current.offset, 5)
        XCTAssertEqual(navigation.visibleLines, 5..<8)

        XCTAssertEqual(navigation.handle(.resize(viewportHeight: 40)), .redraw)
        XCTAssertEqual(navigation.current.offset, 0)
        XCTAssertEqual(navigation.visibleLines, 0..<20)
    }

    func testResizeClampsEveryPageOfTheStack() {
        var navigation = notes(lines: 10, viewport: 4)
        _ = navigation.handle(.bottom)
        _ = navigation.handle(.nextAction)
        _ = navigation.handle(.activate)
        _ = navigation.handle(.bottom)
        XCTAssertEqual(offsets(navigation), [6, 26])
        _ = navigation.handle(.resize(viewportHeight: 12))
        XCTAssertEqual(offsets(navigation), [0, 18])
        _ = navigation.handle(.back)
        XCTAssertEqual(navigation.current.offset, 0)
        XCTAssertNil(navigation.handle(.bottom), "the root fits the taller viewport")
    }

    func testResizeAlwaysRedrawsAndKeepsAtLeastOneLine() {
        var navigation = notes()
        XCTAssertEqual(navigation.handle(.resize(viewportHeight: 4)), .redraw, "the width may have changed")
        XCTAssertEqual(navigation.handle(.resize(viewportHeight: 0)), .redraw)
        XCTAssertEqual(navigation.viewportHeight, 1)
        XCTAssertEqual(navigation.maximumOffset, 9)
        _ = navigation.handle(.pageDown)
        XCTAssertEqual(navigation.current.offset, 1, "a page of one line")
        _ = navigation.handle(.bottom)
        XCTAssertEqual(navigation.visibleLines, 9..<10)
    }

    func testPageScrollingUsesTheNewViewport() {
        var navigation = notes(lines: 30, viewport: 4)
        _ = navigation.handle(.resize(viewportHeight: 10))
        _ = navigation.handle(.pageDown)
        XCTAssertEqual(navigation.current.offset, 10)
        _ = navigation.handle(.pageUp)
        XCTAssertEqual(navigation.current.offset, 0)
    }

    // MARK: Keys

    func testKeysMapToEvents() {
        let table: [(Navigation.Key, Navigation.Event)] = [
            (.up, .lineUp), (.character("k"), .lineUp),
            (.down, .lineDown), (.character("j"), .lineDown),
            (.pageUp, .pageUp),
            (.pageDown, .pageDown), (.character(" "), .pageDown),
            (.home, .top), (.character("g"), .top),
            (.end, .bottom), (.character("G"), .bottom),
            (.tab, .nextAction), (.shiftTab, .previousAction),
            (.enter, .activate),
            (.backspace, .back), (.character("h"), .back),
            (.escape, .popToRoot),
            (.character("q"), .dismiss),
        ]
        for (key, event) in table {
            XCTAssertEqual(Navigation.event(for: key), event, "\(key)")
        }
    }

    func testOtherKeysAreIgnored() {
        for character: Character in ["Q", "K", "J", "H", "x", "1", "é", "\u{7F}"] {
            XCTAssertNil(Navigation.event(for: .character(character)), "\(character)")
        }
    }

    func testKeysDriveTheMachine() {
        var navigation = notes()
        let keys: [Navigation.Key] = [.character("j"), .tab, .enter, .character("G"), .backspace]
        let effects = keys.map { key in Navigation.event(for: key).flatMap { navigation.handle($0) } }
        XCTAssertEqual(effects, [.redraw, .redraw, .redraw, .redraw, .redraw])
        XCTAssertEqual(offsets(navigation), [1])
        XCTAssertEqual(navigation.current.focus, 1)
        XCTAssertEqual(Navigation.event(for: .character("q")).flatMap { navigation.handle($0) }, .dismissed)
    }

    // MARK: The pager's additions: the first focus, action lines, the sheet's keys, laying out again

    func testThePageChoosesTheFirstFocus() {
        let page = Page(lineCount: 10, actions: [.openURL("https://example.com"), .dismiss], initialFocus: 1)
        XCTAssertEqual(Navigation(root: page, viewportHeight: 4).current.focus, 1)
        XCTAssertEqual(Page(lineCount: 3, actions: [.dismiss], initialFocus: 5).initialFocus, 0, "an index out of range is the first")
        XCTAssertEqual(Page(lineCount: 3, actions: [.dismiss], actionLines: [0..<1, 1..<2]).actionLines, [], "one range per action, or none")
    }

    func testMovingTheFocusScrollsTheActionIntoView() {
        let root = Page(lineCount: 40, actions: [.dismiss, .openURL("https://example.com"), .present(learnMore)],
                        actionLines: [2..<3, 20..<22, 38..<39])
        var navigation = Navigation(root: root, viewportHeight: 5)
        XCTAssertEqual(navigation.handle(.nextAction), .redraw)
        XCTAssertEqual(navigation.current.offset, 17, "the link's last line at the bottom")
        XCTAssertEqual(navigation.visibleLines, 17..<22)
        XCTAssertEqual(navigation.handle(.nextAction), .redraw)
        XCTAssertEqual(navigation.current.offset, 34, "the third action's line at the bottom")
        XCTAssertEqual(navigation.handle(.nextAction), .redraw)
        XCTAssertEqual(navigation.current.offset, 2, "back up to the first, wrapping: its line at the top")
        _ = navigation.handle(.lineDown)
        _ = navigation.handle(.previousAction)
        XCTAssertEqual(navigation.current.offset, 34)
        XCTAssertEqual(navigation.handle(.previousAction), .redraw)
        XCTAssertEqual(navigation.current.offset, 20, "the link's first line at the top")
    }

    func testAPushedPageRemembersTheActionThatPushedIt() {
        var navigation = notes()
        _ = navigation.handle(.nextAction)
        _ = navigation.handle(.activate)
        XCTAssertEqual(navigation.stack.map(\.pushedBy), [nil, 1])
    }

    func testTheSheetsKeys() {
        let table: [(Navigation.Key, Navigation.Event?)] = [
            (.enter, .dismiss), (.escape, .dismiss), (.character("q"), .dismiss),
            (.tab, nil), (.shiftTab, nil), (.backspace, nil), (.character("h"), nil),
            (.down, .lineDown), (.character("k"), .lineUp), (.character(" "), .pageDown), (.pageUp, .pageUp),
            (.character("g"), .top), (.end, .bottom),
        ]
        for (key, event) in table {
            XCTAssertEqual(Navigation.sheetEvent(for: key), event, "\(key)")
        }
    }

    func testRelayoutSwapsInThePagesAndMapsEachTopLine() {
        var navigation = notes(lines: 30, viewport: 5)
        _ = navigation.handle(.pageDown)
        _ = navigation.handle(.nextAction)
        _ = navigation.handle(.activate)
        _ = navigation.handle(.pageDown)
        XCTAssertEqual(offsets(navigation), [5, 5])
        // Narrower: both pages longer; the caller says where each top line's text went.
        let longer = Page(lineCount: 50)
        let root = Page(lineCount: 45, actions: [.dismiss, .present(longer), .openURL("https://example.com")])
        var asked: [[Int]] = []
        navigation.relayout(root: root, viewportHeight: 8) { depth, top in
            asked.append([depth, top])
            return top * 2
        }
        XCTAssertEqual(asked, [[0, 5], [1, 5]])
        XCTAssertEqual(offsets(navigation), [10, 10])
        XCTAssertEqual(navigation.viewportHeight, 8)
        XCTAssertEqual(navigation.current.page, longer)
        XCTAssertEqual(navigation.stack[0].focus, 1, "the focus stays")
        XCTAssertEqual(navigation.handle(.back), .redraw)
        XCTAssertEqual(navigation.current.page, root)
    }

    func testRelayoutClampsTheMappedLines() {
        var navigation = notes(lines: 30, viewport: 5)
        _ = navigation.handle(.bottom)
        navigation.relayout(root: Page(lineCount: 12, actions: [.dismiss]), viewportHeight: 5) { _, _ in 100 }
        XCTAssertEqual(offsets(navigation), [7])
        navigation.relayout(root: Page(lineCount: 12, actions: [.dismiss]), viewportHeight: 5) { _, _ in -4 }
        XCTAssertEqual(offsets(navigation), [0])
    }

    func testRelayoutDropsAPageWhoseActionIsGone() {
        var navigation = notes()
        _ = navigation.handle(.nextAction)
        _ = navigation.handle(.activate)
        navigation.relayout(root: Page(lineCount: 10, actions: [.dismiss]), viewportHeight: 4) { _, top in top }
        XCTAssertEqual(navigation.stack.count, 1)
        XCTAssertEqual(navigation.current.focus, 0, "the focus of an action that is gone goes to the first")
    }
}
