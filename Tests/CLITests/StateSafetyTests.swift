import Foundation
import TestSupport
import XCTest

/// `show` at an app's start and `state record` when the state directory was tampered with (issue 15, item 4).
final class StateSafetyTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private let manifest = Paths.fixtures.appendingPathComponent("notes.yaml").path

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("state-cli")
        try directory.mkdir("home/whatsnew", mode: 0o700)
    }

    override func tearDown() {
        directory = nil
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(arguments, environment: ["XDG_STATE_HOME": directory.path("home"), "WHATSNEW_DISABLE": ""])
    }

    private var stateDirectory: String { directory.path("home/whatsnew") }

    func testFIFOAtTheStatePathDoesNotHangShow() throws {
        try directory.mkfifo("home/whatsnew/com.example.trails.json")
        let result = try run(["show", manifest, "--current-version", "1.2.1", "--no-tty-check"])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertEqual(result.stderr, "whatsnew: error: cannot read '\(stateDirectory)/com.example.trails.json': is a FIFO; expected a regular file\n")
    }

    func testWorldWritableStateDirectoryIsRefused() throws {
        try directory.chmod("home/whatsnew", 0o777)
        let result = try run(["state", "record", "1.0", "--app-id", "trails"])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertEqual(result.stderr, "whatsnew: error: cannot read '\(stateDirectory)': other users can write the directory (mode 0777); "
                       + "expected a directory only its owner can write: run chmod go-w '\(stateDirectory)'\n")
        XCTAssertFalse(directory.exists("home/whatsnew/trails.json.lock"), "nothing is created in it")
    }

    func testStateDirectoryOfAnotherUserIsRefused() throws {
        try directory.chown("home/whatsnew", uid: 12345, gid: 12345)
        let result = try run(["show", manifest, "--current-version", "1.2.1", "--no-tty-check"])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertTrue(result.stderr.contains("the directory belongs to another user (uid 12345)"), result.stderr)
    }
}
