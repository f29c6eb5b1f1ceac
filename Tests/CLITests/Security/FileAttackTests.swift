import Foundation
import TestSupport
import XCTest

/// Issue 26: a manifest from a stranger's pull request cannot make whatsnew read, write or print anything outside
/// what the manifest's folder and the user's flags allow. Each test plants, in the workspace the binary runs in,
/// what a pull request can commit — a symbolic link out (to a file holding a secret, to an executable elsewhere, to
/// `/proc/self/environ`, to a directory elsewhere) or a FIFO — at every input and every output, and runs the built
/// binary under `timeout 10`: nothing may hang, no secret may appear in stdout, stderr or an output, and the
/// executable keeps its content and mode.
final class FileAttackTests: XCTestCase {
    private var workspace: TemporaryDirectory!
    private var outside: TemporaryDirectory!
    private static let secret = "SECRET-OUTSIDE-5c1e"
    private static let environmentSecret = "SECRET-ENVIRON-8d2f"
    private static let tool = "#!/bin/sh\necho the original tool\n"
    private static let manifest = """
        versions:
          - version: 1.0.0
            title: Hello
            features:
              - { title: Maps, subtitle: Offline maps }

        """

    override func setUpWithError() throws {
        workspace = try TemporaryDirectory("attack")
        outside = try TemporaryDirectory("attack-outside")
        try outside.write("secret.yaml", "\(Self.secret): \(Self.secret)\nversions: [{ version: \(Self.secret) }]\n")
        try outside.write("tool.sh", Self.tool, mode: 0o755)
        try outside.mkdir("dir")
        try outside.write("dir/secret.yaml", "\(Self.secret): \(Self.secret)\n")
        try workspace.write("notes.yaml", Self.manifest)
    }

    override func tearDown() {
        workspace = nil
        outside = nil
    }

    // MARK: Running

    /// Runs the binary in the workspace under `timeout 10`, with a secret in its environment.
    private func whatsnew(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        let timeout = try XCTUnwrap(CommandRunner.which("timeout"), "timeout(1) is needed to hold a hang")
        var env = ["CI_SECRET": Self.environmentSecret, "WHATSNEW_DISABLE": ""]
        for (key, value) in environment { env[key] = value }
        let result = try CommandRunner.run(executable: timeout, ["10", Paths.binary.path] + arguments, in: workspace.url, environment: env)
        XCTAssertNotEqual(result.status, 124, "\(arguments) hung (killed by timeout): \(result.stderr)")
        return result
    }

    /// A run that must fail (exit `status`), say `mentioning`, and show no secret.
    private func assertRefused(_ arguments: [String], status: Int32 = 74, mentioning: String? = nil, environment: [String: String] = [:],
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try whatsnew(arguments, environment: environment)
        XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)", file: file, line: line)
        if let mentioning { XCTAssertTrue(result.stderr.contains(mentioning), "\(arguments): \(result.stderr)", file: file, line: line) }
        assertNoSecret(result, arguments, file: file, line: line)
    }

    private func assertNoSecret(_ result: CommandResult, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) {
        for text in [result.stdout, result.stderr] {
            XCTAssertFalse(text.contains(Self.secret), "\(arguments) printed the outside file: \(text)", file: file, line: line)
            XCTAssertFalse(text.contains(Self.environmentSecret), "\(arguments) printed the environment: \(text)", file: file, line: line)
        }
        for (path, content) in workspaceFiles() {
            XCTAssertFalse(content.contains(Self.secret) || content.contains(Self.environmentSecret),
                           "\(arguments) wrote a secret into \(path)", file: file, line: line)
        }
    }

    /// Every regular file of the workspace (links not followed), with its text.
    private func workspaceFiles() -> [(String, String)] {
        guard let names = FileManager.default.subpaths(atPath: workspace.path) else { return [] }
        return names.compactMap { name in
            let path = workspace.path(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let data = FileManager.default.contents(atPath: path) else { return nil }
            return (name, String(decoding: data, as: UTF8.self))
        }
    }

    /// The executable elsewhere keeps its content and its mode.
    private func assertToolIntact(_ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try outside.read("tool.sh"), Self.tool, "\(what) replaced the executable", file: file, line: line)
        let mode = (try FileManager.default.attributesOfItem(atPath: outside.path("tool.sh"))[.posixPermissions] as? NSNumber)?.intValue
        XCTAssertEqual(mode, 0o755, "\(what) changed the executable's mode", file: file, line: line)
    }

    /// Plants, at `relative`, each of the hostile things a pull request can commit in turn, and runs `arguments`.
    private func plantEachInput(at relative: String, _ arguments: [String], status: Int32 = 74) throws {
        for target in [outside.path("secret.yaml"), "/proc/self/environ", "../" + URL(fileURLWithPath: outside.path).lastPathComponent + "/secret.yaml"] {
            try? FileManager.default.removeItem(atPath: workspace.path(relative))
            try workspace.symlink(relative, to: target)
            try assertRefused(arguments, status: status, mentioning: "'\(relative)' is a symbolic link to '\(target)', which leads out of")
        }
        try FileManager.default.removeItem(atPath: workspace.path(relative))
        try workspace.mkfifo(relative)
        try assertRefused(arguments, status: status, mentioning: "is a FIFO; expected a regular file")
        try FileManager.default.removeItem(atPath: workspace.path(relative))
    }

    // MARK: Inputs

    func testAManifestLinkedOutOrAFIFOIsRefused() throws {
        try FileManager.default.removeItem(atPath: workspace.path("notes.yaml"))
        try plantEachInput(at: "notes.yaml", ["validate", "notes.yaml"])
        try plantEachInput(at: "notes.yaml", ["compile", "notes.yaml", "--format", "markdown"])
        // A directory on the way that leads out is refused the same way.
        try workspace.symlink("docs", to: outside.path("dir"))
        try assertRefused(["validate", "docs/secret.yaml"], mentioning: "'docs' is a symbolic link to '\(outside.path("dir"))', which leads out of")
    }

    /// A link whose `..` climbs above the working directory is refused like an absolute one, wherever it sits; a
    /// loop of links ends after 40 links with an error, never a hang.
    func testALinkThatClimbsOutOrLoopsIsRefused() throws {
        try workspace.mkdir("docs/deeper")
        try workspace.symlink("docs/deeper/notes.yaml", to: "../../../" + URL(fileURLWithPath: outside.path).lastPathComponent + "/secret.yaml")
        try assertRefused(["validate", "docs/deeper/notes.yaml"], mentioning: "'docs/deeper/notes.yaml' is a symbolic link to '../../../")
        try workspace.symlink("docs/up", to: "../..")
        try assertRefused(["validate", "docs/up/" + URL(fileURLWithPath: outside.path).lastPathComponent + "/secret.yaml"],
                          mentioning: "'docs/up' is a symbolic link to '../..', which leads out of the working directory")
        try workspace.symlink("loop.yaml", to: "loop.yaml")
        try assertRefused(["validate", "loop.yaml"], mentioning: "more than 40 symbolic links")
        try workspace.symlink("ping", to: "pong")
        try workspace.symlink("pong", to: "ping/x")
        try assertRefused(["validate", "ping/notes.yaml"], mentioning: "more than 40 symbolic links")
    }

    func testADirectoryOfFragmentsLinkedOutIsRefused() throws {
        try workspace.symlink("fragments", to: outside.path("dir"))
        try assertRefused(["validate", "fragments"], mentioning: "'fragments' is a symbolic link to")
        try assertRefused(["compile", "fragments", "--format", "markdown"], mentioning: "'fragments' is a symbolic link to")
    }

    func testReferenceTemplateAndSchemaFilesLinkedOutAreRefused() throws {
        try plantEachInput(at: "refs.yaml", ["validate", "notes.yaml", "--refs", "refs.yaml"])
        try plantEachInput(at: "template.mustache", ["compile", "notes.yaml", "--template", "template.mustache"])
        try plantEachInput(at: "schema.json", ["validate", "notes.yaml", "--schema", "schema.json"])
    }

    func testAChangelogToImportLinkedOutIsRefused() throws {
        try plantEachInput(at: "CHANGELOG.md", ["import", "CHANGELOG.md"])
    }

    func testAnAppcastToFillLinkedOutIsRefusedAndLeftAlone() throws {
        try workspace.write("notes.yaml", try String(contentsOf: Paths.fixtures.appendingPathComponent("notes.yaml"), encoding: .utf8))
        try plantEachInput(at: "appcast.xml", ["compile", "notes.yaml", "--into", "appcast.xml"])
        try workspace.symlink("appcast.xml", to: outside.path("tool.sh"))
        try assertRefused(["compile", "notes.yaml", "--into", "appcast.xml"], mentioning: "which leads out of")
        try assertToolIntact("--into")
    }

    func testAnImageLinkedOutIsNotInlined() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += Array(Self.secret.utf8)
        try outside.write("dir/logo.png", png)
        let secretImage = Data(png).base64EncodedString()
        try workspace.write("notes.yaml", """
            versions:
              - version: 1.0.0
                title: Hello
                features:
                  - { image: { file: logo.png }, title: Maps, subtitle: Offline maps }
                  - { image: { file: assets/logo.png }, title: Trails, subtitle: More trails }

            """)
        try workspace.symlink("logo.png", to: outside.path("dir/logo.png"))
        try workspace.symlink("assets", to: outside.path("dir"))
        let result = try whatsnew(["compile", "notes.yaml", "--format", "html"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(result.stdout.contains(secretImage), "an image from outside was inlined")
        XCTAssertEqual(result.stderr.components(separatedBy: "[image-outside-root]").count - 1, 2, result.stderr)
        assertNoSecret(result, ["compile"])
        // A FIFO in the image's place cannot hang the run.
        try FileManager.default.removeItem(atPath: workspace.path("logo.png"))
        try workspace.mkfifo("logo.png")
        let fifo = try whatsnew(["compile", "notes.yaml", "--format", "html"])
        XCTAssertEqual(fifo.status, 1, fifo.stderr)
        XCTAssertTrue(fifo.stderr.contains("a FIFO"), fifo.stderr)
    }

    // MARK: Outputs

    func testAnOutputFileThatIsALinkIsRefusedAndItsTargetKept() throws {
        for (arguments, name) in [(["compile", "notes.yaml", "-o", "release-notes.md"], "release-notes.md"),
                                  (["compile", "notes.yaml", "-o", "site/changelog.html"], "site/changelog.html"),
                                  (["import", "CHANGELOG.md", "-o", "imported.yaml"], "imported.yaml")] {
            try workspace.write("CHANGELOG.md", "# Changelog\n\n## [1.0.0] - 2026-01-01\n\n### Added\n\n- Maps\n")
            try? FileManager.default.removeItem(atPath: workspace.path(name))
            try workspace.mkdir("site")
            try workspace.symlink(name, to: outside.path("tool.sh"))
            try assertRefused(arguments, mentioning: "whatsnew never writes through a link: remove the link or name its target")
            try assertToolIntact(name)
            try FileManager.default.removeItem(atPath: workspace.path(name))
            try workspace.mkfifo(name)
            try assertRefused(arguments, mentioning: "nothing reads from it")
            try FileManager.default.removeItem(atPath: workspace.path(name))
        }
    }

    func testAnOutputDirectoryThatIsALinkIsRefusedAndNothingIsCreatedOutside() throws {
        try workspace.symlink("site", to: outside.path("dir"))
        try assertRefused(["compile", "notes.yaml", "-o", "site/index.html"], mentioning: "'site' is a symbolic link to '\(outside.path("dir"))'; whatsnew never writes")
        try assertRefused(["compile", "notes.yaml", "-o", "site/deeper/index.html"], mentioning: "'site' is a symbolic link to")
        try assertRefused(["compile", "notes.yaml", "-o", "site/", "--format", "markdown", "--format", "html"], mentioning: "'site' is a symbolic link to")
        try assertRefused(["compile", "notes.yaml", "-o", workspace.path("site/index.html")], mentioning: "'site' is a symbolic link to")
        // A link inside the workspace is refused on the way to an output too: whatsnew never writes through a link.
        try workspace.mkdir("real")
        try workspace.symlink("inside", to: "real")
        try assertRefused(["compile", "notes.yaml", "-o", "inside/index.html"], mentioning: "'inside' is a symbolic link to 'real'")
        XCTAssertEqual(try outside.names(in: "dir"), ["secret.yaml"], "nothing was created outside the workspace")
        XCTAssertEqual(try workspace.names(in: "real"), [])
    }

    func testEveryLocaleRefsOutAndIntoOutputsThroughLinksAreRefused() throws {
        try workspace.write("notes.yaml", try String(contentsOf: Paths.fixtures.appendingPathComponent("fastlane/three-languages/notes.yaml"),
                                                       encoding: .utf8))
        try workspace.symlink("site", to: outside.path("dir"))
        try assertRefused(["compile", "notes.yaml", "--locale", "all", "--format", "markdown", "-o", "site/"], mentioning: "'site' is a symbolic link to")
        XCTAssertEqual(try outside.names(in: "dir"), ["secret.yaml"])
        try workspace.mkdir("locales")
        try workspace.symlink("locales/CHANGELOG.de.md", to: outside.path("tool.sh"))
        try assertRefused(["compile", "notes.yaml", "--locale", "all", "--format", "markdown", "-o", "locales/"],
                          mentioning: "'locales/CHANGELOG.de.md' is a symbolic link to")
        try assertToolIntact("--locale all")

        for name in ["whatsnewkit/notes.json", "whatsnewkit/refs.yaml"] {
            try workspace.write(name, try String(contentsOf: Paths.fixtures.appendingPathComponent(name), encoding: .utf8))
        }
        try workspace.symlink("refs.json", to: outside.path("tool.sh"))
        try assertRefused(["compile", "whatsnewkit/notes.json", "--refs", "whatsnewkit/refs.yaml", "--format", "whatsnewkit-json", "-o", "wnk.json",
                           "--refs-out", "refs.json"], mentioning: "'refs.json' is a symbolic link to")
        try assertToolIntact("--refs-out")
    }

    func testAFastlaneTreeNeverFollowsALinkAndAFailureLeavesNoDirectory() throws {
        try workspace.write("notes.yaml", try String(contentsOf: Paths.fixtures.appendingPathComponent("fastlane/three-languages/notes.yaml"),
                                                       encoding: .utf8))
        let compile = ["compile", "notes.yaml", "--release", "latest", "--format", "fastlane", "-o", "fastlane/metadata"]
        // A committed release_notes.txt that links to an executable elsewhere.
        try workspace.mkdir("fastlane/metadata/en-US")
        try workspace.symlink("fastlane/metadata/en-US/release_notes.txt", to: outside.path("tool.sh"))
        try assertRefused(compile, mentioning: "'fastlane/metadata/en-US/release_notes.txt' is a symbolic link to")
        try assertToolIntact("fastlane")
        XCTAssertEqual(try workspace.names(in: "fastlane/metadata"), ["en-US"], "nothing else was created")
        try FileManager.default.removeItem(atPath: workspace.path("fastlane/metadata/en-US/release_notes.txt"))
        // A committed android directory that links elsewhere.
        try workspace.symlink("fastlane/metadata/android", to: outside.path("dir"))
        try assertRefused(compile, mentioning: "'fastlane/metadata/android' is a symbolic link to")
        XCTAssertEqual(try outside.names(in: "dir"), ["secret.yaml"], "nothing was created outside -o")
        XCTAssertEqual(try workspace.names(in: "fastlane/metadata"), ["android", "en-US"], "the directories this run made are gone")
        try FileManager.default.removeItem(atPath: workspace.path("fastlane/metadata/android"))
        // A FIFO in the tree is an error, not a wait.
        try workspace.mkfifo("fastlane/metadata/en-US/release_notes.txt")
        try assertRefused(compile, mentioning: "is a FIFO; expected a regular file in the tree")
        XCTAssertEqual(try workspace.names(in: "fastlane/metadata"), ["en-US"])
        try FileManager.default.removeItem(atPath: workspace.path("fastlane/metadata/en-US/release_notes.txt"))
    }

    /// Finding 5: a failed tree (a read-only file in it, exit 74) leaves behind no directory it created.
    func testAFailedFastlaneTreeRemovesTheDirectoriesItCreated() throws {
        try workspace.write("notes.yaml", try String(contentsOf: Paths.fixtures.appendingPathComponent("fastlane/three-languages/notes.yaml"),
                                                       encoding: .utf8))
        try workspace.write("fastlane/metadata/ja/release_notes.txt", "frozen", mode: 0o444)
        let result = try whatsnew(["compile", "notes.yaml", "--release", "latest", "--format", "fastlane", "-o", "fastlane/metadata"])
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertTrue(result.stderr.contains("read-only"), result.stderr)
        XCTAssertEqual(try workspace.names(in: "fastlane/metadata"), ["ja"], "every directory the failed run created is removed")
        XCTAssertEqual(try workspace.names(in: "fastlane/metadata/ja"), ["release_notes.txt"], "no temporary file is left")
        // A file where the tree needs a directory: the directories made before the failure are removed.
        try workspace.write("other/de-DE", "a file where a directory must go")
        let failed = try whatsnew(["compile", "notes.yaml", "--release", "latest", "--format", "fastlane", "-o", "other"])
        XCTAssertEqual(failed.status, 74, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("'other/de-DE' is a regular file, not a directory"), failed.stderr)
        XCTAssertEqual(try workspace.names(in: "other"), ["de-DE"], "the directories made before the failure are removed")
    }

    // MARK: State

    func testStateLockAndTransientFilesThatAreLinksAreRefused() throws {
        try workspace.mkdir("state", mode: 0o700)
        let state = workspace.path("state/app.json")
        let names = ["app.json", "app.json.lock", "app.json.transient", "app.json.transient.lock"]
        for name in names {
            // (A run before may have left a lock file or a state.)
            for other in names { try? FileManager.default.removeItem(atPath: workspace.path("state/" + other)) }
            try workspace.symlink("state/" + name, to: outside.path("tool.sh"))
            let arguments = name.contains("transient") ? ["tip", "param", "loggedIn", "true", "--transient", "--state-file", state]
                : ["state", "record", "1.0.0", "--app-id", "app", "--state-file", state]
            try assertRefused(arguments, mentioning: "symbolic link")
            try assertToolIntact(name)
            try FileManager.default.removeItem(atPath: workspace.path("state/" + name))
            try workspace.mkfifo("state/" + name)
            try assertRefused(arguments, mentioning: "FIFO")
            try FileManager.default.removeItem(atPath: workspace.path("state/" + name))
        }
    }

    /// Finding 4: the transient file gets the state file's checks; in a directory others can write, nothing is written.
    func testTransientParametersInADirectoryOthersCanWriteAreRefused() throws {
        try workspace.mkdir("shared", mode: 0o777)
        try workspace.chmod("shared", 0o1777)
        let state = workspace.path("shared/app.json")
        try assertRefused(["tip", "param", "loggedIn", "true", "--transient", "--state-file", state], mentioning: "other users can write the directory")
        XCTAssertEqual(try workspace.names(in: "shared"), [], "nothing was written")
    }

    // MARK: What still works

    func testLinksInsideTheWorkspaceAbsolutePathsAndOutputsNamedOutsideStillWork() throws {
        try workspace.symlink("current.yaml", to: "notes.yaml")
        let linked = try whatsnew(["validate", "current.yaml"])
        XCTAssertEqual(linked.status, 0, linked.stderr)
        try workspace.write("fragments/a.yaml", Self.manifest)
        try workspace.mkdir("docs")
        try workspace.symlink("docs/notes.d", to: "../fragments")
        let fragments = try whatsnew(["validate", "docs/notes.d"])
        XCTAssertEqual(fragments.status, 0, fragments.stderr)
        let absolute = try whatsnew(["compile", workspace.path("notes.yaml"), "-o", workspace.path("out/CHANGELOG.md")])
        XCTAssertEqual(absolute.status, 0, absolute.stderr)
        XCTAssertTrue(try workspace.read("out/CHANGELOG.md").contains("Hello"))
        let elsewhere = try whatsnew(["compile", "notes.yaml", "-o", outside.path("published/CHANGELOG.md")])
        XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)
        XCTAssertTrue(try outside.read("published/CHANGELOG.md").contains("Hello"))
        let fromElsewhere = try whatsnew(["validate", outside.path("dir/secret.yaml")])
        XCTAssertNotEqual(fromElsewhere.status, 74, "a file the user names outside the workspace is read: \(fromElsewhere.stderr)")
        let standardInput = try CommandRunner.run(["validate", "-"], in: workspace.url, stdin: Data(Self.manifest.utf8))
        XCTAssertEqual(standardInput.status, 0, standardInput.stderr)
    }
}
