import XCTest
@testable import WhatsNewCore
@testable import WhatsNewText
@testable import WhatsNewDiagnostics
@testable import WhatsNewRender
@testable import WhatsNewTerminal

/// The notes laid out for the sheet and the pager: the same lines as inline output, where the actions are,
/// pushed pages, the window shown, and the line that holds the same text at another width.
final class LaidOutPageTests: XCTestCase {
    private static let yaml = """
        app: { id: com.example.trails, name: Trails }
        versions:
          - version: 1.1.0
            title: Older notes
            features:
              - { image: { systemName: star.fill }, title: Alerts, subtitle: "Get an alert when a trail you follow closes for the season." }
            secondaryAction: { title: Open settings, custom: com.example.settings }
          - version: 1.2.0
            title: "What's **New** in Trails"
            features:
              - { image: { systemName: map.fill }, title: Offline maps, subtitle: "Download a region and navigate without a connection, wherever the trail goes." }
              - { image: { emoji: "🥾" }, title: Boots, subtitle: "Log the boots you wear and see how far they went." }
            secondaryAction:
              title: How offline maps work
              present:
                title: Offline maps
                body: "Download a region **before** you leave.\\n\\n1. Open a trail.\\n2. Tap Download.\\n\\nRegions update on Wi-Fi."
          - version: 1.3.0
            features:
              - { title: Privacy zones, subtitle: Hide the start and end of your routes. }
            secondaryAction: { title: Learn more, openURL: "https://example.com/notes" }
        """

    private func notes() throws -> ReleaseNotes {
        let engine = DiagnosticEngine()
        let manifest = try XCTUnwrap(try Compiler().load(contents: Array(Self.yaml.utf8), name: "notes.yaml", engine: engine),
                                     engine.diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertFalse(engine.hasErrors, engine.diagnostics.map(\.message).joined(separator: "\n"))
        return ReleaseNotes(manifest)
    }

    private let colors = TerminalCapabilities(colorDepth: .ansi256, hyperlinks: false)

    func testTheSheetShowsTheLinesInlineOutputPrints() throws {
        let notes = try notes()
        for width in [20, 36, 80] {
            for capabilities in [colors, .plain] {
                let emitter = ANSIEmitter(capabilities: capabilities, width: width)
                let page = emitter.pages(notes, pushingPresentPages: false)
                XCTAssertEqual(page.lines.joined(separator: "\n") + "\n", emitter.emit(notes), "width \(width)")
            }
        }
    }

    func testThePagerPushesThePresentPageAndSkipsCustomActions() throws {
        let notes = try notes()
        let emitter = ANSIEmitter(capabilities: .plain, width: 60)
        let root = emitter.pages(notes, pushingPresentPages: true)
        let text = root.lines.joined(separator: "\n")
        XCTAssertTrue(text.contains("How offline maps work"))
        XCTAssertFalse(text.contains("Tap Download"), "the page is pushed, not inline")
        XCTAssertTrue(emitter.pages(notes, pushingPresentPages: false).lines.joined().contains("Tap Download"))
        // Versions newest first: 1.3.0 (link, primary), 1.2.0 (present, primary), 1.1.0 (custom: none, primary).
        guard root.actions.count == 5, case .openURL(let url) = root.actions[0], case .present(let pushed) = root.actions[2] else {
            return XCTFail("actions: \(root.actions)")
        }
        XCTAssertEqual(url, "https://example.com/notes")
        XCTAssertEqual([root.actions[1], root.actions[3], root.actions[4]], [.dismiss, .dismiss, .dismiss])
        XCTAssertEqual(root.initialFocus, 1, "the first primary action")
        XCTAssertEqual(root.actionLines.count, 5)
        for (lines, expected) in zip(root.actionLines, ["Learn more", "[ Continue ]", "How offline maps work", "[ Continue ]", "[ Continue ]"]) {
            XCTAssertEqual(lines.count, 1)
            XCTAssertTrue(root.lines[lines.lowerBound].contains(expected), "\(root.lines[lines.lowerBound]) is not \(expected)")
        }
        let pageText = pushed.lines.joined(separator: "\n")
        XCTAssertTrue(pageText.contains("      Offline maps"), "indented as the features' text: \(pageText)")
        XCTAssertTrue(pageText.contains("Tap Download"))
        XCTAssertEqual(pushed.actions, [])
        XCTAssertEqual(root.page(at: [2]), pushed)
        XCTAssertNil(root.page(at: [0]), "a link pushes nothing")
        XCTAssertEqual(root.navigationPage.actions.count, 5)
        XCTAssertEqual(root.navigationPage.initialFocus, 1)
    }

    func testTheWindowIsTheLinesFromTheOffset() {
        let page = LaidOutPage(lines: (0..<10).map { "line \($0)" })
        XCTAssertEqual(Array(page.window(from: 3, height: 4)), ["line 3", "line 4", "line 5", "line 6"])
        XCTAssertEqual(Array(page.window(from: 8, height: 4)), ["line 8", "line 9"])
        XCTAssertEqual(Array(page.window(from: 12, height: 4)), [])
        XCTAssertEqual(Array(page.window(from: -2, height: 1)), ["line 0"])
    }

    func testTextPositionsCountLettersAndDigitsOnly() {
        let page = LaidOutPage(lines: ["", "\u{1B}[1mAb c\u{1B}[0m", "────", "  d1 ⭐", "", "e"])
        // Twice the letters and digits before, plus one on a line that shows some.
        XCTAssertEqual(page.textPositions, [0, 1, 6, 7, 10, 11])
        XCTAssertEqual(page.line(atText: 0), 0)
        XCTAssertEqual(page.line(atText: 1), 1)
        XCTAssertEqual(page.line(atText: 2 * 1 + 1), 1, "the second letter, inside the second line")
        XCTAssertEqual(page.line(atText: 6), 2, "the rule between two texts")
        XCTAssertEqual(page.line(atText: 2 * 4 + 1), 3, "the fifth letter")
        XCTAssertEqual(page.line(atText: 10), 4)
        XCTAssertEqual(page.line(atText: 99), 5)
        let blanks = LaidOutPage(lines: ["a", "", "", "b"])
        XCTAssertEqual(blanks.line(atText: blanks.textPosition(ofLine: 2)), 1, "the first of the blank lines between the same texts")
    }

    /// A resize lays the notes out again: the line at the top shows the same text at the new width.
    func testLayingOutAgainKeepsTheSameTextAtTheTop() throws {
        let notes = try notes()
        let wide = ANSIEmitter(capabilities: colors, width: 100).pages(notes, pushingPresentPages: true)
        let narrow = ANSIEmitter(capabilities: colors, width: 24).pages(notes, pushingPresentPages: true)
        XCTAssertGreaterThan(narrow.lines.count, wide.lines.count)
        for (top, expected) in [("Boots", "Boots"), ("Log the boots", "Log the"), ("Older notes", "Older"), ("Privacy zones", "Privacy")] {
            let wideTop = try XCTUnwrap(wide.lines.firstIndex { TerminalLine.plainText($0).contains(top) }, top)
            let narrowTop = narrow.line(atText: wide.textPosition(ofLine: wideTop))
            XCTAssertTrue(TerminalLine.plainText(narrow.lines[narrowTop]).contains(expected), "\(top): \(narrow.lines[narrowTop])")
            // And back again.
            XCTAssertEqual(wide.line(atText: narrow.textPosition(ofLine: narrowTop)), wideTop, top)
        }
        // A line inside a wrapped subtitle maps to the narrow line holding its first word.
        let wideLine = try XCTUnwrap(wide.lines.firstIndex { TerminalLine.plainText($0).contains("Download a region and") })
        let narrowLine = narrow.line(atText: wide.textPosition(ofLine: wideLine))
        XCTAssertTrue(TerminalLine.plainText(narrow.lines[narrowLine]).contains("Download"), narrow.lines[narrowLine])
    }
}
