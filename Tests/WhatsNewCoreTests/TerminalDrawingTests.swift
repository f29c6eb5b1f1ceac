import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import WhatsNewTerminal

/// The pieces the sheet and pager draw with: keys decoded from a terminal's bytes, edits of encoded lines,
/// and the sizes and frames of the two screens.
final class TerminalDrawingTests: XCTestCase {
    private func keys(_ text: String, final: Bool = true) -> [Navigation.Key?] {
        var bytes = Array(text.utf8)[...]
        var keys: [Navigation.Key?] = []
        while !bytes.isEmpty {
            guard case .key(let key, let length) = KeyDecoder.decode(bytes, final: final) else { break }
            keys.append(key)
            bytes = bytes.dropFirst(length)
        }
        return keys
    }

    func testKeysFromBytes() {
        XCTAssertEqual(keys("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}OB"), [.up, .down, .up, .down])
        XCTAssertEqual(keys("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~"), [.pageUp, .pageDown, .home, .end, .home, .end])
        XCTAssertEqual(keys("\t\u{1B}[Z\r\n\u{7F}\u{08}"), [.tab, .shiftTab, .enter, .enter, .backspace, .backspace])
        XCTAssertEqual(keys("jkqG é"), [.character("j"), .character("k"), .character("q"), .character("G"), .character(" "), .character("é")])
        XCTAssertEqual(keys("\u{1B}[1;5A"), [.up], "with modifiers")
        XCTAssertEqual(keys("\u{1B}[C\u{1B}[15~\u{01}"), [nil, nil, nil], "known shapes without a meaning here are skipped whole")
    }

    func testALoneEscapeWaitsForTheRestUnlessNothingMoreComes() {
        XCTAssertEqual(KeyDecoder.decode(Array("\u{1B}".utf8)[...], final: false), .incomplete)
        XCTAssertEqual(KeyDecoder.decode(Array("\u{1B}[".utf8)[...], final: false), .incomplete)
        XCTAssertEqual(KeyDecoder.decode(Array("\u{1B}[5".utf8)[...], final: false), .incomplete)
        XCTAssertEqual(KeyDecoder.decode(Array("é".utf8).prefix(1), final: false), .incomplete)
        XCTAssertEqual(keys("\u{1B}"), [.escape])
        XCTAssertEqual(keys("\u{1B}q"), [.escape, .character("q")], "Esc then q")
        XCTAssertEqual(KeyDecoder.decode(Array("\u{1B}[".utf8)[...], final: true), .key(.escape, length: 1))
    }

    func testLineEdits() {
        let line = "  \u{1B}[38;5;28m⭐\u{1B}[0m\u{1B}[7G\u{1B}[1mOffline\u{1B}[0m \u{1B}]8;;https://a.example\u{1B}\\x\u{1B}]8;;\u{1B}\\"
        XCTAssertEqual(TerminalLine.plainText(line), "  ⭐Offline x")
        XCTAssertEqual(TerminalLine.shifted(line, by: 2), line.replacing("\u{1B}[7G", with: "\u{1B}[9G"))
        XCTAssertEqual(TerminalLine.shifted("plain", by: 2), "plain")
        XCTAssertEqual(TerminalLine.highlighted("a\u{1B}[1mb\u{1B}[0mc"), "\u{1B}[7ma\u{1B}[1mb\u{1B}[0;7mc\u{1B}[0m")
        XCTAssertEqual(TerminalLine.truncated("ab⭐cd", to: 3), "ab")
        XCTAssertEqual(TerminalLine.textLength("─ 12 ab ⭐"), 4)
    }

    func testTheSheetsHeight() {
        let sheet = SheetScreen(title: "What's new", rows: 24, columns: 80, maxHeight: nil)
        XCTAssertEqual(sheet.layoutWidth, 76)
        XCTAssertEqual(sheet.height(lineCount: 100), 20, "the rows minus 4")
        XCTAssertEqual(sheet.height(lineCount: 10), 12, "the lines and the borders")
        XCTAssertEqual(sheet.height(lineCount: 0), 3)
        XCTAssertTrue(sheet.fits(lineCount: 18))
        XCTAssertFalse(sheet.fits(lineCount: 19))
        XCTAssertEqual(SheetScreen(title: "", rows: 12, columns: 40, maxHeight: nil).height(lineCount: 100), 8)
        XCTAssertEqual(SheetScreen(title: "", rows: 24, columns: 80, maxHeight: 6).height(lineCount: 100), 6)
        XCTAssertEqual(SheetScreen(title: "", rows: 10, columns: 80, maxHeight: 50).height(lineCount: 100), 10, "never more than the screen")
    }

    func testTheSheetsFrameStartsAndEndsAtItsTopLeftCorner() {
        let sheet = SheetScreen(title: "Trails — What's new", rows: 24, columns: 30, maxHeight: 6)
        let page = LaidOutPage(lines: (1...9).map { "line \($0)" })
        let frame = sheet.frame(page: page, offset: 2)
        let rows = frame.components(separatedBy: "\r\u{1B}[1B")
        XCTAssertEqual(rows.count, 6)
        XCTAssertEqual(rows[0], "\r\u{1B}[2K╭─ Trails — What's new ──────╮")
        XCTAssertEqual(rows[1], "\u{1B}[2K│ line 3\u{1B}[0m\u{1B}[30G│")
        XCTAssertEqual(rows[4], "\u{1B}[2K│ line 6\u{1B}[0m\u{1B}[30G│")
        XCTAssertEqual(rows[5], "\u{1B}[2K╰─ ↑↓ 3–6/9 · Enter/q close ─╯\r\u{1B}[5A")
        XCTAssertEqual(sheet.reserve(lineCount: 9), "\r" + String(repeating: "\r\n", count: 5) + "\u{1B}[5A")
    }

    func testThePagersFrameShowsTheWindowAndTheFocus() {
        let pager = PagerScreen(title: "Trails — What's new", rows: 6, columns: 40)
        let page = LaidOutPage(lines: (1...9).map { "line \($0)" }, actions: [.openURL("https://example.com"), .dismiss],
                               actionLines: [3..<4, 8..<9], initialFocus: 1)
        var navigation = Navigation(root: page.navigationPage, viewportHeight: pager.viewportHeight)
        _ = navigation.handle(.previousAction)
        let frame = pager.frame(page: page, entry: navigation.current, depth: 0, status: nil)
        XCTAssertTrue(frame.contains("\u{1B}[1;1H\u{1B}[2K\u{1B}[7m Trails — What's new           1–4 of 9 \u{1B}[0m"), frame)
        XCTAssertEqual(DisplayWidth.of(" Trails — What's new           1–4 of 9 "), 40, "the header as wide as the screen")
        XCTAssertTrue(frame.contains("\u{1B}[2;1H\u{1B}[2Kline 1\u{1B}[0m"), frame)
        XCTAssertTrue(frame.contains("\u{1B}[5;1H\u{1B}[2K\u{1B}[7mline 4\u{1B}[0m"), "the focused link: \(frame)")
        XCTAssertTrue(frame.contains("\u{1B}[6;1H\u{1B}[2K\u{1B}[7m Enter link · Tab next action · q close \u{1B}[0m"), frame)
        XCTAssertFalse(frame.contains("line 5"))
        XCTAssertEqual(PagerScreen(title: "", rows: 6, columns: 12).fitted(["aaaa", "bbbb", "cccc"]), "aaaa · bbbb",
                       "a footer too narrow for every key shows the first ones whole, not half of the next")
        XCTAssertEqual(PagerScreen(title: "", rows: 6, columns: 12).fitted(["a key longer than the screen"]), "a key longer than the screen",
                       "the first key is kept and cut by the bar")
        let status = pager.frame(page: page, entry: navigation.current, depth: 1, status: "Link: https://example.com")
        XCTAssertTrue(status.contains(" Trails — What's new · page 2"), status)
        XCTAssertTrue(status.contains("\u{1B}[7m Link: https://example.com"), status)
    }

    func testModesResolve() {
        XCTAssertEqual(ShowMode.auto.resolved(onTerminal: true, notesFit: true), .sheet)
        XCTAssertEqual(ShowMode.auto.resolved(onTerminal: true, notesFit: false), .pager)
        XCTAssertEqual(ShowMode.auto.resolved(onTerminal: false, notesFit: true), .inline)
        XCTAssertEqual(ShowMode.sheet.resolved(onTerminal: false, notesFit: true), .inline)
        XCTAssertEqual(ShowMode.pager.resolved(onTerminal: false, notesFit: true), .inline)
        XCTAssertEqual(ShowMode.pager.resolved(onTerminal: true, notesFit: true), .pager)
        XCTAssertEqual(ShowMode.none.resolved(onTerminal: true, notesFit: true), .none)
        XCTAssertEqual(ShowMode.valueList, "auto, inline, sheet, pager, none")
        XCTAssertNil(ShowMode(name: "Pager"))
    }

    func testOnlyHTTPLinksAreOpened() {
        XCTAssertTrue(LinkOpener.isOpenable("https://example.com/notes?a=1"))
        XCTAssertTrue(LinkOpener.isOpenable("HTTP://example.com"))
        for url in ["mailto:a@example.com", "file:///etc/passwd", "-h", "https://", "https://exa mple.com", "https://example.com/\u{7}",
                    "javascript:alert(1)", "https://example.com/\u{202E}"] {
            XCTAssertFalse(LinkOpener.isOpenable(url), url)
        }
    }
}
