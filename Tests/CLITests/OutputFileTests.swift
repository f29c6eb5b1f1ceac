import Foundation
import TestSupport
import XCTest

/// `compile -o` where the output path is hostile or careless (issue 15, items 3 and 5).
final class OutputFileTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("outputs")
        try directory.write("notes.json", #"{"versions": [{"version": "1.0.0", "title": "Hello", "features": [{"title": "Maps"}]}]}"#)
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

    /// `/dev/stdout` is a link to a descriptor, and whatsnew never writes through a link: the error names `-o -`.
    func testDevStdoutIsRefusedWithTheWayToStandardOutput() throws {
        let refused = try compile(["notes.json", "--format", "markdown", "-o", "/dev/stdout"])
        XCTAssertEqual(refused.status, 74, refused.stderr)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertTrue(refused.stderr.contains("is a symbolic link to '/proc/self/fd/1'; whatsnew never writes through a link: "
                                              + "write '-o -' for standard output"), refused.stderr)
        let dash = try compile(["notes.json", "--format", "markdown", "-o", "-"])
        XCTAssertEqual(dash.status, 0, dash.stderr)
        XCTAssertTrue(dash.stdout.contains("**Maps**"), dash.stdout)
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

    private func owner(_ relative: String) throws -> [Int] {
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path(relative))
        return [(attributes[.ownerAccountID] as? NSNumber)?.intValue ?? -1, (attributes[.groupOwnerAccountID] as? NSNumber)?.intValue ?? -1]
    }

    /// Issue 17, item 4: a rewritten output keeps its mode (0640 stays 0640) and its owner and group, on every
    /// path that replaces a file: `-o FILE`, `-o DIR` with several formats, a link to the output; the state file
    /// of `show` and `state` keeps its owner and group, and is 0600, as docs/show.md says (readable by its user alone).
    func testEveryReplacedFileKeepsItsModeAndOwner() throws {
        let asRoot = geteuid() == 0
        func prepare(_ relative: String) throws {
            try directory.write(relative, "old", mode: 0o640)
            if asRoot { try directory.chown(relative, uid: 12345, gid: 23456) }
        }
        func assertKept(_ relative: String, _ what: String) throws {
            XCTAssertEqual(try mode(relative), 0o640, "\(what): \(relative) keeps 0640")
            if asRoot { XCTAssertEqual(try owner(relative), [12345, 23456], "\(what): \(relative) keeps its owner and group") }
            XCTAssertNotEqual(try directory.read(relative), "old", "\(what): \(relative) was rewritten")
        }
        try prepare("one.md")
        let one = try compile(["notes.json", "-o", "one.md"])
        XCTAssertEqual(one.status, 0, one.stderr)
        try assertKept("one.md", "-o FILE")

        try directory.mkdir("site")
        try prepare("site/CHANGELOG.md")
        try prepare("site/changelog.html")
        let several = try compile(["notes.json", "--format", "markdown", "--format", "html", "-o", "site"])
        XCTAssertEqual(several.status, 0, several.stderr)
        try assertKept("site/CHANGELOG.md", "-o DIR")
        try assertKept("site/changelog.html", "-o DIR")

        // A link at -o is refused, not followed (issue 26): its target keeps its content and mode.
        try prepare("target.json")
        try directory.symlink("link.json", to: "target.json")
        let linked = try compile(["notes.json", "--format", "json", "-o", "link.json"])
        XCTAssertEqual(linked.status, 74, linked.stderr)
        XCTAssertTrue(linked.stderr.contains("'link.json' is a symbolic link to 'target.json'; whatsnew never writes through a link"), linked.stderr)
        XCTAssertEqual(try directory.read("target.json"), "old")
        XCTAssertEqual(try mode("target.json"), 0o640)

        // The state file is 0600 (its user's alone), also when it is replaced, and keeps its owner and group.
        try directory.write("state-notes.yaml", """
            app: { id: com.example.modes }
            versions:
              - { version: 1.0.0, features: [{ title: A, subtitle: B }] }
              - { version: 1.1.0, features: [{ title: C, subtitle: D }] }
            """)
        let environment = ["XDG_STATE_HOME": directory.path("state"), "WHATSNEW_DISABLE": ""]
        let first = try CommandRunner.run(["state", "record", "1.0.0", "--app-id", "com.example.modes"], environment: environment)
        XCTAssertEqual(first.status, 0, first.stderr)
        let state = "state/whatsnew/com.example.modes.json"
        XCTAssertEqual(try mode(state), 0o600, "a new state file is 0600")
        try directory.chmod(state, 0o640)
        if asRoot { try directory.chown(state, uid: 12345, gid: 23456) }
        let shown = try CommandRunner.run(["show", directory.path("state-notes.yaml"), "--current-version", "1.1.0", "--no-tty-check"],
                                          environment: environment)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(try directory.read(state).contains("1.1.0"))
        XCTAssertEqual(try mode(state), 0o600, "show writes the state file owner-only")
        if asRoot { XCTAssertEqual(try owner(state), [12345, 23456], "show keeps the state file's owner and group") }
        let forgot = try CommandRunner.run(["state", "forget", "1.0.0", "--app-id", "com.example.modes"], environment: environment)
        XCTAssertEqual(forgot.status, 0, forgot.stderr)
        if asRoot { XCTAssertEqual(try owner(state), [12345, 23456], "state forget keeps the state file's owner and group") }
    }

    /// Issue 17, item 8: `-o site/` failed with 74 when `site/` did not exist. The directories the path names
    /// are created as by `mkdir -p` (and only once the run has no errors); a link or a file on the way is an
    /// error, not followed or replaced.
    func testMissingOutputDirectoriesAreCreated() throws {
        let site = try compile(["notes.json", "--format", "markdown", "--format", "html", "-o", "site/"])
        XCTAssertEqual(site.status, 0, site.stderr)
        XCTAssertEqual(try directory.names(in: "site"), ["CHANGELOG.md", "changelog.html"])
        XCTAssertEqual(try mode("site") & 0o7777, 0o777 & ~Int(currentUmask()), "a created directory is 0777 less the umask")
        let nested = try compile(["notes.json", "-o", "docs/notes/CHANGELOG.md"])
        XCTAssertEqual(nested.status, 0, nested.stderr)
        XCTAssertTrue(try directory.read("docs/notes/CHANGELOG.md").contains("Hello"))

        try directory.write("broken.json", #"{"versions": [{"version": "one", "features": []}]}"#)
        let broken = try compile(["broken.json", "-o", "never/"])
        XCTAssertEqual(broken.status, 1)
        XCTAssertFalse(directory.exists("never"), "a run with errors creates nothing")

        try directory.symlink("dangling", to: "nowhere")
        let dangling = try compile(["notes.json", "-o", "dangling/sub/"])
        XCTAssertEqual(dangling.status, 74)
        XCTAssertEqual(dangling.stderr, "whatsnew: error: cannot write 'dangling/sub/notes.txt': 'dangling' is a symbolic link to 'nowhere'; "
                                        + "whatsnew never writes through a link: remove the link or name its target\n")
        XCTAssertFalse(directory.exists("nowhere"), "nothing is created where the link points")
        try directory.write("file", "x")
        let file = try compile(["notes.json", "-o", "file/sub/out.md"])
        XCTAssertEqual(file.status, 74)
        XCTAssertEqual(file.stderr, "whatsnew: error: cannot write 'file/sub/out.md': 'file' is a regular file, not a directory; "
                                    + "expected a directory on the way to the file: choose another path\n")
    }

    private func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    func testDanglingLinkIsNotReplacedByAFile() throws {
        try directory.symlink("CHANGELOG.md", to: "missing/CHANGELOG.md")
        let result = try compile(["notes.json", "-o", "CHANGELOG.md"])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertTrue(result.stderr.contains("'CHANGELOG.md' is a symbolic link to 'missing/CHANGELOG.md'; whatsnew never writes through a link"),
                      result.stderr)
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
