import Foundation
import TestSupport
import XCTest

/// State files and conflict copies a sync tool (or anyone who can write the synced folder) put beside the
/// state (issue 26, items 1–3): each once trapped, took minutes, or kept a valid copy from being merged.
final class StateAttackTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var manifest: String { Paths.fixtures.appendingPathComponent("tips/trails.yaml").path }
    private var stateFile: String { directory.path("sync/trails.json") }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("state-attack")
        try directory.mkdir("sync", mode: 0o700)
    }

    override func tearDown() {
        directory = nil
    }

    private func tip(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(["tip"] + arguments + ["--state-file", stateFile],
                              environment: ["XDG_STATE_HOME": directory.path("home"), "WHATSNEW_TIPS_SESSION": "test"])
    }

    /// A state of `devices` (ids as written) whose records are `displays` of the tip `welcome`, each
    /// `(device index, count)`, all at one time.
    private func state(devices: [String], displays: [(Int, String)], presented: [String: Int] = [:]) -> String {
        let ids = devices.map { "\"\($0)\"" }.joined(separator: ",")
        let counters = displays.map { "{\"device\":\($0.0),\"count\":\($0.1),\"last\":[1764300000000,\($0.0)]}" }.joined(separator: ",")
        let versions = presented.map { "\"\($0.key)\":[1764300000000,\($0.value)]" }.joined(separator: ",")
        return """
            {"formatVersion":2,"devices":[\(ids)],"presented":{\(versions)},"displays":{"welcome":[\(counters)]}}

            """
    }

    /// The DISPLAYS column of `tip`'s row in `tip status`.
    private func displays(of tip: String, in table: String) -> String? {
        for line in table.split(separator: "\n") {
            let columns = line.split(separator: " ").map(String.init)
            if columns.first == tip, columns.count > 2 { return columns[columns.count - 2] }
        }
        return nil
    }

    private static let deviceA = String(repeating: "a", count: 32)
    private static let deviceB = String(repeating: "b", count: 32)

    // MARK: - Item 1: numbers out of range

    /// A display count of `Int.max` in one conflict copy, with a display of another device in the state file,
    /// once overflowed the sum (SIGILL, exit 132) in `tip show` and `tip status`.
    func testAnIntMaxDisplayCountInAConflictCopyIsACorruptCopyWarningNotATrap() throws {
        try directory.write("sync/trails.json", state(devices: [Self.deviceB], displays: [(0, "1")]))
        let copy = "sync/trails.sync-conflict-20261128-023000-ABCDEF1.json"
        try directory.write(copy, state(devices: [Self.deviceA], displays: [(0, String(Int.max))]))

        let status = try tip(["status", manifest])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertTrue(status.stderr.contains("trails.sync-conflict-20261128-023000-ABCDEF1.json:1:"), status.stderr)
        XCTAssertTrue(status.stderr.contains("[corrupt-state-file]"), status.stderr)
        XCTAssertTrue(status.stderr.contains("expected a display count from 1 to 1000000000 in 'displays', found an integer '\(Int.max)'"),
                      status.stderr)
        XCTAssertEqual(displays(of: "welcome", in: status.stdout), "1", status.stdout)

        let shown = try tip(["show", manifest, "--tip", "welcome", "--format", "json"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("\"id\": \"welcome\""), shown.stdout)
        XCTAssertTrue(directory.exists(copy), "a corrupt copy is left in place")
    }

    func testTheLargestDisplayCountOnTwoDevicesAddsUpWithoutATrap() throws {
        try directory.write("sync/trails.json", state(devices: [Self.deviceA, Self.deviceB], displays: [(0, "1000000000"), (1, "1000000000")]))
        let status = try tip(["status", manifest])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertEqual(status.stderr, "")
        XCTAssertEqual(displays(of: "welcome", in: status.stdout), "2000000000", status.stdout)
        let shown = try tip(["show", manifest, "--tip", "welcome", "--format", "json"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("\"id\": \"welcome\""), shown.stdout)
        XCTAssertEqual(displays(of: "welcome", in: try tip(["status", manifest]).stdout), "2000000001")
    }

    // MARK: - Item 2: many device ids

    /// Distinct device ids filling a state file and a conflict copy to near the 4 MiB limit each were read in
    /// time quadratic in their number (minutes); both are read and merged.
    func testStateFilesNearTheLimitFullOfDistinctDeviceIDsAreReadAndMerged() throws {
        let count = 118_000
        func ids(_ prefix: String) -> [String] {
            (0..<count).map { index in prefix + String(repeating: "0", count: 24 - String(index, radix: 16).count) + String(index, radix: 16) }
        }
        let file = state(devices: ids("a1b2c3d4"), displays: [(count - 1, "2")], presented: ["1.0.0": count - 1])
        let copy = state(devices: ids("e5f6a7b8"), displays: [(0, "3"), (count - 1, "4")], presented: ["1.1.0": 0])
        XCTAssertGreaterThan(file.utf8.count, 4_100_000)
        XCTAssertLessThan(file.utf8.count, 4 << 20)
        try directory.write("sync/trails.json", file)
        try directory.write("sync/trails.sync-conflict-20261128-023000-ABCDEF1.json", copy)

        let status = try tip(["status", manifest])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertEqual(status.stderr, "")
        XCTAssertEqual(displays(of: "welcome", in: status.stdout), "9", "2 + 3 + 4 displays, on three devices")
    }

    // MARK: - Item 3: junk named like conflict copies

    /// Sixteen or more junk files named like conflict copies once took every slot of a read (the first 16 by
    /// name), so a valid copy sorted after them was never merged.
    func testJunkConflictCopiesCannotStarveAValidOne() throws {
        try directory.write("sync/trails.json", state(devices: [Self.deviceA], displays: [(0, "1")]))
        let junk = (1...20).map { String(format: "sync/trails (conflicted copy %02d).json", $0) }
        for name in junk { try directory.write(name, "junk\n") }
        let valid = "sync/trails.sync-conflict-20261128-023000-ZZZZZZZ.json"
        try directory.write(valid, state(devices: [Self.deviceB], displays: [(0, "5")]))

        let status = try tip(["status", manifest])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertEqual(displays(of: "welcome", in: status.stdout), "6", "1 + the valid copy's 5")
        XCTAssertEqual(status.stderr.components(separatedBy: "[corrupt-state-file]").count - 1, junk.count, status.stderr)
        XCTAssertTrue(status.stderr.contains("trails (conflicted copy 20).json:1:1: warning: corrupt conflict copy"), status.stderr)

        let donated = try tip(["donate", "sync.finished", "--manifest", manifest])
        XCTAssertEqual(donated.status, 0, donated.stderr)
        XCTAssertFalse(directory.exists(valid), "merged into the state, then removed")
        for name in junk { XCTAssertTrue(directory.exists(name), "\(name): a corrupt copy is left in place") }
        XCTAssertEqual(displays(of: "welcome", in: try tip(["status", manifest]).stdout), "6")
    }

    /// Junk copies as large as a state file may be come after the small ones: a valid copy is still read.
    func testLargeJunkCopiesComeAfterAValidOne() throws {
        let large = Array(repeating: UInt8(ascii: " "), count: 4 << 20 - 1)
        for index in 1...6 { try directory.write("sync/trails (conflicted copy \(index)).json", large) }
        try directory.write("sync/trails.sync-conflict-20261128-023000-ZZZZZZZ.json", state(devices: [Self.deviceB], displays: [(0, "5")]))
        let status = try tip(["status", manifest])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertEqual(displays(of: "welcome", in: status.stdout), "5")
        XCTAssertTrue(status.stderr.contains("conflict copies were not read"), status.stderr)
    }
}
