import Foundation
import TestSupport
import XCTest

/// `whatsnew tip …` run as a user would, each "device" with its own XDG_STATE_HOME (so its own device id).
final class TipCommandTests: XCTestCase {
    private var directory: URL!
    private var manifest: String { Paths.fixtures.appendingPathComponent("tips/trails.yaml").path }
    private var stateFile: String { directory.path + "/sync/trails.json" }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-tip-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sync"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `whatsnew tip …` on `device` (a state home of its own), on the state file `state`.
    private func tip(_ arguments: [String], device: String = "phone", state: String? = nil, environment: [String: String] = [:]) throws -> CommandResult {
        var env = ["XDG_STATE_HOME": directory.path + "/" + device, "WHATSNEW_TIPS_SESSION": "test"]
        for (key, value) in environment { env[key] = value }
        return try CommandRunner.run(["tip"] + arguments + ["--state-file", state ?? stateFile], environment: env)
    }

    private func status(_ device: String = "phone", _ extra: [String] = []) throws -> String {
        let result = try tip(["status", manifest] + extra, device: device)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// Checks the row of `tip` in `tip status`: its status, displays, and what holds it back (when given).
    private func assertRow(_ tip: String, _ expected: String, _ displays: Int, _ hold: String? = nil,
                           file: StaticString = #filePath, line: UInt = #line) throws {
        let table = try status()
        let rows = table.split(separator: "\n").map { $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        guard let row = rows.first(where: { $0.first == tip }) else { return XCTFail("no row for \(tip): \(table)", file: file, line: line) }
        XCTAssertEqual(row.dropFirst().first, expected, table, file: file, line: line)
        XCTAssertEqual(row.dropFirst(2).first, String(displays), table, file: file, line: line)
        if let hold { XCTAssertEqual(row.dropFirst(3).first, hold, table, file: file, line: line) }
    }

    func testATipShowsAfterTheThirdDonationAndRecordsItsDisplays() throws {
        let show = ["show", manifest, "--tip", "parallel-sync", "--no-tty-check", "--color", "never", "--width", "50"]
        XCTAssertEqual(try tip(show).stdout, "")
        for _ in 0..<3 { XCTAssertEqual(try tip(["donate", "sync.finished"]).status, 0) }
        let shown = try tip(show)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shown.stdout, """
            ╭────────────────────────────────────────────────╮
            │ ⚡ Try --parallel                              │
            │    Uploads run side by side, about 3× faster.  │
            │    Read more: https://example.com/parallel     │
            ╰────────────────────────────────────────────────╯

            """)
        try assertRow("parallel-sync", "available", 1, "-")
        XCTAssertEqual(try tip(show).status, 0)
        XCTAssertEqual(try tip(show).status, 0)
        XCTAssertEqual(try tip(show).stdout, "", "maxDisplayCount 3 reached")
        try assertRow("parallel-sync", "invalidated (displayCountExceeded)", 3)
    }

    func testPipedOutputShowsNothingAndRecordsNothingButJSONIsForApps() throws {
        for _ in 0..<3 { _ = try tip(["donate", "sync.finished"]) }
        XCTAssertEqual(try tip(["show", manifest, "--tip", "parallel-sync"]).stdout, "")
        try assertRow("parallel-sync", "available", 0, "-")
        let json = try tip(["show", manifest, "--tip", "parallel-sync", "--format", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["id"] as? String, "parallel-sync")
        XCTAssertEqual((object["title"] as? [String: String])?["html"], "Try <code>--parallel</code>")
        XCTAssertEqual((object["actions"] as? [[String: Any]])?.first?["url"] as? String, "https://example.com/parallel")
        XCTAssertEqual(try tip(["show", manifest, "--format", "json"], environment: ["WHATSNEW_DISABLE": "1"]).stdout, "null\n")
    }

    func testOrderedGroupParametersAndInvalidation() throws {
        let show = ["show", manifest, "--group", "compass", "--no-tty-check", "--color", "never", "--format", "json"]
        XCTAssertEqual(try tip(show).stdout, "null\n")
        XCTAssertEqual(try tip(["param", "loggedIn", "true"]).status, 0)
        XCTAssertTrue(try tip(show).stdout.contains("\"id\": \"show-location\""))
        try assertRow("rotate-map", "available", 0, "group 'compass' is ordered: 'show-location' first")
        XCTAssertEqual(try tip(["invalidate", "show-location", "--reason", "actionPerformed"]).status, 0)
        XCTAssertTrue(try tip(show).stdout.contains("\"id\": \"rotate-map\""))
        let bad = try tip(["invalidate", "rotate-map", "--reason", "closed"])
        XCTAssertEqual(bad.status, 64, bad.stderr)
    }

    func testTransientParametersLastOneSession() throws {
        let show = ["show", manifest, "--tip", "show-location", "--format", "json"]
        XCTAssertEqual(try tip(["param", "loggedIn", "true", "--transient"]).status, 0)
        XCTAssertTrue(try tip(show).stdout.contains("show-location"))
        XCTAssertEqual(try tip(show, environment: ["WHATSNEW_TIPS_SESSION": "next-run"]).stdout, "null\n")
        XCTAssertFalse(try String(contentsOfFile: stateFile, encoding: .utf8).contains("loggedIn"), "never in the state")
    }

    func testReusableTipsAndOverrides() throws {
        let json = ["show", manifest, "--format", "json"]
        XCTAssertEqual(try tip(["donate", "visited-alps"]).status, 0)
        let eiger = try tip(json + ["--with", "trail=Eiger", "--with", "region=alps", "--tip", "new-trail-{{trail}}"])
        XCTAssertTrue(eiger.stdout.contains("\"id\": \"new-trail-Eiger\""), eiger.stdout + eiger.stderr)
        XCTAssertEqual(try tip(["invalidate", "new-trail-Eiger", "--reason", "tipClosed"]).status, 0)
        let again = try tip(json + ["--with", "trail=Eiger", "--with", "region=alps", "--tip", "new-trail-Eiger"])
        XCTAssertEqual(again.stdout, "null\n")
        let matterhorn = try tip(json + ["--with", "trail=Matterhorn", "--with", "region=alps", "--tip", "new-trail-{{trail}}"])
        XCTAssertTrue(matterhorn.stdout.contains("new-trail-Matterhorn"))
        // Overrides: --show beats --hide-all; the environment's show-all shows a pending tip; nothing is recorded.
        let before = try String(contentsOfFile: stateFile, encoding: .utf8)
        XCTAssertTrue(try tip(json + ["--hide-all", "--show", "parallel-sync"]).stdout.contains("\"id\": \"parallel-sync\""))
        XCTAssertTrue(try tip(json, environment: ["WHATSNEW_TIPS_SHOW_ALL": "1"]).stdout.contains("\"id\": \"parallel-sync\""))
        XCTAssertEqual(try tip(json + ["--hide-all"]).stdout, "null\n")
        XCTAssertEqual(try String(contentsOfFile: stateFile, encoding: .utf8), before)
        XCTAssertEqual(try tip(["reset"]).status, 0)
        try assertRow("show-location", "pending", 0, "parameter 'loggedIn' is not set")
    }

    /// Two devices' copies, one dropped beside the other as a Syncthing conflict copy, merge on the next `tip`
    /// run with nothing lost, and `tip status` sums the displays.
    func testTwoDevicesCopiesMergeOnTheNextRunWithSummedDisplays() throws {
        let laptopFile = directory.path + "/laptop-copy.json"
        let show = ["show", manifest, "--tip", "parallel-sync", "--format", "json"]
        for _ in 0..<3 { _ = try tip(["donate", "sync.finished"], device: "phone") }
        XCTAssertTrue(try tip(show, device: "phone").stdout.contains("parallel-sync"))
        for _ in 0..<3 { _ = try tip(["donate", "sync.finished"], device: "laptop", state: laptopFile) }
        XCTAssertTrue(try tip(show, device: "laptop", state: laptopFile).stdout.contains("parallel-sync"))
        XCTAssertTrue(try tip(show, device: "laptop", state: laptopFile).stdout.contains("parallel-sync"))
        _ = try tip(["param", "loggedIn", "true"], device: "laptop", state: laptopFile)
        let conflict = directory.path + "/sync/trails.sync-conflict-20261128-023000-ABCDEF1.json"
        try FileManager.default.copyItem(atPath: laptopFile, toPath: conflict)
        try assertRow("parallel-sync", "invalidated (displayCountExceeded)", 3)
        try assertRow("show-location", "available", 0, "-")
        // The next change writes the merged state and removes the copy; nothing was lost.
        XCTAssertEqual(try tip(["donate", "sync.finished"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: conflict))
        let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stateFile))) as? [String: Any])
        XCTAssertEqual(((state["donations"] as? [String: Any])?["sync.finished"] as? [Any])?.count, 7, "3 + 3 + 1 donations")
        XCTAssertEqual((state["devices"] as? [Any])?.count, 2)
        try assertRow("parallel-sync", "invalidated (displayCountExceeded)", 3)
        // The fourth display anywhere reaches maxDisplayCount 3 already: it is invalidated everywhere.
        XCTAssertEqual(try tip(show, device: "phone").stdout, "null\n")
    }

    /// 20 concurrent `tip show` and `tip donate` processes on one state file lose no donation or display.
    func testConcurrentRunsLoseNothing() throws {
        let group = DispatchGroup()
        let results = Results()
        let environment = ["XDG_STATE_HOME": directory.path + "/phone"]
        let runs = (0..<20).map { index in
            ["tip"] + (index % 2 == 0 ? ["donate", "race"] : ["show", manifest, "--tip", "welcome", "--format", "json"])
                + ["--state-file", stateFile]
        }
        for arguments in runs {
            group.enter()
            DispatchQueue.global().async {
                results.add(try? CommandRunner.run(arguments, environment: environment))
                group.leave()
            }
        }
        group.wait()
        XCTAssertEqual(results.statuses, Array(repeating: 0, count: 20))
        let state = try String(contentsOfFile: stateFile, encoding: .utf8)
        let race = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any])?["donations"] as? [String: Any])
        XCTAssertEqual((race["race"] as? [Any])?.count, 10, state)
        try assertRow("welcome", "available", 10, "-")
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [Int32] = []

    func add(_ result: CommandResult?) {
        lock.lock()
        collected.append(result?.status ?? -1)
        lock.unlock()
    }

    var statuses: [Int32] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}
