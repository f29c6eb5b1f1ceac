/// The navigation of the interactive presentation modes of `show`: the `pager` (a full-screen cover) and
/// the `sheet` (a scrolled panel) both drive this one state machine, and draw what it says.
/// It is pure: it knows pages only by their height in lines and their actions, takes the viewport's height
/// as an input, does no I/O, and answers each event with at most one effect for its caller to carry out.
///
/// - A stack of pages: the root page is a version's notes; activating a `present` action pushes its page,
///   `back` pops one page (not the root), `popToRoot` pops them all.
/// - A scroll position per page, in lines: the top visible line, kept within `0...max(0, height - viewport)`;
///   a popped-to page is where it was left.
/// - A focus among the top page's actions, moved by `nextAction`/`previousAction` (wrapping), nil on a page
///   without actions; each page keeps its own. When the page says on which lines its actions are, moving the
///   focus scrolls the focused action into view.
/// - `relayout` swaps in the same pages laid out again (a new terminal size), each page's top line mapped by
///   its caller to the line that now holds the same text.
///
/// Keys map to events in `event(for:)`, apart from the machine, so the terminal code only decodes bytes
/// into `Key`s and turns effects into drawing.
package struct Navigation: Sendable, Hashable {
    /// What a page is to navigation: its height once laid out, and its actions in focus order.
    package struct Page: Sendable, Hashable {
        package var lineCount: Int
        package var actions: [Action]
        /// The lines each action is drawn on, in the order of `actions`; empty when not known.
        package var actionLines: [Range<Int>]
        /// The action focused when the page opens (the primary action, so that Enter continues).
        package var initialFocus: Int

        package init(lineCount: Int, actions: [Action] = [], actionLines: [Range<Int>] = [], initialFocus: Int = 0) {
            self.lineCount = max(0, lineCount)
            self.actions = actions
            self.actionLines = actionLines.count == actions.count ? actionLines : []
            self.initialFocus = actions.indices.contains(initialFocus) ? initialFocus : 0
        }
    }

    /// What activating an action does.
    package indirect enum Action: Sendable, Hashable {
        /// A `present` secondary action: pushes its page.
        case present(Page)
        /// An `openURL` secondary action: the caller prints or opens the link.
        case openURL(String)
        /// The primary action (or a `dismiss` secondary action): dismisses everything.
        case dismiss
    }

    package enum Event: Sendable, Hashable {
        case lineUp, lineDown
        case pageUp, pageDown
        case top, bottom
        case nextAction, previousAction
        /// Enter on the focused action.
        case activate
        /// Pops one page; does nothing on the root.
        case back
        case popToRoot
        case dismiss
        /// The viewport is now this many lines high.
        case resize(viewportHeight: Int)
    }

    /// What the caller must do after an event; no effect means nothing changed.
    package enum Effect: Sendable, Hashable {
        case redraw
        case openURL(String)
        /// The user is done: the caller restores the terminal and records the versions.
        case dismissed
    }

    /// The keys navigation knows, decoded from the terminal's bytes by its caller.
    package enum Key: Sendable, Hashable {
        case up, down, pageUp, pageDown, home, end
        case tab, shiftTab, enter, backspace, escape
        case character(Character)
    }

    /// One page of the stack, with where it is scrolled to and which action has the focus.
    package struct Entry: Sendable, Hashable {
        package var page: Page
        /// The top visible line.
        package var offset: Int
        /// The index of the focused action in `page.actions`; nil when the page has none.
        package var focus: Int?
        /// The index of the `present` action of the page below that pushed this one; nil for the root.
        package var pushedBy: Int?

        package init(page: Page, pushedBy: Int? = nil) {
            self.page = page
            self.offset = 0
            self.focus = page.actions.isEmpty ? nil : page.initialFocus
            self.pushedBy = pushedBy
        }
    }

    /// The pages, the root first; never empty.
    package private(set) var stack: [Entry]
    /// How many lines of a page are visible at once (at least 1).
    package private(set) var viewportHeight: Int
    /// Whether the user dismissed; every later event is ignored.
    package private(set) var isDismissed = false

    package init(root: Page, viewportHeight: Int) {
        self.stack = [Entry(page: root)]
        self.viewportHeight = max(1, viewportHeight)
    }

    /// The page on screen.
    package var current: Entry { stack[stack.count - 1] }
    /// The lines of the page on screen that are visible.
    package var visibleLines: Range<Int> { current.offset..<min(current.offset + viewportHeight, current.page.lineCount) }
    /// The largest top line of the page on screen: its last line at the bottom of the viewport.
    package var maximumOffset: Int { maximumOffset(of: current.page) }

    /// Applies `event`, and says what the caller must do.
    package mutating func handle(_ event: Event) -> Effect? {
        guard !isDismissed else { return nil }
        switch event {
        case .lineUp: return scroll(to: current.offset - 1)
        case .lineDown: return scroll(to: current.offset + 1)
        case .pageUp: return scroll(to: current.offset - viewportHeight)
        case .pageDown: return scroll(to: current.offset + viewportHeight)
        case .top: return scroll(to: 0)
        case .bottom: return scroll(to: maximumOffset)
        case .nextAction: return moveFocus(by: 1)
        case .previousAction: return moveFocus(by: -1)
        case .activate: return activate()
        case .back:
            guard stack.count > 1 else { return nil }
            stack.removeLast()
            return .redraw
        case .popToRoot:
            guard stack.count > 1 else { return nil }
            stack.removeSubrange(1...)
            return .redraw
        case .dismiss:
            isDismissed = true
            return .dismissed
        case .resize(let height):
            // Each page keeps its top line, which stays on screen: clamping only moves it down the viewport.
            viewportHeight = max(1, height)
            for index in stack.indices {
                stack[index].offset = min(stack[index].offset, maximumOffset(of: stack[index].page))
            }
            return .redraw
        }
    }

    /// Swaps in the same pages laid out again: `root` must have the actions the root had, so that each pushed
    /// page is found again by the action that pushed it. `topLine(depth, oldTop)` maps each page's top line to
    /// the line that holds the same text now (then clamped); focus stays. Dismissal is kept.
    package mutating func relayout(root: Page, viewportHeight: Int, topLine: (_ depth: Int, _ oldTop: Int) -> Int) {
        self.viewportHeight = max(1, viewportHeight)
        var page = root
        for depth in stack.indices {
            if depth > 0 {
                guard let index = stack[depth].pushedBy, page.actions.indices.contains(index),
                      case .present(let pushed) = page.actions[index] else {
                    stack.removeSubrange(depth...)
                    break
                }
                page = pushed
            }
            stack[depth].page = page
            stack[depth].offset = min(max(0, topLine(depth, stack[depth].offset)), maximumOffset(of: page))
            if let focus = stack[depth].focus, !page.actions.indices.contains(focus) {
                stack[depth].focus = page.actions.isEmpty ? nil : page.initialFocus
            }
        }
    }

    /// The event of a key in the sheet: the pager's scrolling keys; Enter (the primary action), q and Esc
    /// dismiss; Tab, Backspace and h do nothing (the sheet has one page and one action).
    package static func sheetEvent(for key: Key) -> Event? {
        switch key {
        case .enter, .escape: return .dismiss
        case .tab, .shiftTab, .backspace, .character("h"): return nil
        default: return event(for: key)
        }
    }

    /// The event of a key, or nil for a key navigation ignores: arrows and j/k scroll by a line, space and
    /// PgDn/PgUp by a page, g/G and Home/End to the top and bottom; Tab and Shift-Tab move the focus; Enter
    /// activates; Backspace or h goes back, Esc to the root page; q dismisses.
    package static func event(for key: Key) -> Event? {
        switch key {
        case .up, .character("k"): return .lineUp
        case .down, .character("j"): return .lineDown
        case .pageUp: return .pageUp
        case .pageDown, .character(" "): return .pageDown
        case .home, .character("g"): return .top
        case .end, .character("G"): return .bottom
        case .tab: return .nextAction
        case .shiftTab: return .previousAction
        case .enter: return .activate
        case .backspace, .character("h"): return .back
        case .escape: return .popToRoot
        case .character("q"): return .dismiss
        case .character: return nil
        }
    }

    private func maximumOffset(of page: Page) -> Int {
        max(0, page.lineCount - viewportHeight)
    }

    private mutating func scroll(to offset: Int) -> Effect? {
        let clamped = min(max(0, offset), maximumOffset)
        guard clamped != current.offset else { return nil }
        stack[stack.count - 1].offset = clamped
        return .redraw
    }

    private mutating func moveFocus(by step: Int) -> Effect? {
        let count = current.page.actions.count
        guard let focus = current.focus, count > 1 else { return nil }
        let next = ((focus + step) % count + count) % count
        stack[stack.count - 1].focus = next
        if current.page.actionLines.indices.contains(next) {
            // The focused action's lines on screen: its first line as near the top as needed, or its last line
            // at the bottom.
            let lines = current.page.actionLines[next]
            var offset = current.offset
            if lines.upperBound > offset + viewportHeight { offset = lines.upperBound - viewportHeight }
            if lines.lowerBound < offset { offset = lines.lowerBound }
            stack[stack.count - 1].offset = min(max(0, offset), maximumOffset)
        }
        return .redraw
    }

    private mutating func activate() -> Effect? {
        guard let focus = current.focus else { return nil }
        switch current.page.actions[focus] {
        case .present(let page):
            stack.append(Entry(page: page, pushedBy: focus))
            return .redraw
        case .openURL(let url):
            return .openURL(url)
        case .dismiss:
            isDismissed = true
            return .dismissed
        }
    }
}
