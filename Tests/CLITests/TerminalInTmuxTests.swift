import Foundation
import TestSupport
import XCTest

/// The terminal output as tmux draws it (tmux is one of the Debian packages `make test` installs): a server of
/// the test's own (`-S` a socket in a temporary directory), 80×40, its screen read back with `capture-pane`.
final class TerminalInTmuxTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var tmux: URL!

    override func setUpWithError() throws {
        guard let tmux = CommandRunner.which("tmux") else { throw XCTSkip("tmux is not installed (make test installs it)") }
        self.tmux = tmux
        directory = try TemporaryDirectory("tmux")
    }

    override func tearDownWithError() throws {
        if let directory { _ = try? run(["kill-server"], socket: directory.path("socket")) }
    }

    private static let manifest = """
        versions:
          - version: 1.0.0
            features:
              - { image: { systemName: map.fill }, title: Maps title, subtitle: A }
              - { image: { systemName: mountain.2.fill }, title: Mountain title, subtitle: B }
              - { image: { systemName: star.fill }, title: Star title, subtitle: C }
              - { image: { systemName: heart }, title: Heart title, subtitle: D }
              - { image: { emoji: "🥾" }, title: Boot title, subtitle: E }
              - { image: { systemName: applewatch }, title: Watch title, subtitle: F }
            secondaryAction: { title: Learn more, openURL: "https://example.com/notes" }
        """

    /// 🗺️ and ⛰️ (a narrow pictograph and U+FE0F) are one column in tmux, two elsewhere: whatever the width,
    /// every title starts in the same column — the feature text column, 7 (from 1) in the default layout.
    func testFeatureTitlesLineUpWhateverTheGlyphsWidth() throws {
        let screen = try compileInTmux()
        var columns: [String: Int] = [:]
        for line in screen.split(separator: "\n") {
            guard let title = line.range(of: " title") else { continue }
            let before = line[..<title.lowerBound]
            let name = String(before.split(separator: " ").last ?? "")
            // The row up to the title's name, in tmux's cells: spaces one each, the glyph as tmux counts it.
            var cells = 0
            for character in before.dropLast(name.count) {
                cells += character == " " ? 1 : try width(inTmux: character)
            }
            columns[name] = cells + 1
        }
        XCTAssertEqual(Set(columns.keys), ["Maps", "Mountain", "Star", "Heart", "Boot", "Watch"], screen)
        XCTAssertEqual(Set(columns.values), [7], "title columns in tmux: \(columns)\n\(screen)")
    }

    /// tmux passes OSC 8 on only when told to: inside it the link's URL is printed, not hidden behind it.
    func testALinkShowsItsURLInsideTmux() throws {
        let screen = try compileInTmux()
        XCTAssertTrue(screen.contains("Learn more: https://example.com/notes"), screen)
    }

    // MARK: Running tmux

    private func compileInTmux() throws -> String {
        let file = try directory.write("notes.yaml", Self.manifest)
        let socket = directory.path("socket")
        let command = "'\(Paths.binary.path)' compile '\(file)' --color always; echo END; sleep 30"
        _ = try run(["new-session", "-d", "-s", "notes", "-x", "80", "-y", "40", command], socket: socket)
        return try screen(of: "notes", until: "END", socket: socket)
    }

    /// The columns tmux gives `character`: where its cursor is after printing it in a window of its own.
    private func width(inTmux character: Character) throws -> Int {
        if let known = widths[character] { return known }
        let socket = directory.path("socket")
        let name = "w\(widths.count)"
        let escaped = String(character).unicodeScalars.map { String(format: "\\U%08X", $0.value) }.joined()
        _ = try run(["new-window", "-d", "-n", name, "printf '\(escaped)|'; sleep 30"], socket: socket)
        _ = try screen(of: "notes:\(name)", until: "|", socket: socket)
        let cursor = try run(["display-message", "-p", "-t", "notes:\(name)", "#{cursor_x}"], socket: socket)
        let columns = try XCTUnwrap(Int(cursor.trimmingCharacters(in: .whitespacesAndNewlines))) - 1
        widths[character] = columns
        return columns
    }

    private var widths: [Character: Int] = [:]

    private func screen(of target: String, until marker: String, socket: String) throws -> String {
        for _ in 0..<100 {
            let screen = try run(["capture-pane", "-p", "-t", target], socket: socket)
            if screen.contains(marker) { return screen }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("tmux showed no '\(marker)' in 5 s")
        return ""
    }

    /// Runs tmux. The commands that start a server or a window are started by Python with no descriptor but
    /// /dev/null: the server would keep any pipe of the test's open (and the test wait for it) for as long as
    /// it runs.
    @discardableResult
    private func run(_ arguments: [String], socket: String) throws -> String {
        let arguments = [tmux.path, "-S", socket, "-f", "/dev/null"] + arguments
        guard arguments.contains("new-session") || arguments.contains("new-window") else {
            return try CommandRunner.run(executable: tmux, Array(arguments.dropFirst()), environment: ["LC_ALL": "C.UTF-8"]).stdout
        }
        let python = try XCTUnwrap(CommandRunner.which("python3"), "python3")
        let script = "import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, "
            + "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=True).returncode)"
        let result = try CommandRunner.run(executable: python, ["-c", script] + arguments, environment: ["LC_ALL": "C.UTF-8", "TMUX": ""])
        XCTAssertEqual(result.status, 0, "tmux \(arguments)")
        return ""
    }
}
