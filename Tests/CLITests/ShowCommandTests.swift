import Foundation
import TestSupport
import XCTest

/// `whatsnew show` end to end: WhatsNewKit's automatic presentation in the terminal, with its state file.
final class ShowCommandTests: XCTestCase {
    private var stateHome: URL!
    private let manifest = Paths.fixtures.appendingPathComponent("notes.yaml").path

    override func setUpWithError() throws {
        stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-show-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stateHome, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: stateHome)
    }

    private func show(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        var env = ["XDG_STATE_HOME": stateHome.path, "WHATSNEW_DISABLE": ""]
        for (key, value) in environment { env[key] = value }
        return try CommandRunner.run(["show", manifest, "--no-tty-check", "--color", "never", "--width", "60"] + arguments, environment: env)
    }

    private var stateFile: URL { stateHome.appendingPathComponent("whatsnew/com.example.trails.json") }

    func testFirstLaunchShowsThenRecordsAndReopenShowsNothing() throws {
        let first = try show(["--current-version", "1.2.1"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Offline map fixes"), first.stdout)
        let state = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: stateFile)) as? [String: Any])
        XCTAssertEqual(state["formatVersion"] as? Int, 2)
        XCTAssertEqual((state["presented"] as? [String: Any]).map { Array($0.keys) }, ["1.2.1"])
        let again = try show(["--current-version", "1.2.1"])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stdout, "")
    }

    func testPatchWithoutNotesFallsBackToTheMinorReleaseAndRecordsIt() throws {
        let result = try show(["--current-version", "1.1.1"])
        XCTAssertTrue(result.stdout.contains("Trail alerts"), result.stdout)
        let state = try String(contentsOf: stateFile, encoding: .utf8)
        XCTAssertTrue(state.contains("\"1.1.0\""), "the fallback's version is recorded, not 1.1.1: \(state)")
        XCTAssertEqual(try show(["--current-version", "1.1.2"]).stdout, "", "the fallback was presented already")
    }

    func testEnvironmentVersionDryRunExplainAndCatchUp() throws {
        let dry = try show(["--dry-run", "--explain"], environment: ["WHATSNEW_CURRENT_VERSION": "1.3.0"])
        XCTAssertTrue(dry.stdout.contains("Privacy zones"))
        XCTAssertTrue(dry.stderr.contains("whatsnew: explain: 2. the manifest has notes for 1.3.0"), dry.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stateFile.path), "--dry-run records nothing")
        _ = try show(["--current-version", "1.0.0"])
        let catchUp = try show(["--current-version", "1.3.0", "--catch-up"])
        let order = ["Privacy zones", "Offline map fixes", "Offline maps", "Trail alerts"].map { catchUp.stdout.range(of: $0)?.lowerBound }
        XCTAssertFalse(order.contains(nil), catchUp.stdout)
        XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted(), "newest first")
    }

    func testSilentWhenNotATerminalOrDisabled() throws {
        let piped = try CommandRunner.run(["show", manifest, "--current-version", "1.2.1"], environment: ["XDG_STATE_HOME": stateHome.path])
        XCTAssertEqual(piped.status, 0)
        XCTAssertEqual(piped.stdout, "")
        let disabled = try show(["--current-version", "1.2.1"], environment: ["WHATSNEW_DISABLE": "1"])
        XCTAssertEqual(disabled.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stateFile.path), "nothing recorded")
    }

    /// Issue 17: `WHATSNEW_DISABLE` honoured only `1`. The usual true values silence, in any case; the
    /// false values and an empty value do not; any other value silences (and `--explain` says so).
    func testDisableTakesTheUsualTrueAndFalseValues() throws {
        for value in ["1", "true", "TRUE", "yes", "Yes", "on", "ON", " on "] {
            let result = try show(["--current-version", "1.2.1", "--explain"], environment: ["WHATSNEW_DISABLE": value])
            XCTAssertEqual(result.status, 0, value)
            XCTAssertEqual(result.stdout, "", "WHATSNEW_DISABLE=\(value) silences")
            XCTAssertTrue(result.stderr.hasPrefix("whatsnew: explain: WHATSNEW_DISABLE=\(value): showing nothing"), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: stateFile.path), "nothing recorded")
        for value in ["0", "false", "False", "no", "NO", "off", "Off", ""] {
            let result = try show(["--current-version", "1.2.1", "--dry-run"], environment: ["WHATSNEW_DISABLE": value])
            XCTAssertEqual(result.status, 0, value)
            XCTAssertTrue(result.stdout.contains("Offline map fixes"), "WHATSNEW_DISABLE=\(value) does not silence: \(result.stdout)")
        }
        let unknown = try show(["--current-version", "1.2.1", "--explain"], environment: ["WHATSNEW_DISABLE": "please"])
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertEqual(unknown.stderr, "whatsnew: explain: WHATSNEW_DISABLE=please (not a value whatsnew knows; taken as true): showing nothing\n")
    }

    /// The documentation names the values (docs/show.md and `show --help`).
    func testDisableValuesAreDocumented() throws {
        let help = try CommandRunner.run(["show", "--help"])
        XCTAssertTrue(help.stdout.contains("1, true, yes or on"), help.stdout)
        let document = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent("docs/show.md"), encoding: .utf8)
        XCTAssertFalse(document.contains("`WHATSNEW_DISABLE=1`"), "docs/show.md still names only 1")
        XCTAssertTrue(document.contains("`WHATSNEW_DISABLE` is set to a true value"), "docs/show.md names the values")
    }

    func testErrorsHaveTheirExitCodes() throws {
        let missing = try show([])
        XCTAssertEqual(missing.status, 64)
        XCTAssertEqual(missing.stderr, "whatsnew: error: no current version; expected --current-version V or WHATSNEW_CURRENT_VERSION\n")
        let broken = try CommandRunner.run(["show", Paths.fixtures.appendingPathComponent("invalid/decode-ten-mistakes/input.yaml").path,
                                            "--current-version", "1.0.0", "--no-tty-check", "--app-id", "x"],
                                           environment: ["XDG_STATE_HOME": stateHome.path])
        XCTAssertEqual(broken.status, 1)
        // A regular file where the state directory should be: the state cannot be written.
        try Data().write(to: stateHome.appendingPathComponent("whatsnew"))
        let unwritable = try show(["--current-version", "1.2.1"])
        XCTAssertEqual(unwritable.status, 74, unwritable.stderr)
        XCTAssertTrue(unwritable.stderr.hasPrefix("whatsnew: error: cannot "), unwritable.stderr)
    }

    func testCorruptStateIsReportedLeftUntouchedAndTreatedAsEmpty() throws {
        try FileManager.default.createDirectory(at: stateFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: stateFile)
        let result = try show(["--current-version", "1.2.1"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("Offline map fixes"), "treated as empty")
        XCTAssertTrue(result.stderr.contains("[corrupt-state-file]"), result.stderr)
        XCTAssertTrue(result.stderr.contains("not recording 1.2.1"), result.stderr)
        XCTAssertEqual(try String(contentsOf: stateFile, encoding: .utf8), "{not json", "left untouched")
    }

    func testTwentyConcurrentShowsLoseNoVersion() throws {
        let versions = (0..<20).map { "3.\($0).0" }
        var yaml = "app: { id: com.example.concurrent }\nversions:\n"
        for version in versions { yaml += "  - { version: \(version), features: [{ title: T\(version), subtitle: S }] }\n" }
        let manifestURL = stateHome.appendingPathComponent("concurrent.yaml")
        try Data(yaml.utf8).write(to: manifestURL)
        let home = stateHome.path
        let statuses = Statuses(count: versions.count)
        DispatchQueue.concurrentPerform(iterations: versions.count) { index in
            let result = try? CommandRunner.run(["show", manifestURL.path, "--current-version", versions[index], "--no-tty-check"],
                                                environment: ["XDG_STATE_HOME": home])
            statuses.set(index, result?.status ?? -1)
        }
        XCTAssertEqual(statuses.values, Array(repeating: 0, count: versions.count))
        let list = try CommandRunner.run(["state", "list", "--app-id", "com.example.concurrent"], environment: ["XDG_STATE_HOME": stateHome.path])
        XCTAssertEqual(Set(list.stdout.split(separator: "\n").map(String.init)), Set(versions))
    }
}

/// Exit statuses written from several threads.
private final class Statuses: @unchecked Sendable {
    private var storage: [Int32]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: -2, count: count) }

    func set(_ index: Int, _ value: Int32) { lock.withLock { storage[index] = value } }

    var values: [Int32] { lock.withLock { storage } }
}
