import Foundation
import TestSupport
import XCTest

/// `compile -o` where the output path is hostile or careless (issue 15, items 3 and 5).
final class OutputFileTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("outputs")
        try directory.write("notes.json", #"{"versions": [{"version": "1.0.0", "title": "Hello", "features": []}]}"#)
    }

    override func tearDown() {
        directory = nil
    }

    private func compile(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(["compile"] + arguments, in: directory.url)
    }

    private func mode(_ relative: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: directory.path(relative))[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testOutputThatIsAnInputIsAUsageError() throws {
        let input = try directory.read("notes.json")
        let same = try compile(["notes.json", "-o", "notes.json"])
        XCTAssertEqual(same.status, 64, same.stderr)
        XCTAssertEqual(same.stderr, "whatsnew: error: the output 'notes.json' is an input of this run; expected an output path that is not read: "
                       + "pick another -o, or write to a directory\n")
        try directory.symlink("link.json", to: "notes.json")
        let linked = try compile(["notes.json", "-o", "link.json"])
        XCTAssertEqual(linked.status, 64, linked.stderr)
        XCTAssertTrue(linked.stderr.contains("'link.json' (the same file as 'notes.json')"), linked.stderr)
        let spelled = try compile(["./notes.json", "--format", "json", "-o", "notes.json"])
        XCTAssertEqual(spelled.status, 64, spelled.stderr)
        XCTAssertEqual(try directory.read("notes.json"), input, "the input is untouched")
    }

    func testOutputIntoADirectoryOfFragmentsNamingOneIsAUsageError() throws {
        try directory.write("notes/a.json", try directory.read("notes.json"))
        let result = try compile(["notes", "--format", "json", "-o", "notes/a.json"])
        XCTAssertEqual(result.status, 64, result.stderr)
    }

    func testReplacedOutputKeepsItsModeAndReadOnlyNeedsForce() throws {
        try directory.write("private.md", "old", mode: 0o600)
        XCTAssertEqual(try compile(["notes.json", "-o", "private.md"]).status, 0)
        XCTAssertEqual(try mode("private.md"), 0o600, "a 0600 output is not made world-readable")
        try directory.write("frozen.md", "old", mode: 0o444)
        let refused = try compile(["notes.json", "-o", "frozen.md"])
        XCTAssertEqual(refused.status, 74, refused.stderr)
        XCTAssertEqual(refused.stderr, "whatsnew: error: cannot write 'frozen.md': the file is read-only (mode 0444); expected a writable file: "
                       + "pass --force to replace it\n")
        XCTAssertEqual(try directory.read("frozen.md"), "old")
        let forced = try compile(["notes.json", "-o", "frozen.md", "--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(try directory.read("frozen.md").contains("Hello"))
        XCTAssertEqual(try mode("frozen.md"), 0o444)
    }

    func testDanglingLinkIsNotReplacedByAFile() throws {
        try directory.symlink("CHANGELOG.md", to: "missing/CHANGELOG.md")
        let result = try compile(["notes.json", "-o", "CHANGELOG.md"])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertTrue(result.stderr.contains("is a dangling symbolic link to 'missing/CHANGELOG.md'"), result.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: directory.path("CHANGELOG.md")), "missing/CHANGELOG.md")
    }

    /// A cancelled CI job ends `compile` with SIGTERM (or SIGHUP, SIGINT) while it writes a large page: the
    /// temporary file goes with it, and the output is not created.
    func testTemporaryFileIsRemovedOnSignals() throws {
        var yaml = "versions:\n"
        for index in 0..<20_000 {
            yaml += "  - version: 1.\(index).0\n    title: Release \(index) with a title long enough to take room\n    features:\n"
            yaml += "      - { image: { emoji: \"⭐\" }, title: Feature \(index), subtitle: A subtitle that makes the page large \(index) }\n"
        }
        try directory.write("big.yaml", yaml)
        for signal in [SIGTERM, SIGHUP, SIGINT] {
            let process = Process()
            process.executableURL = Paths.binary
            process.arguments = ["compile", "big.yaml", "--format", "html", "-o", "out.html"]
            process.currentDirectoryURL = directory.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(120)
            var temporary: [String] = []
            while process.isRunning, Date() < deadline, temporary.isEmpty {
                temporary = try directory.names().filter { $0.hasPrefix(".whatsnew-") }
                if temporary.isEmpty { usleep(2000) }
            }
            guard !temporary.isEmpty, process.isRunning else {
                process.terminate()
                process.waitUntilExit()
                return XCTFail("signal \(signal): the output was written before a signal could be sent")
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "signal \(signal)")
            XCTAssertEqual(process.terminationStatus, signal)
            XCTAssertEqual(try directory.names().filter { $0.hasPrefix(".whatsnew-") }, [], "signal \(signal): no temporary file left")
            XCTAssertFalse(directory.exists("out.html"), "signal \(signal)")
        }
    }
}
