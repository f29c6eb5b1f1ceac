import Foundation
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewIO
@testable import WhatsNewModel
@testable import WhatsNewState

/// The state file: its JSON, corrupt files, permissions, locking, and where it lives.
final class StateStoreTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func version(_ text: String) -> SemanticVersion { SemanticVersion(text)! }

    private func contents(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testRoundTripWritesCanonicalSortedJSON() throws {
        let device = DeviceID("0123456789abcdef0123456789abcdef")
        let store = FileStateStore(path: directory.path + "/nested/deeper/app.json", clock: .fixed(1_764_300_000_000), identity: .fixed(device))
        XCTAssertEqual(try store.read().presented, [], "a missing file reads as empty")
        guard case .unchanged = try store.updatePresented({ $0.remove(version("1.0.0")) }) else { return XCTFail("nothing to forget") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path + "/nested"), "forgetting nothing creates nothing")
        guard case .saved = try store.record([version("1.10"), version("1.2.0+build.7"), version("v1.2.0-beta.2"), version("1.9.0")]) else {
            return XCTFail("expected the versions to be saved")
        }
        XCTAssertEqual(try contents(store.path), """
        {
          "formatVersion": 2,
          "devices": ["0123456789abcdef0123456789abcdef"],
          "presented": {
            "1.2.0-beta.2": [1764300000000,0],
            "1.2.0": [1764300000000,0],
            "1.9.0": [1764300000000,0],
            "1.10.0": [1764300000000,0]
          }
        }

        """)
        XCTAssertEqual(try store.read().sortedVersions.map(\.description), ["1.2.0-beta.2", "1.2.0", "1.9.0", "1.10.0"])
        XCTAssertNil(try store.read().problem)
        guard case .unchanged = try store.record([version("1.2.0+other")]) else { return XCTFail("1.2.0 was already recorded") }
        try store.updatePresented { $0.remove(version("1.9")) }
        XCTAssertEqual(try store.read().sortedVersions.map(\.description), ["1.2.0-beta.2", "1.2.0", "1.10.0"])
        try store.updatePresented { $0.removeAll() }
        XCTAssertEqual(try contents(store.path), """
        {
          "formatVersion": 2,
          "devices": ["0123456789abcdef0123456789abcdef"],
          "presented": {},
          "forgotten": {
            "1.2.0-beta.2": [1764300000002,0],
            "1.2.0": [1764300000002,0],
            "1.9.0": [1764300000001,0],
            "1.10.0": [1764300000002,0]
          }
        }

        """, "forgetting is a record of its own, later than the presentations, so a stale copy cannot undo it")
        try store.reset()
        XCTAssertEqual(try contents(store.path), """
        {
          "formatVersion": 2,
          "devices": ["0123456789abcdef0123456789abcdef"],
          "reset": [1764300000003,0],
          "presented": {}
        }

        """, "a reset is a record newer than everything, which drops everything before it")
        XCTAssertEqual(try store.read().presented, [])
    }

    func testDirectoryIsPrivateAndFileOwnerOnly() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let base = directory.path + "/state"
        let store = try FileStateStore(appID: "com.example.trails", environment: { $0 == "XDG_STATE_HOME" ? base : nil })
        XCTAssertEqual(store.path, base + "/whatsnew/com.example.trails.json")
        try store.record([version("1.0.0")])
        XCTAssertEqual(try mode(base), 0o700, "a missing XDG_STATE_HOME is created private")
        XCTAssertEqual(try mode(base + "/whatsnew"), 0o700)
        XCTAssertEqual(try mode(store.path), 0o600)
        XCTAssertEqual(try mode(store.lockPath), 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.path)
        try store.record([version("1.1.0")])
        XCTAssertEqual(try mode(store.path), 0o600, "every write makes the file owner-only again")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: base + "/whatsnew").sorted()
        XCTAssertEqual(leftovers, ["com.example.trails.json", "com.example.trails.json.lock"], "no temporary file is left behind")
    }

    func testCorruptFilesAreReportedLeftUntouchedAndReadAsEmpty() throws {
        let cases: [(text: String, message: String, line: Int, column: Int)] = [
            ("", "not valid JSON: the file is empty", 1, 1),
            ("{\"formatVersion\": 1, \"presented\": [\"1.0.0\",]}", "not valid JSON: trailing comma is not allowed in JSON", 1, 43),
            ("[\"1.0.0\"]", "expected a JSON object with 'formatVersion', found a sequence", 1, 1),
            ("{\"presented\": []}", "'formatVersion' is missing; expected 2", 1, 1),
            ("{\"formatVersion\": \"1\", \"presented\": []}", "expected an integer for 'formatVersion', found a string", 1, 19),
            ("{\"formatVersion\": 3, \"presented\": [], \"seen\": {}}", "unknown format version 3; expected 1 or 2", 1, 19),
            ("{\"formatVersion\": 2, \"devices\": [], \"presented\": {}, \"seen\": {}}", "unknown key 'seen'; expected one of", 1, 54),
            ("{\"formatVersion\": 2, \"devices\": [\"\"], \"presented\": {}}", "expected a device id (a string of 1 to 128 bytes) in 'devices', found a string ''", 1, 34),
            ("{\"formatVersion\": 2, \"devices\": [], \"presented\": {\"1.0.0\": [0, 0]}}", "expected no stamps in 'presented' while 'devices' lists none", 1, 64),
            ("{\"formatVersion\": 2, \"devices\": [], \"presented\": {\"1.0.0\": [-1, 0]}}", "expected a time in milliseconds from 0 to", 1, 61),
            ("{\"formatVersion\": 1, \"presented\": [], \"extra\": true}", "unknown key 'extra'; expected only 'formatVersion' and 'presented' in format 1", 1, 39),
            ("{\"formatVersion\": 1}", "'presented' is missing; expected a list of versions", 1, 1),
            ("{\"formatVersion\": 1, \"presented\": \"1.0.0\"}", "expected a list of versions for 'presented', found a string", 1, 35),
            ("{\"formatVersion\": 1,\n \"presented\": [\"1.0.0\", 1.1]}", "expected a version string in 'presented', found a number", 2, 25),
            ("{\"formatVersion\": 1, \"presented\": [\"1.0.0\", \"latest\"]}", "'latest' in 'presented' is not a version: 'latest' is not a number", 1, 45),
            ("not json", "not valid JSON", 1, 1),
        ]
        for (index, example) in cases.enumerated() {
            let store = FileStateStore(path: directory.path + "/corrupt-\(index).json")
            let original = Data(example.text.utf8)
            try original.write(to: URL(fileURLWithPath: store.path))
            let reading = try store.read()
            XCTAssertEqual(reading.presented, [], example.text)
            let problem = try XCTUnwrap(reading.problem, example.text)
            XCTAssertEqual(problem.severity, .warning)
            XCTAssertEqual(problem.code, "corrupt-state-file")
            XCTAssertEqual(problem.file?.name, store.path, "the message names the file")
            XCTAssertTrue(problem.message.hasPrefix("corrupt state file (left untouched, read as empty): " + example.message),
                          "\(example.text): \(problem.message)")
            XCTAssertEqual(problem.range?.start.line, example.line, example.text)
            XCTAssertEqual(problem.range?.start.column, example.column, example.text)
            guard case .skipped(let skipped) = try store.record([version("3.0.0")]) else {
                XCTFail("\(example.text): recording into a corrupt file must be skipped")
                continue
            }
            XCTAssertEqual(skipped.message, problem.message)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: store.path)), original, "left untouched: \(example.text)")
            try store.reset()
            XCTAssertNil(try store.read().problem, "reset replaces even a corrupt file: \(example.text)")
        }
    }

    func testUnwritableStateDirectoryIsAnIOError() throws {
        let blocker = directory.path + "/not-a-directory"
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let store = try FileStateStore(appID: "app", environment: { $0 == "XDG_STATE_HOME" ? blocker : nil })
        XCTAssertThrowsError(try store.record([version("1.0.0")])) { error in
            XCTAssertEqual((error as? IOError)?.description, "cannot write '\(blocker)/whatsnew': '\(blocker)' is a regular file, not a directory; "
                           + "expected a directory on the way to the file: choose another path")
        }
        XCTAssertThrowsError(try store.read(), "the state file cannot even be looked for") { error in
            XCTAssertEqual((error as? IOError)?.description, "cannot read '\(store.directory)': Not a directory")
        }
    }

    func testStateFileThatIsADirectoryIsAnIOError() throws {
        let store = FileStateStore(path: directory.path + "/state.json")
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        XCTAssertThrowsError(try store.read()) { error in
            XCTAssertEqual((error as? IOError)?.description, "cannot read '\(store.path)': is a directory; expected a regular file")
        }
        XCTAssertThrowsError(try store.record([version("1.0.0")]))
    }

    func testReadOnlyStateDirectoryIsAnIOError() throws {
        try XCTSkipIf(geteuid() == 0, "root writes into read-only directories; covered by testUnwritableStateDirectoryIsAnIOError")
        let readOnly = directory.path + "/read-only"
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o500])
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: readOnly) }
        let store = FileStateStore(path: readOnly + "/app.json")
        XCTAssertThrowsError(try store.record([version("1.0.0")])) { error in
            XCTAssertEqual((error as? IOError)?.description, "cannot write '\(store.lockPath)': Permission denied")
        }
    }

    func testConcurrentWritersLoseNothing() throws {
        let path = directory.path + "/shared.json"
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            // A store per writer, as separate processes would have: the lock is per open file.
            _ = try? FileStateStore(path: path).record([SemanticVersion(major: 1, minor: index)])
        }
        XCTAssertEqual(try FileStateStore(path: path).read().presented.count, 40)
    }

    func testInMemoryStoreTouchesNoFile() throws {
        let store = InMemoryStateStore(presented: [version("1.0.0+9")])
        XCTAssertEqual(store.read().sortedVersions.map(\.displayDescription), ["1.0.0"], "kept canonical")
        guard case .saved = try store.record([version("1.1.0")]) else { return XCTFail("expected saved") }
        guard case .unchanged = try store.record([version("1.1.0")]) else { return XCTFail("expected unchanged") }
        XCTAssertEqual(store.read().sortedVersions.map(\.description), ["1.0.0", "1.1.0"])
        store.reset()
        XCTAssertEqual(store.presented, [])
    }

    func testDefaultLocation() throws {
        func path(_ environment: [String: String], appID: String = "com.example.trails") throws -> String {
            try StateLocation.defaultPath(appID: appID, environment: { environment[$0] })
        }
        XCTAssertEqual(try path(["XDG_STATE_HOME": "/x/state/", "HOME": "/home/ada"]), "/x/state/whatsnew/com.example.trails.json")
        XCTAssertEqual(try path(["HOME": "/home/ada"]), "/home/ada/.local/state/whatsnew/com.example.trails.json")
        XCTAssertEqual(try path(["XDG_STATE_HOME": "relative/state", "HOME": "/home/ada/"]),
                       "/home/ada/.local/state/whatsnew/com.example.trails.json", "a relative XDG_STATE_HOME is ignored")
        XCTAssertThrowsError(try path([:])) { error in
            XCTAssertTrue((error as? StateLocationError)?.message.hasPrefix("cannot locate the state directory") == true, "\(error)")
        }
    }

    func testAppIDsThatCannotBeFileNamesAreRejected() throws {
        let rejected: [(String, String)] = [
            ("", "is empty"), ("com/example", "contains '/'"), ("..", "contains '..'"), ("a..b", "contains '..'"),
            (".hidden", "starts with '.'"), ("app\u{1B}[2J", "contains a control character"), ("app\u{202E}", "contains a control character"),
            ("app\nid", "contains a control character"), (String(repeating: "a", count: 201), "is longer than 200 bytes"),
        ]
        for (appID, problem) in rejected {
            XCTAssertThrowsError(try StateLocation.check(appID: appID), appID) { error in
                XCTAssertTrue((error as? StateLocationError)?.message.contains("it \(problem);") == true, "\(appID): \(error)")
                XCTAssertFalse((error as? StateLocationError)?.message.contains("\u{1B}") == true, "the message is terminal-safe")
            }
        }
        for appID in ["com.example.trails", "trails", "My App", "app-1_2", "日本語アプリ", String(repeating: "a", count: 200)] {
            XCTAssertNoThrow(try StateLocation.check(appID: appID), appID)
        }
    }
}
