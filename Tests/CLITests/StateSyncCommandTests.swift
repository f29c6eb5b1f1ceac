import Foundation
import TestSupport
import XCTest

/// The state shared by devices through a sync tool, run as users would: two devices (two XDG_STATE_HOME
/// folders, so two device ids) on one state file, Syncthing conflict copies, `state merge`, and many
/// processes at once.
final class StateSyncCommandTests: XCTestCase {
    private var directory: URL!
    private var synced: String { directory.path + "/Sync/trails.json" }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-sync-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: directory.path + "/Sync", withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path + "/Sync")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The environment of device `name`: its own state base, so its own device id.
    private func device(_ name: String) -> [String: String] {
        ["XDG_STATE_HOME": directory.path + "/" + name]
    }

    private func run(_ arguments: [String], on name: String) throws -> CommandResult {
        try CommandRunner.run(arguments, in: Paths.fixtures, environment: device(name))
    }

    private func deviceID(_ name: String) throws -> String {
        String(try String(contentsOfFile: directory.path + "/" + name + "/whatsnew-device/id", encoding: .utf8).dropLast())
    }

    private func json(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// Device A and device B each record into their copy while apart; the sync tool keeps B's as a Syncthing
    /// conflict copy; the next `show` on A merges it, records what it shows, and removes the copy.
    func testAConflictCopyFromAnotherDeviceIsMergedByTheNextShow() throws {
        XCTAssertEqual(try run(["state", "record", "1.0.0", "--state-file", synced], on: "laptop").status, 0)
        let copy = directory.path + "/Sync/trails.sync-conflict-20261128-023000-ABCDEF1.json"
        try FileManager.default.copyItem(atPath: synced, toPath: directory.path + "/b.json")
        XCTAssertEqual(try run(["state", "record", "2.0.0-beta.1", "--state-file", directory.path + "/b.json"], on: "desktop").status, 0)
        try FileManager.default.moveItem(atPath: directory.path + "/b.json", toPath: copy)

        let shown = try run(["show", "notes.yaml", "--current-version", "1.2.0", "--state-file", synced, "--no-tty-check", "--color", "never"],
                            on: "laptop")
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("1.2.0"), shown.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy), "merged, written, then removed")
        XCTAssertEqual(try run(["state", "list", "--state-file", synced], on: "laptop").stdout, "1.0.0\n1.2.0\n2.0.0-beta.1\n",
                       "nothing either device recorded is lost")
        let devices = try XCTUnwrap(try json(synced)["devices"] as? [String])
        XCTAssertEqual(Set(devices), [try deviceID("laptop"), try deviceID("desktop")])
        XCTAssertNotEqual(try deviceID("laptop"), try deviceID("desktop"))
    }

    func testShowWithNothingToShowStillMergesAndRemovesTheCopy() throws {
        XCTAssertEqual(try run(["state", "record", "1.2.0", "--state-file", synced], on: "laptop").status, 0)
        let copy = directory.path + "/Sync/trails (Ada's conflicted copy 2026-11-28).json"
        XCTAssertEqual(try run(["state", "record", "1.0.0", "--state-file", copy], on: "desktop").status, 0)
        let dryRun = try run(["show", "notes.yaml", "--current-version", "1.2.0", "--state-file", synced, "--no-tty-check", "--dry-run"],
                             on: "laptop")
        XCTAssertEqual(dryRun.stdout, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy), "--dry-run writes nothing")
        let shown = try run(["show", "notes.yaml", "--current-version", "1.2.0", "--state-file", synced, "--no-tty-check"], on: "laptop")
        XCTAssertEqual(shown.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy))
        XCTAssertEqual(try run(["state", "list", "--state-file", synced], on: "laptop").stdout, "1.0.0\n1.2.0\n")
    }

    func testACorruptConflictCopyIsAWarningAtItsPositionAndStays() throws {
        XCTAssertEqual(try run(["state", "record", "1.0.0", "--state-file", synced], on: "laptop").status, 0)
        let copy = directory.path + "/Sync/trails.sync-conflict-20261128-023000-ABCDEF1.json"
        try "{\"formatVersion\": 2,\n \"devices\": 3}\n".write(toFile: copy, atomically: false, encoding: .utf8)
        let listed = try run(["state", "list", "--state-file", synced, "--color", "never"], on: "laptop")
        XCTAssertEqual(listed.status, 0)
        XCTAssertEqual(listed.stdout, "1.0.0\n")
        XCTAssertEqual(listed.stderr, """
        \(copy):2:13: warning: corrupt conflict copy (left in place, not merged): expected a list of device ids for 'devices', found an integer [corrupt-state-file]
          |
        2 |  "devices": 3}
          |             ^
           = fix: repair or delete the file, or start over with 'whatsnew state reset'

        """)
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy))
    }

    func testStateMergeReportsWhatItMerged() throws {
        let other = directory.path + "/other.json"
        XCTAssertEqual(try run(["state", "record", "1.0.0", "--state-file", other], on: "desktop").status, 0)
        XCTAssertEqual(try run(["state", "record", "1.1.0", "--state-file", other], on: "desktop").status, 0)
        let merged = try run(["state", "merge", other, "--state-file", synced], on: "laptop")
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(merged.stdout, "merged '\(other)': 2 presented versions, 0 forgotten, 0 donations, 0 tip statuses, 0 parameters, "
                       + "0 tip displays\n")
        XCTAssertEqual(try run(["state", "list", "--state-file", synced], on: "laptop").stdout, "1.0.0\n1.1.0\n")

        let broken = directory.path + "/broken.json"
        try "[]".write(toFile: broken, atomically: false, encoding: .utf8)
        let refused = try run(["state", "merge", other, broken, "--state-file", synced, "--color", "never"], on: "laptop")
        XCTAssertEqual(refused.status, 74)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertTrue(refused.stderr.hasSuffix("whatsnew: error: nothing was merged into '\(synced)'\n"), refused.stderr)
        XCTAssertEqual(try run(["state", "merge", "--state-file", synced], on: "laptop").status, 64)
    }

    /// A reset on one device wins on the other once their copies meet.
    func testAResetWinsOnEveryDevice() throws {
        XCTAssertEqual(try run(["state", "record", "1.0.0", "--state-file", synced], on: "laptop").status, 0)
        let copy = directory.path + "/Sync/trails 2.json"
        try FileManager.default.copyItem(atPath: synced, toPath: copy)
        XCTAssertEqual(try run(["state", "reset", "--state-file", synced], on: "laptop").status, 0)
        XCTAssertEqual(try run(["state", "list", "--state-file", synced], on: "desktop").stdout, "", "the old copy brings nothing back")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy))
    }

    /// 20 processes on two devices record 20 versions into one synced state file at once, while a conflict
    /// copy waits beside it: nothing is lost, and the copy is merged once.
    func testTwentyConcurrentProcessesOnTwoDevicesLoseNothing() throws {
        XCTAssertEqual(try run(["state", "record", "9.9.9", "--state-file", directory.path + "/c.json"], on: "phone").status, 0)
        try FileManager.default.moveItem(atPath: directory.path + "/c.json",
                                         toPath: directory.path + "/Sync/trails.sync-conflict-20261128-023000-ABCDEF1.json")
        var processes: [(Process, URL)] = []
        for index in 0..<20 {
            let process = Process()
            process.executableURL = Paths.binary
            process.currentDirectoryURL = Paths.fixtures
            process.arguments = index % 4 == 3
                ? ["show", "notes.yaml", "--current-version", "1.\(index).0", "--state-file", synced, "--no-tty-check"]
                : ["state", "record", "1.\(index).0", "--state-file", synced]
            process.environment = ProcessInfo.processInfo.environment.merging(device(index % 2 == 0 ? "laptop" : "desktop")) { $1 }
            let errors = directory.appendingPathComponent("stderr-\(index).txt")
            XCTAssertTrue(FileManager.default.createFile(atPath: errors.path, contents: nil))
            process.standardError = try FileHandle(forWritingTo: errors)
            process.standardOutput = FileHandle.nullDevice
            processes.append((process, errors))
        }
        for (process, _) in processes { try process.run() }
        for (process, errors) in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
        }
        // `show` for 1.N.0 records 1.N.0 only when the manifest has notes for it: 1.3.0 has, 1.7, 1.11, 1.15 and
        // 1.19 have not, so those runs write only what the conflict copy brings, if it is still there.
        let recorded = (0..<20).filter { $0 % 4 != 3 || $0 == 3 }.map { "1.\($0).0\n" }
        let listed = try run(["state", "list", "--state-file", synced], on: "laptop")
        XCTAssertEqual(listed.stdout, recorded.joined() + "9.9.9\n")
        let devices = try XCTUnwrap(try json(synced)["devices"] as? [String])
        XCTAssertEqual(Set(devices), [try deviceID("laptop"), try deviceID("desktop"), try deviceID("phone")])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/Sync").sorted()
        XCTAssertEqual(leftovers, ["trails.json", "trails.json.lock"])
    }
}
