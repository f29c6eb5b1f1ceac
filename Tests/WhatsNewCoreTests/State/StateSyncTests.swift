import Foundation
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewModel
@testable import WhatsNewState

/// The file store as copies of it meet: format 1 upgraded, conflict copies merged and removed, the device id
/// kept beside the state, other copies merged on request.
final class StateSyncTests: XCTestCase {
    private var directory: URL!
    private let deviceA = DeviceID(String(repeating: "a", count: 32))
    private let deviceB = DeviceID(String(repeating: "b", count: 32))

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func version(_ text: String) -> SemanticVersion { SemanticVersion(text)! }
    private func path(_ name: String) -> String { directory.path + "/" + name }
    private func write(_ text: String, to name: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path(name))) }
    private func contents(_ name: String) throws -> String { String(decoding: try Data(contentsOf: URL(fileURLWithPath: path(name))), as: UTF8.self) }
    private func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    private func store(_ device: DeviceID, at time: Int64 = 5_000, name: String = "app.json") -> FileStateStore {
        FileStateStore(path: path(name), clock: .fixed(time), identity: .fixed(device))
    }

    func testFormat1IsReadAndUpgradedOnTheNextWrite() throws {
        try write("{\"formatVersion\": 1, \"presented\": [\"1.0.0\", \"1.1\"]}\n", to: "app.json")
        let store = store(deviceA)
        let reading = try store.read()
        XCTAssertNil(reading.problem)
        XCTAssertTrue(reading.isOldFormat)
        XCTAssertEqual(reading.sortedVersions, [version("1.0.0"), version("1.1.0")])
        XCTAssertEqual(reading.state.presented[version("1.0.0")], Stamp(milliseconds: 0, device: StateFileFormat.legacyDevice),
                       "old versions are stamped at time 0 by no real device, so any reset drops them and copies agree")
        guard case .unchanged = try store.record([version("1.1.0")]) else { return XCTFail("nothing new: nothing written") }
        XCTAssertTrue(try contents("app.json").hasPrefix("{\"formatVersion\": 1"), "a read or a no-op leaves the old file as it is")
        try store.record([version("1.2.0")])
        XCTAssertEqual(try contents("app.json"), """
        {
          "formatVersion": 2,
          "devices": ["00000000000000000000000000000000","\(deviceA)"],
          "presented": {
            "1.0.0": [0,0],
            "1.1.0": [0,0],
            "1.2.0": [5000,1]
          }
        }

        """)
    }

    func testConflictCopiesFromTwoDevicesAreMergedAndRemovedOnTheNextWrite() throws {
        // Device A and device B each record into their own copy; the sync tool keeps B's as a conflict copy.
        let copyName = "app.sync-conflict-20261128-023000-ABCDEF1.json"
        let a = store(deviceA, at: 1_000)
        try a.update { state, stamp in
            state.recordPresented(SemanticVersion(major: 1), at: stamp)
            state.recordDisplay(ofTip: "parallel-sync", at: stamp)
        }
        let b = store(deviceB, at: 2_000, name: "b.json")
        try b.update { state, stamp in
            state.recordPresented(SemanticVersion(major: 1, minor: 1), at: stamp)
            state.donate("sync.finished", at: stamp)
            state.recordDisplay(ofTip: "parallel-sync", at: stamp)
        }
        try FileManager.default.moveItem(atPath: path("b.json"), toPath: path(copyName))
        try write("not a copy of the state", to: "app.sync-conflict-20261128-023001-ZZZZZZZ.json")
        try write("{}", to: "other.sync-conflict-20261128-023000-ABCDEF1.json")

        let reading = try a.read()
        XCTAssertEqual(reading.sortedVersions, [version("1.0.0"), version("1.1.0")], "the copy is merged on every read")
        XCTAssertEqual(reading.mergedCopies, [path(copyName)])
        XCTAssertEqual(reading.warnings.count, 1)
        XCTAssertEqual(reading.warnings.first?.code, "corrupt-state-file")
        XCTAssertTrue(reading.warnings.first?.message.hasPrefix("corrupt conflict copy (left in place, not merged): not valid JSON") == true,
                      reading.warnings.first?.message ?? "")
        XCTAssertEqual(reading.state.displayCount(ofTip: "parallel-sync"), 2, "one display on each device, summed")

        guard case .saved = try a.mergeConflictCopies() else { return XCTFail("the merged copy must be written") }
        XCTAssertFalse(exists(copyName), "a merged copy is removed once its records are written")
        XCTAssertTrue(exists("app.sync-conflict-20261128-023001-ZZZZZZZ.json"), "a corrupt copy is left in place")
        XCTAssertTrue(exists("other.sync-conflict-20261128-023000-ABCDEF1.json"), "another file's copy is not this state's")
        let after = try a.read()
        XCTAssertEqual(after.sortedVersions, [version("1.0.0"), version("1.1.0")])
        XCTAssertEqual(after.state.donations["sync.finished"]?.count, 1)
        XCTAssertEqual(after.state.displayCount(ofTip: "parallel-sync"), 2)
        XCTAssertEqual(after.mergedCopies, [])
    }

    func testEveryToolsConflictCopyNameIsRecognizedForThisFileOnly() {
        let copies = ["app.sync-conflict-20261128-023000-ABCDEF1.json", "app (Ada's conflicted copy 2026-11-28).json",
                      "app (conflicted copy 2026-11-28 023000).json", "app (Ada's Conflicted Copy 2026-11-28) (1).json",
                      "app 2.json", "app 13.json", "app-conflict-20261128.json"]
        for copy in copies { XCTAssertTrue(ConflictCopies.isConflictCopy(copy, of: "app.json"), copy) }
        let others = ["app.json", "app.json.lock", "app 1.json", "app 02.json", "app.sync-conflict-2026112-023000-ABCDEF1.json",
                      "app.sync-conflict-20261128-023000-ABCDEF1.json.tmp", "apps 2.json", "app (copy).json", "other 2.json",
                      "app.sync-conflict-20261128-023000-abcdef1.json", "app 2.yaml"]
        for other in others { XCTAssertFalse(ConflictCopies.isConflictCopy(other, of: "app.json"), other) }
        XCTAssertThrowsError(try StateLocation.check(appID: "com.example.app 2"), "an app id that looks like another app's iCloud copy")
        XCTAssertThrowsError(try StateLocation.check(appID: "app.sync-conflict-x"))
        XCTAssertNoThrow(try StateLocation.check(appID: "com.example.app2"))
    }

    func testStateMergeBringsOtherCopiesInAndReportsACorruptOne() throws {
        try store(deviceB, at: 2_000, name: "copy.json").record([version("2.0.0")])
        try store(deviceA, at: 1_000).record([version("1.0.0")])
        let readings = try store(deviceA).merge(files: [path("copy.json")])
        XCTAssertEqual(readings.map(\.sortedVersions), [[version("2.0.0")]])
        XCTAssertEqual(try store(deviceA).read().sortedVersions, [version("1.0.0"), version("2.0.0")])
        XCTAssertTrue(exists("copy.json"), "a file named on the command line is not removed")

        try write("{\"formatVersion\": 2}", to: "broken.json")
        let broken = try store(deviceA).merge(files: [path("copy.json"), path("broken.json")])
        XCTAssertEqual(broken.last?.problem?.message.hasPrefix("corrupt state copy (nothing was merged): 'devices' is missing"), true)
    }

    func testAResetWinsOnTheOtherDeviceAfterMerging() throws {
        try store(deviceA, at: 1_000).record([version("1.0.0")])
        try FileManager.default.copyItem(atPath: path("app.json"), toPath: path("b.json"))
        try store(deviceB, at: 500, name: "b.json").record([version("1.1.0")])
        try store(deviceA, at: 2_000).reset()
        try FileManager.default.moveItem(atPath: path("b.json"), toPath: path("app (conflicted copy 2026-11-28).json"))
        XCTAssertEqual(try store(deviceA).read().presented, [], "everything B had was older than A's reset")
        try store(deviceB, at: 100).record([version("3.0.0")])
        XCTAssertEqual(try store(deviceA).read().presented, [version("3.0.0")], "a record made after seeing the reset survives it, "
                       + "even from a clock behind the reset's")
    }

    func testTheDeviceIDIsRandomPrivateAndStable() throws {
        let file = path("device/id")
        let first = try DeviceIdentity.file(at: file).deviceID()
        XCTAssertTrue(DeviceID.isValid(first.rawValue))
        XCTAssertEqual(try DeviceIdentity.file(at: file).deviceID(), first, "read back, not made anew")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(try contents("device/id"), first.rawValue + "\n")
        XCTAssertNotEqual(DeviceID.random(), DeviceID.random())
        XCTAssertEqual(StateLocation.deviceIDPath(environment: { $0 == "XDG_STATE_HOME" ? "/s" : nil }), "/s/whatsnew-device/id",
                       "beside the whatsnew state folder, not in it")
        try write("garbage", to: "device/id")
        let replaced = try DeviceIdentity.file(at: file).deviceID()
        XCTAssertTrue(DeviceID.isValid(replaced.rawValue), "a file without a valid id gets a new one")
    }

    func testHostileFilesAreWarningsNeverCrashesOrHangs() throws {
        let nested = String(repeating: "[", count: 100_000)
        try write(nested, to: "app.sync-conflict-20261128-023000-AAAAAAA.json")
        try write(String(repeating: " ", count: StateFileFormat.maxBytes + 1), to: "app.sync-conflict-20261128-023000-BBBBBBB.json")
        try FileManager.default.createSymbolicLink(atPath: path("app.sync-conflict-20261128-023000-CCCCCCC.json"), withDestinationPath: "/etc/passwd")
        var busy = "{\"formatVersion\": 2, \"devices\": [\"\(deviceB)\"], \"presented\": {}, \"donations\": {\"e\": ["
        busy += (0..<50_000).map { "[\($0),0]" }.joined(separator: ",") + "]}}"
        try write(busy, to: "app 2.json")
        let reading = try store(deviceA).read()
        XCTAssertEqual(reading.warnings.count, 3, reading.warnings.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(reading.warnings.allSatisfy { $0.code == "corrupt-state-file" })
        XCTAssertTrue(reading.warnings.contains { $0.message.contains("is a symbolic link") }, "a link is not followed")
        XCTAssertEqual(reading.state.donations["e"]?.count, 1000, "50,000 donations read, the latest 1000 kept")
        XCTAssertEqual(reading.state.donations["e"]?.map(\.stamp.milliseconds).min(), 49_000)
        try store(deviceA).mergeConflictCopies()
        XCTAssertFalse(exists("app 2.json"))
        XCTAssertTrue(exists("app.sync-conflict-20261128-023000-AAAAAAA.json"))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("app.sync-conflict-20261128-023000-CCCCCCC.json")),
                       "/etc/passwd", "the link is left as it is")
    }
}
