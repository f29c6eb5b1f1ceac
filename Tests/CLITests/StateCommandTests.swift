import Foundation
import TestSupport
import XCTest

/// `whatsnew state list|record|forget|reset|path`, run as a user would, with XDG_STATE_HOME in a
/// temporary directory.
final class StateCommandTests: XCTestCase {
    private var directory: URL!
    private var stateHome: String { directory.path + "/state" }
    private var environment: [String: String] { ["XDG_STATE_HOME": stateHome] }
    private var stateFile: String { stateHome + "/whatsnew/com.example.trails.json" }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-state-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String], environment: [String: String]? = nil) throws -> CommandResult {
        try CommandRunner.run(["state"] + arguments, in: Paths.fixtures, environment: environment ?? self.environment)
    }

    private func assert(_ result: CommandResult, status: Int32, stdout: String = "", stderr: String = "",
                        file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout, stdout, file: file, line: line)
        XCTAssertEqual(result.stderr, stderr, file: file, line: line)
    }

    func testRecordListForgetReset() throws {
        let app = ["--app-id", "com.example.trails"]
        assert(try run(["list"] + app), status: 0)
        assert(try run(["record", "1.2"] + app), status: 0)
        assert(try run(["record", "v1.0.0+build.5"] + app), status: 0)
        assert(try run(["record", "1.10.0-rc.1"] + app), status: 0)
        assert(try run(["record", "1.2.0"] + app), status: 0)
        assert(try run(["list"] + app), status: 0, stdout: "1.0.0\n1.2.0\n1.10.0-rc.1\n")
        let written = try stateJSON()
        XCTAssertEqual(written["formatVersion"] as? Int, 2)
        let device = try String(contentsOfFile: stateHome + "/whatsnew-device/id", encoding: .utf8)
        XCTAssertEqual(written["devices"] as? [String], [String(device.dropLast())], "one device: this one, by its id beside the state")
        XCTAssertEqual((written["presented"] as? [String: Any]).map { Set($0.keys) }, ["1.0.0", "1.2.0", "1.10.0-rc.1"])
        assert(try run(["forget", "v1.2"] + app), status: 0)
        assert(try run(["forget", "1.2.0"] + app), status: 0,
               stderr: "whatsnew: note: 1.2.0 is not recorded in '\(stateFile)'; nothing to forget\n")
        assert(try run(["list"] + app), status: 0, stdout: "1.0.0\n1.10.0-rc.1\n")
        assert(try run(["reset"] + app), status: 0)
        XCTAssertNotNil(try stateJSON()["reset"], "a reset is a record, which wins on every device the state is merged with")
        XCTAssertEqual((try stateJSON()["presented"] as? [String: Any])?.count, 0)
        assert(try run(["list"] + app), status: 0)
        assert(try run(["reset"] + app), status: 0, stderr: "", file: #filePath, line: #line)
    }

    private func stateJSON() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stateFile))) as? [String: Any])
    }

    func testTheManifestNamesTheStateFile() throws {
        assert(try run(["path", "notes.yaml"]), status: 0, stdout: stateFile + "\n")
        assert(try run(["record", "1.3", "notes.yaml"]), status: 0)
        assert(try run(["list", "notes.yaml"]), status: 0, stdout: "1.3.0\n")
        assert(try run(["path", "notes.yaml", "--app-id", "other"]), status: 0, stdout: stateHome + "/whatsnew/other.json\n")
        let explicit = directory.path + "/explicit.json"
        assert(try run(["path", "--state-file", explicit]), status: 0, stdout: explicit + "\n")
        assert(try run(["record", "2.0", "--state-file", explicit]), status: 0)
        assert(try run(["list", "--state-file", explicit]), status: 0, stdout: "2.0.0\n")
    }

    func testHomeWhenXDGStateHomeIsUnsetOrRelative() throws {
        let home = directory.path + "/home"
        for xdg in ["", "relative/state"] {
            assert(try run(["path", "--app-id", "trails"], environment: ["XDG_STATE_HOME": xdg, "HOME": home]), status: 0,
                   stdout: home + "/.local/state/whatsnew/trails.json\n")
        }
    }

    func testUsageErrors() throws {
        assert(try run(["list"]), status: 64,
               stderr: "whatsnew: error: no app id to name the state file; expected --app-id ID, a manifest with 'app.id', or --state-file FILE\n")
        assert(try run(["list", "whatsnewkit/notes.json"]), status: 64,
               stderr: "whatsnew: error: the manifest 'whatsnewkit/notes.json' has no 'app.id' to name the state file; "
                   + "expected one, or --app-id ID, or --state-file FILE\n")
        assert(try run(["path", "--app-id", "../../etc/passwd"]), status: 64,
               stderr: "whatsnew: error: invalid app id '../../etc/passwd': it contains '/'; expected a name such as 'com.example.app' "
                   + "that can be a file name\n")
        assert(try run(["record", "1.x", "--app-id", "trails"]), status: 64,
               stderr: "whatsnew: error: invalid version '1.x' for <version>: 'x' is not a number; "
                   + "expected MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]\n")
        assert(try run(["list", "--state-file", "-"]), status: 64,
               stderr: "whatsnew: error: '--state-file -' keeps state in memory only, so 'whatsnew state list' has nothing to work on; "
                   + "expected a state file\n")
        XCTAssertEqual(try run(["list", "--state-file", ""]).status, 64)
        XCTAssertEqual(try run(["forget"]).status, 64)
        XCTAssertEqual(try run(["frobnicate"]).status, 64)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stateHome), "a usage error writes nothing")
    }

    func testABrokenManifestAndAMissingOne() throws {
        let broken = try run(["list", "invalid/yaml-syntax/input.yaml"])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.contains("error:"), broken.stderr)
        assert(try run(["list", "no-such-notes.yaml"]), status: 74,
               stderr: "whatsnew: error: cannot read 'no-such-notes.yaml': No such file or directory\n")
    }

    func testCorruptStateFile() throws {
        try FileManager.default.createDirectory(atPath: stateHome + "/whatsnew", withIntermediateDirectories: true)
        let corrupt = "{\"formatVersion\": 7, \"presented\": []}\n"
        try corrupt.write(toFile: stateFile, atomically: false, encoding: .utf8)
        let warning = """
        \(stateFile):1:19: warning: corrupt state file (left untouched, read as empty): unknown format version 7; expected 1 or 2 (a newer whatsnew may have written it) [corrupt-state-file]
          |
        1 | {"formatVersion": 7, "presented": []}
          |                   ^
           = fix: repair or delete the file, or start over with 'whatsnew state reset'

        """
        assert(try run(["list", "notes.yaml"]), status: 0, stderr: warning)
        assert(try run(["record", "1.0", "notes.yaml"]), status: 74, stderr: warning
               + "whatsnew: error: cannot record 1.0.0: the state file '\(stateFile)' is corrupt and was left untouched\n")
        XCTAssertEqual(try run(["forget", "1.0", "notes.yaml"]).status, 74)
        XCTAssertEqual(try String(contentsOfFile: stateFile, encoding: .utf8), corrupt, "left untouched")
        assert(try run(["reset", "notes.yaml"]), status: 0)
        assert(try run(["record", "1.0", "notes.yaml"]), status: 0)
        assert(try run(["list", "notes.yaml"]), status: 0, stdout: "1.0.0\n")
    }

    func testUnwritableStateDirectory() throws {
        let blocker = directory.path + "/file"
        try "not a directory".write(toFile: blocker, atomically: false, encoding: .utf8)
        assert(try run(["record", "1.0", "--app-id", "trails"], environment: ["XDG_STATE_HOME": blocker]), status: 74,
               stderr: "whatsnew: error: cannot write '\(blocker)/whatsnew': '\(blocker)' is a regular file, not a directory; "
                   + "expected a directory on the way to the file: choose another path\n")
        assert(try run(["list", "--app-id", "trails"], environment: ["XDG_STATE_HOME": blocker]), status: 74,
               stderr: "whatsnew: error: cannot read '\(blocker)/whatsnew': Not a directory\n")
    }

    func testPermissions() throws {
        assert(try run(["record", "1.0", "notes.yaml"]), status: 0)
        for (path, mode) in [(stateHome, 0o700), (stateHome + "/whatsnew", 0o700), (stateFile, 0o600)] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, mode, path)
        }
    }

    /// 20 processes record 20 different versions into one state file at the same moment; none is lost.
    func testConcurrentRunsLoseNoVersion() throws {
        var processes: [(Process, URL)] = []
        for index in 0..<20 {
            let process = Process()
            process.executableURL = Paths.binary
            process.arguments = ["state", "record", "1.\(index).0", "--app-id", "com.example.trails"]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
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
        let listed = try run(["list", "--app-id", "com.example.trails"])
        XCTAssertEqual(listed.stdout, (0..<20).map { "1.\($0).0\n" }.joined())
    }

    func testHelpShowsAnExample() throws {
        for command in [[], ["list"], ["record"], ["forget"], ["reset"], ["merge"], ["path"]] {
            let help = try run(command + ["--help"])
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.stdout.contains("Example:"), "\(command): \(help.stdout)")
        }
    }
}
