import Foundation
import TestSupport
import XCTest

/// The command line detects the terminal from every variable `TerminalCapabilities.detect` reads.
final class TerminalDetectionTests: XCTestCase {
    /// Issue 27: the command line passed `detect` only COLORTERM, TERM, FORCE_HYPERLINK and COLORFGBG, so the
    /// terminals known by TERM_PROGRAM, VTE_VERSION, KONSOLE_VERSION, WT_SESSION or KITTY_WINDOW_ID never had links.
    func testTerminalProgramTurnsHyperlinksOn() throws {
        let arguments = ["compile", "notes.yaml", "--color", "always"]
        let iTerm = try CommandRunner.run(arguments, in: Paths.fixtures, environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"])
        XCTAssertEqual(iTerm.status, 0, iTerm.stderr)
        XCTAssertTrue(iTerm.stdout.contains("\u{1B}]8;;https://"), "expected OSC 8 links in iTerm2:\n\(iTerm.stdout)")
        let xterm = try CommandRunner.run(arguments, in: Paths.fixtures, environment: ["TERM": "xterm-256color"])
        XCTAssertEqual(xterm.status, 0, xterm.stderr)
        XCTAssertFalse(xterm.stdout.contains("\u{1B}]8;;"), "expected no OSC 8 links in xterm:\n\(xterm.stdout)")
    }
}
