import Foundation
import TestSupport
import XCTest

/// `show --mode sheet|pager` driven end to end in tmux (a server of the test's own, a shell in an 80×24 pane):
/// keys sent with `send-keys`, the screen read back with `capture-pane`, always waited for by polling with a
/// deadline. After each run the pane must be back on the main screen, the cursor visible, the terminal in line
/// mode with echo, the prompt usable, and the state must hold exactly what was dismissed.
final class ShowModesInTmuxTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var tmux: URL!
    private var manifest: String!

    override func setUpWithError() throws {
        guard let tmux = CommandRunner.which("tmux") else { throw XCTSkip("tmux is not installed (make test installs it)") }
        guard CommandRunner.which("bash") != nil else { throw XCTSkip("bash is not installed") }
        self.tmux = tmux
        directory = try TemporaryDirectory("show-modes")
        manifest = try directory.write("notes.yaml", Self.notes)
    }

    override func tearDownWithError() throws {
        if let directory { _ = try? tmux(["kill-server"]) }
    }

    /// A long 2.0.0 (more lines than the screen) with a `present` page, and a short 1.0.0.
    private static let notes: String = {
        let features = (1...12).map { "      - { title: Feature \($0) title, subtitle: Subtitle of feature \($0) that says a little more. }" }
        return """
            app: { id: com.example.trails, name: Trails }
            versions:
              - version: 1.0.0
                title: First notes
                features:
                  - { title: Small start, subtitle: One feature. }
                secondaryAction: { title: Read the guide, openURL: "https://example.com/guide" }
              - version: 2.0.0
                title: Big release
                features:
            \(features.joined(separator: "\n"))
                secondaryAction:
                  title: How it works
                  present:
                    title: The guide
                    body: "Guide paragraph one.\\n\\nGuide paragraph two.\\n\\nGUIDE-END"
            """
    }()

    // MARK: The sheet

    func testTheSheetAt80x24ScrollsAndEnterDismisses() throws {
        try startShell(columns: 80, rows: 24)
        try show("2.0.0", mode: "sheet")
        let screen = try waitForScreen { $0.contains("╰─ Enter continue · q close · ↑↓ scroll · 1–18/") }
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let top = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("╭─ Trails — What's new ─") }, screen)
        let bottom = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("╰─ ") }, screen)
        XCTAssertEqual(bottom - top + 1, 20, "the terminal's rows minus 4:\n\(screen)")
        let misdrawn = rows[top + 1..<bottom].filter { !$0.hasPrefix("│") || !$0.hasSuffix("│") || $0.unicodeScalars.count != 80 }
        XCTAssertEqual(misdrawn, [], "every row inside the border, 80 columns:\n\(screen)")
        XCTAssertTrue(rows.contains { $0.hasPrefix("│                                 Big release   ") }, "centered in 76 columns:\n\(screen)")
        XCTAssertEqual(try alternateScreen(), "0", "the sheet stays in the main screen")
        XCTAssertEqual(try presented(), [], "nothing is recorded while the sheet is open")
        try keys("j")
        _ = try waitForScreen { $0.contains("· 2–19/") }
        try keys("Enter")
        _ = try waitForScreen { !$0.contains("╭─") && $0.contains("$") }
        try assertRestored()
        XCTAssertEqual(try presented(), ["2.0.0"])
    }

    func testTheSheetAt40x12AndEscDismisses() throws {
        try startShell(columns: 40, rows: 12)
        try show("1.0.0", mode: "sheet")
        let screen = try waitForScreen { $0.contains("╰─ ↑↓ 1–6/") }
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let top = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("╭─ Trails — What's new ─") }, screen)
        let bottom = try XCTUnwrap(rows.firstIndex { $0.hasPrefix("╰─ ") }, screen)
        XCTAssertEqual(bottom - top + 1, 8, screen)
        XCTAssertEqual(rows[top...bottom].filter { $0.unicodeScalars.count != 40 }, [], screen)
        try keys("G")
        _ = try waitForScreen { $0.contains("[ Continue ]") }
        try keys("Escape")
        _ = try waitForScreen { !$0.contains("╭─") }
        try assertRestored()
        XCTAssertEqual(try presented(), ["1.0.0"])
    }

    /// The sheet laid out again at a new size, the same text at the top of the panel.
    func testTheSheetAfterAResizeKeepsTheTextAtTheTop() throws {
        try startShell(columns: 80, rows: 24)
        try show("2.0.0", mode: "sheet")
        _ = try waitForScreen { $0.contains("Big release") }
        func panelTop(_ screen: String) -> String? {
            let rows = screen.split(separator: "\n").map(String.init)
            return rows.firstIndex { $0.hasPrefix("╭─") }.flatMap { rows.indices.contains($0 + 1) ? rows[$0 + 1] : nil }
        }
        var pressed = 0
        while panelTop(try capture())?.contains("Feature 2 title") != true {
            pressed += 1
            guard pressed < 30 else { return XCTFail("never scrolled to Feature 2:\n\(try capture())") }
            let before = try capture()
            try keys("j")
            _ = try waitForScreen { $0 != before }
        }
        _ = try tmux(["resize-window", "-t", "show", "-x", "50", "-y", "20"])
        let screen = try waitForScreen { $0.contains("╭─ Trails — What's new ──") && $0.split(separator: "\n").allSatisfy { $0.count <= 50 } }
        XCTAssertTrue(panelTop(screen)?.contains("Feature 2 title") == true, "the same text at the top:\n\(screen)")
        XCTAssertTrue(screen.split(separator: "\n").contains { $0.hasPrefix("╰─") && $0.unicodeScalars.count == 50 }, screen)
        try keys("Enter")
        _ = try waitForScreen { !$0.contains("╭─") }
        try assertRestored()
        XCTAssertEqual(try presented(), ["2.0.0"])
    }

    // MARK: The pager

    func testThePagerScrolledToTheEndThenQ() throws {
        try startShell(columns: 80, rows: 24)
        try show("2.0.0", mode: "pager")
        var screen = try waitForScreen { $0.contains(" Trails — What's new") && $0.contains("Big release") }
        XCTAssertEqual(try alternateScreen(), "1")
        XCTAssertFalse(screen.contains("[ Continue ]"), "longer than the screen")
        try keys("G")
        screen = try waitForScreen { $0.contains("[ Continue ]") }
        XCTAssertTrue(screen.contains("Feature 12 title"), screen)
        XCTAssertFalse(screen.contains("Big release"), screen)
        XCTAssertEqual(try presented(), [])
        try keys("q")
        _ = try waitForScreen { !$0.contains("[ Continue ]") }
        try assertRestored()
        XCTAssertEqual(try presented(), ["2.0.0"])
    }

    func testThePagerPushesThePresentPageGoesBackAndEscReturnsToTheRoot() throws {
        try startShell(columns: 80, rows: 24)
        try show("2.0.0", mode: "pager")
        _ = try waitForScreen { $0.contains("Enter continue · Tab next action") }
        try keys("Tab")
        _ = try waitForScreen { $0.contains("How it works") && $0.contains("Enter open page") }
        try keys("Enter")
        _ = try waitForScreen { $0.contains("GUIDE-END") && $0.contains("What's new · page 2") }
        try keys("h")
        _ = try waitForScreen { !$0.contains("GUIDE-END") && $0.contains("How it works") }
        try keys("Enter")
        _ = try waitForScreen { $0.contains("GUIDE-END") }
        try keys("BSpace")
        _ = try waitForScreen { !$0.contains("GUIDE-END") && $0.contains("Enter open page") }
        try keys("Enter")
        _ = try waitForScreen { $0.contains("GUIDE-END") }
        try keys("Escape")
        _ = try waitForScreen { !$0.contains("GUIDE-END") && $0.contains("Enter open page") }
        try keys("Enter")
        _ = try waitForScreen { $0.contains("GUIDE-END") }
        XCTAssertEqual(try presented(), [], "nothing recorded while the pager is open")
        try keys("q")
        _ = try waitForScreen { !$0.contains("GUIDE-END") }
        try assertRestored()
        XCTAssertEqual(try presented(), ["2.0.0"], "q on a pushed page dismisses everything")
    }

    /// A link is shown in the footer and printed once the pager is left, so that it stays in the scrollback.
    func testALinkIsPrintedWhenThePagerCloses() throws {
        try startShell(columns: 80, rows: 24)
        try show("1.0.0", mode: "pager")
        _ = try waitForScreen { $0.contains("Enter continue · Tab next action") }
        try keys("Tab")
        _ = try waitForScreen { $0.contains("Enter link") }
        try keys("Enter")
        _ = try waitForScreen { $0.contains(" Link (printed when you close): https://example.com/guide") }
        try keys("q")
        let screen = try waitForScreen { $0.split(separator: "\n").contains("Link: https://example.com/guide") }
        XCTAssertFalse(screen.contains("Small start"), screen)
        try assertRestored()
        XCTAssertEqual(try presented(), ["1.0.0"])
    }

    /// A resize lays the notes out again at the new width, the same text at the top.
    func testAResizeInTheMiddleKeepsTheTextAtTheTop() throws {
        try startShell(columns: 80, rows: 24)
        try show("2.0.0", mode: "pager")
        _ = try waitForScreen { $0.contains("Big release") }
        var pressed = 0
        while try contentRows().first?.contains("Feature 5 title") != true {
            pressed += 1
            guard pressed < 60 else { return XCTFail("never scrolled to Feature 5:\n\(try capture())") }
            let before = try capture()
            try keys("j")
            _ = try waitForScreen { $0 != before }
        }
        let header = try XCTUnwrap(try contentRows(header: true).first)
        _ = try tmux(["resize-window", "-t", "show", "-x", "46", "-y", "16"])
        let screen = try waitForScreen { !$0.contains(header) && $0.split(separator: "\n").allSatisfy { $0.count <= 46 } }
        XCTAssertTrue(try contentRows().first?.contains("Feature 5 title") == true, "the same text at the top:\n\(screen)")
        XCTAssertTrue(screen.contains("Subtitle of feature 5 that says a"), "laid out at 46 columns:\n\(screen)")
        XCTAssertFalse(screen.contains("Subtitle of feature 5 that says a little more."), "wrapped at 46 columns:\n\(screen)")
        try keys("q")
        _ = try waitForScreen { !$0.contains("Feature 5 title") }
        try assertRestored()
        XCTAssertEqual(try presented(), ["2.0.0"])
    }

    func testASigintInTheMiddleRestoresAndRecordsNothing() throws {
        try startShell(columns: 80, rows: 24)
        for mode in ["pager", "sheet"] {
            try type("clear; '\(Paths.binary.path)' show '\(manifest!)' --current-version 2.0.0 --mode \(mode); echo rc=$?")
            let opened = try waitForScreen { $0.contains("Big release") }
            try keys("j")
            // In the middle: once the scroll is on screen (a Ctrl-C also flushes the keys not yet read).
            _ = try waitForScreen { $0 != opened }
            try keys("C-c")
            let screen = try waitForScreen { $0.contains("rc=130") }
            XCTAssertFalse(screen.contains("Big release"), "\(mode): erased:\n\(screen)")
            try assertRestored()
            XCTAssertEqual(try presented(), [], "\(mode): a run ended by a signal records nothing")
        }
    }

    /// SIGTERM and SIGHUP sent to the process (its id written by the shell that became it): restored, exit
    /// 128 + n, nothing recorded.
    func testSigtermAndSighupRestoreAndRecordNothing() throws {
        try startShell(columns: 80, rows: 24)
        for (signal, name) in [(SIGTERM, "TERM"), (SIGHUP, "HUP")] {
            let pidFile = directory.path("pid-\(name)")
            try type("clear; sh -c 'echo $$ > \(pidFile); exec \"$0\" \"$@\"' '\(Paths.binary.path)' show '\(manifest!)' "
                     + "--current-version 2.0.0 --mode pager; echo rc=$?")
            _ = try waitForScreen { $0.contains("Big release") }
            let text = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            let pid = try XCTUnwrap(pid_t(text), text)
            XCTAssertEqual(kill(pid, signal), 0)
            _ = try waitForScreen { $0.contains("rc=\(128 + signal)") }
            try assertRestored()
            XCTAssertEqual(try presented(), [], "SIG\(name) records nothing")
        }
    }

    func testSuspendAndResumeRedraw() throws {
        try startShell(columns: 80, rows: 24)
        try show("2.0.0", mode: "pager")
        _ = try waitForScreen { $0.contains("Big release") }
        try keys("C-z")
        _ = try waitForScreen { $0.contains("Stopped") }
        XCTAssertEqual(try alternateScreen(), "0")
        XCTAssertEqual(try cursorVisible(), "1")
        try type("fg")
        _ = try waitForScreen { $0.contains("Big release") && $0.contains(" Trails — What's new") }
        XCTAssertEqual(try alternateScreen(), "1")
        try keys("q")
        _ = try waitForScreen { !$0.contains("Big release") }
        try assertRestored()
        XCTAssertEqual(try presented(), ["2.0.0"])
    }

    /// `auto`: the sheet for notes that fit it, the pager for notes that do not.
    func testAutoPicksTheSheetOrThePager() throws {
        try startShell(columns: 80, rows: 24)
        try type("clear; '\(Paths.binary.path)' show '\(manifest!)' --current-version 1.0.0 --mode auto")
        _ = try waitForScreen { $0.contains("╭─ Trails — What's new") && $0.contains("╰─ Enter continue · q close ─") }
        XCTAssertEqual(try alternateScreen(), "0")
        try keys("q")
        _ = try waitForScreen { !$0.contains("╭─") }
        try type("clear; '\(Paths.binary.path)' show '\(manifest!)' --current-version 2.0.0 --mode auto")
        _ = try waitForScreen { $0.contains(" Trails — What's new") && $0.contains("Big release") }
        XCTAssertEqual(try alternateScreen(), "1")
        try keys("q")
        _ = try waitForScreen { !$0.contains("Big release") }
        try assertRestored()
        XCTAssertEqual(try presented(), ["1.0.0", "2.0.0"])
    }

    // MARK: Driving tmux

    private var stateHome: String { directory.path("state") }

    /// A bash in a pane of `columns`×`rows`, its prompt `$ `, its environment the test's own.
    private func startShell(columns: Int, rows: Int) throws {
        let environment = ["PATH=/usr/local/bin:/usr/bin:/bin", "HOME=\(directory.path)", "TERM=screen", "LC_ALL=C.UTF-8",
                           "XDG_STATE_HOME=\(stateHome)", "PS1=$ "]
        let command = ["env", "-i"] + environment + ["bash", "--norc", "--noprofile", "-i"]
        _ = try tmux(["new-session", "-d", "-s", "show", "-x", "\(columns)", "-y", "\(rows)"] + command)
        _ = try waitForScreen { $0.contains("$") }
    }

    private func show(_ version: String, mode: String) throws {
        try type("clear; '\(Paths.binary.path)' show '\(manifest!)' --current-version \(version) --mode \(mode)")
    }

    private func type(_ text: String) throws {
        _ = try tmux(["send-keys", "-t", "show", "-l", text])
        _ = try tmux(["send-keys", "-t", "show", "Enter"])
    }

    private func keys(_ key: String) throws {
        _ = try tmux(["send-keys", "-t", "show", key])
    }

    private func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "show"])
    }

    /// The pager's rows of text (without the header and footer), or with `header` the header alone first.
    private func contentRows(header: Bool = false) throws -> [String] {
        let rows = try capture().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return header ? rows : Array(rows.dropFirst())
    }

    private func alternateScreen() throws -> String {
        try tmux(["display-message", "-p", "-t", "show", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func cursorVisible() throws -> String {
        try tmux(["display-message", "-p", "-t", "show", "#{cursor_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the screen until `condition` holds, for at most 10 seconds.
    @discardableResult
    private func waitForScreen(file: StaticString = #filePath, line: UInt = #line, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        var screen = ""
        while Date() < deadline {
            screen = try capture()
            if condition(screen) { return screen }
            Thread.sleep(forTimeInterval: 0.03)
        }
        XCTFail("the screen never showed what was waited for:\n\(screen)", file: file, line: line)
        throw Timeout()
    }

    private struct Timeout: Error {}

    /// The main screen, the cursor shown, line mode and echo on, and a prompt that runs a command.
    private func assertRestored(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try alternateScreen(), "0", "back on the main screen", file: file, line: line)
        XCTAssertEqual(try cursorVisible(), "1", "the cursor shown", file: file, line: line)
        try type("clear; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ,; echo; echo ok")
        let screen = try waitForScreen { rows in
            let rows = rows.split(separator: "\n")
            return rows.contains("ok") && rows.contains { $0.hasPrefix("icanon") || $0.hasPrefix("-icanon") }
        }
        let rows = screen.split(separator: "\n")
        XCTAssertTrue(rows.contains("icanon,echo,"), "line mode and echo:\n\(screen)", file: file, line: line)
    }

    /// The versions the state says were presented.
    private func presented() throws -> [String] {
        let result = try CommandRunner.run(["state", "list", "--app-id", "com.example.trails"], environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Runs tmux on the test's own server. Commands that start the server are started by Python with no
    /// descriptor but /dev/null: the server would keep any pipe of the test's open for as long as it runs.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let arguments = [tmux.path, "-S", directory.path("socket"), "-f", "/dev/null"] + arguments
        guard arguments.contains("new-session") else {
            let result = try CommandRunner.run(executable: tmux, Array(arguments.dropFirst()), environment: ["LC_ALL": "C.UTF-8"])
            return result.stdout
        }
        let python = try XCTUnwrap(CommandRunner.which("python3"), "python3")
        let script = "import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, "
            + "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=True).returncode)"
        let result = try CommandRunner.run(executable: python, ["-c", script] + arguments, environment: ["LC_ALL": "C.UTF-8", "TMUX": ""])
        XCTAssertEqual(result.status, 0, "tmux \(arguments)")
        return ""
    }
}
