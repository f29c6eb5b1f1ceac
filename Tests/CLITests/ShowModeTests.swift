import Foundation
import TestSupport
import XCTest

/// `show --mode` and `WHATSNEW_SHOW_MODE` off a terminal: every mode prints what `inline` prints (`none`
/// nothing), records as `inline` does (`none` nothing), and bad values are usage errors naming the valid ones.
/// The interactive runs are in `ShowModesInTmuxTests`.
final class ShowModeTests: XCTestCase {
    private var stateHome: URL!
    private let manifest = Paths.fixtures.appendingPathComponent("notes.yaml").path

    override func setUpWithError() throws {
        stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stateHome, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: stateHome)
    }

    private func show(_ arguments: [String], environment: [String: String] = [:], terminal: PseudoTerminal? = nil) throws -> CommandResult {
        var env = ["XDG_STATE_HOME": stateHome.path, "WHATSNEW_DISABLE": "", "WHATSNEW_SHOW_MODE": ""]
        for (key, value) in environment { env[key] = value }
        return try CommandRunner.run(["show", manifest, "--current-version", "1.2.1", "--color", "never", "--width", "60"] + arguments,
                                     environment: env, terminal: terminal)
    }

    private func presented() throws -> [String] {
        let result = try CommandRunner.run(["state", "list", "--app-id", "com.example.trails"], environment: ["XDG_STATE_HOME": stateHome.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    private func forget() throws {
        _ = try CommandRunner.run(["state", "reset", "--app-id", "com.example.trails"], environment: ["XDG_STATE_HOME": stateHome.path])
    }

    func testPipedEveryModePrintsWhatInlinePrints() throws {
        let inline = try show(["--no-tty-check", "--dry-run"])
        XCTAssertEqual(inline.status, 0, inline.stderr)
        XCTAssertTrue(inline.stdout.contains("Offline map fixes"), inline.stdout)
        for mode in ["auto", "inline", "sheet", "pager"] {
            let flag = try show(["--no-tty-check", "--mode", mode, "--explain"])
            XCTAssertEqual(flag.status, 0, flag.stderr)
            XCTAssertEqual(flag.stdout, inline.stdout, "--mode \(mode)")
            XCTAssertTrue(flag.stderr.hasSuffix("whatsnew: explain: shown as inline\n"), flag.stderr)
            XCTAssertEqual(try presented(), ["1.2.1"], "--mode \(mode) records what it printed")
            try forget()
            let variable = try show(["--no-tty-check"], environment: ["WHATSNEW_SHOW_MODE": mode])
            XCTAssertEqual(variable.stdout, inline.stdout, "WHATSNEW_SHOW_MODE=\(mode)")
            XCTAssertEqual(try presented(), ["1.2.1"])
            try forget()
        }
        let none = try show(["--no-tty-check", "--mode", "none", "--explain"])
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertEqual(none.stdout, "")
        XCTAssertTrue(none.stderr.contains("whatsnew: explain: mode none: showing and recording nothing\n"), none.stderr)
        XCTAssertEqual(try presented(), [], "none records nothing")
    }

    /// Standard output a terminal but standard input a pipe: the interactive modes cannot read keys, so they
    /// print what inline prints.
    func testOutputOnATerminalButInputNotPrintsInline() throws {
        guard let first = PseudoTerminal(), let second = PseudoTerminal() else { throw XCTSkip("no pseudo-terminal") }
        let inline = try show(["--dry-run"], terminal: first)
        XCTAssertTrue(inline.stdout.contains("Offline map fixes"), inline.stdout)
        let pager = try show(["--mode", "pager"], terminal: second)
        XCTAssertEqual(pager.status, 0, pager.stderr)
        XCTAssertEqual(pager.stdout, inline.stdout)
        XCTAssertFalse(pager.stdout.contains("\u{1B}[?1049h"), "never the alternate screen")
        XCTAssertEqual(try presented(), ["1.2.1"])
    }

    func testTheFlagOutranksTheVariable() throws {
        let result = try show(["--no-tty-check", "--mode", "none"], environment: ["WHATSNEW_SHOW_MODE": "inline"])
        XCTAssertEqual(result.stdout, "")
        let inline = try show(["--no-tty-check", "--mode", "inline", "--dry-run"], environment: ["WHATSNEW_SHOW_MODE": "none"])
        XCTAssertTrue(inline.stdout.contains("Offline map fixes"))
    }

    func testBadValuesAreUsageErrors() throws {
        let flag = try show(["--no-tty-check", "--mode", "modal"])
        XCTAssertEqual(flag.status, 64)
        XCTAssertTrue(flag.stderr.contains("--mode must be one of auto, inline, sheet, pager, none, found 'modal'"), flag.stderr)
        let variable = try show(["--no-tty-check"], environment: ["WHATSNEW_SHOW_MODE": "Pager"])
        XCTAssertEqual(variable.status, 64)
        XCTAssertEqual(variable.stderr, "whatsnew: error: WHATSNEW_SHOW_MODE must be one of auto, inline, sheet, pager, none, found 'Pager'\n")
        XCTAssertEqual(variable.stdout, "")
        for height in ["2", "1001"] {
            let result = try show(["--no-tty-check", "--max-height", height])
            XCTAssertEqual(result.status, 64)
            XCTAssertTrue(result.stderr.contains("--max-height must be between 3 and 1000 rows, found \(height)"), result.stderr)
        }
        XCTAssertEqual(try presented(), [])
    }
}
