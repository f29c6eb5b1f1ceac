import Markdown
import XCTest
@testable import WhatsNewRender

/// A secondary action's Markdown footer is rendered once per action and thread, and is the same footer.
final class MarkdownFooterCacheTests: XCTestCase {
    private func action(_ body: String) -> ReleaseNotes.SecondaryAction {
        ReleaseNotes.SecondaryAction(title: "What changed?", foregroundColor: "#2F7D32", hapticFeedback: nil,
                                     kind: .present(title: "In detail", body: body))
    }

    func testAnActionIsRenderedOnceAndItsFooterKept() {
        let cache = MarkdownFooterCache()
        var renders = 0
        let first = action("Trips now upload **while you hike**.")
        let render = { (action: ReleaseNotes.SecondaryAction) -> String? in
            renders += 1
            return MarkdownEmitter.secondary(action, renderer: MarkdownRenderer())
        }
        let footer = cache.footer(for: first) { render(first) }
        XCTAssertEqual(footer, MarkdownEmitter.secondary(first, renderer: MarkdownRenderer()))
        XCTAssertTrue(footer?.hasPrefix("<details>\n<summary>What changed?</summary>") == true, footer ?? "nil")
        XCTAssertEqual(cache.footer(for: first) { render(first) }, footer)
        XCTAssertEqual(renders, 1)
        // Another action is another footer; an action without one (dismiss) is remembered as none.
        let second = action("Photos first, then the track.")
        XCTAssertNotEqual(cache.footer(for: second) { render(second) }, footer)
        let dismiss = ReleaseNotes.SecondaryAction(title: "Close", foregroundColor: "#000000", hapticFeedback: nil, kind: .dismiss)
        XCTAssertNil(cache.footer(for: dismiss) { render(dismiss) })
        XCTAssertNil(cache.footer(for: dismiss) { render(dismiss) })
        XCTAssertEqual(renders, 3)
    }

    func testTheCacheStartsOverWhenFull() {
        let cache = MarkdownFooterCache()
        var renders = 0
        for index in 0...MarkdownFooterCache.capacity {
            _ = cache.footer(for: action("body \(index)")) { renders += 1; return "\(index)" }
        }
        XCTAssertEqual(renders, MarkdownFooterCache.capacity + 1)
        // The first was dropped when the cache started over; the last is still there.
        XCTAssertEqual(cache.footer(for: action("body 0")) { renders += 1; return "0" }, "0")
        XCTAssertEqual(cache.footer(for: action("body \(MarkdownFooterCache.capacity)")) { renders += 1; return "-" },
                       "\(MarkdownFooterCache.capacity)")
        XCTAssertEqual(renders, MarkdownFooterCache.capacity + 2)
    }
}
