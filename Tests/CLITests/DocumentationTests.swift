import Foundation
import TestSupport
import XCTest

/// `README.md` and `docs/` hold to the code: every shell command in them runs as written and prints what
/// they show (see `DocumentedCommands`), every diagnostic code the sources report has its entry in
/// `docs/diagnostics.md`, the file names in `docs/outputs.md` are the ones `-o DIR` writes, the key tables
/// of `docs/manifest.md` are what `Scripts/generate-manifest-reference.py` writes from the schema now, and
/// the embedding example of `docs/library.md` shows what `whatsnew show` shows.
///
/// When another change makes a document wrong, the failure names the document, its line and the heading
/// it stands under; `make goldens` (`WHATSNEW_RECORD_GOLDENS=1`) writes what the commands print now into
/// the documents' console blocks, to review with `git diff docs README.md`.
final class DocumentationTests: XCTestCase {
    /// Every document's blocks, run once for all the tests here.
    private static let runs: [String: Swift.Result<[DocumentedCommands.BlockResult], DocumentationError>] = {
        var runs: [String: Swift.Result<[DocumentedCommands.BlockResult], DocumentationError>] = [:]
        for document in DocumentedCommands.documents {
            do {
                runs[document] = .success(try DocumentedCommands.run(document))
            } catch {
                runs[document] = .failure(DocumentationError(description: "\(document): cannot run its blocks: \(error)"))
            }
        }
        return runs
    }()

    struct DocumentationError: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    private static func results(_ document: String) throws -> [DocumentedCommands.BlockResult] {
        guard let run = runs[document] else { throw DocumentationError(description: "\(document) is not a document") }
        return try run.get()
    }

    // MARK: Commands

    func testEveryShellCommandInTheDocumentsRunsAsWritten() throws {
        var recorded: [String] = []
        for document in DocumentedCommands.documents {
            let results = try Self.results(document)
            for failure in results.flatMap(\.failures) { XCTFail(failure) }
            if Golden.isRecording, results.contains(where: { !$0.failures.isEmpty }) {
                try DocumentedCommands.record(results, into: document)
                recorded.append(document)
            }
        }
        if !recorded.isEmpty {
            XCTFail("recorded the console blocks of \(recorded.joined(separator: ", ")); review 'git diff' and run the tests again")
        }
    }

    func testTheDocumentsHaveRunnableBlocksAndFewThatDoNot() throws {
        var notRun: [String] = []
        var runCount = 0
        for document in DocumentedCommands.documents {
            for block in try DocumentedCommands.blocks(in: document) {
                if block.runs { runCount += 1 }
                if block.attributes.contains("no-run") { notRun.append(block.place) }
                XCTAssertFalse(["shell", "bash"].contains(block.language),
                               "\(block.place): write ```sh (commands) or ```console (commands and what they print)")
            }
        }
        XCTAssertGreaterThan(runCount, 50)
        // Installation, make targets, the test suite and the browser: what a test cannot run.
        XCTAssertLessThanOrEqual(notRun.count, 8, "blocks marked no-run:\n" + notRun.joined(separator: "\n"))
    }

    func testTheBlockParserReadsConsoleSessions() {
        let text = """
        # Title
        ```console cwd=docs/examples
        $ whatsnew validate a.yaml \\
            --strict
        a.yaml:1:1: error: oops [x]
        1 error generated.
        $ echo $?
        1
        ```
        ```sh no-run
        make test   # builds
        ```
        """
        let blocks = DocumentedCommands.blocks(inText: text, document: "t.md")
        XCTAssertEqual(blocks.count, 2)
        XCTAssertEqual(blocks[0].directory, "docs/examples")
        XCTAssertTrue(blocks[0].runs)
        XCTAssertFalse(blocks[1].runs)
        let commands = DocumentedCommands.commands(of: blocks[0])
        XCTAssertEqual(commands.map(\.text), ["whatsnew validate a.yaml \\\n    --strict", "echo $?"])
        XCTAssertEqual(commands.map(\.line), [3, 7])
        XCTAssertEqual(commands[0].expected, ["a.yaml:1:1: error: oops [x]", "1 error generated."])
        XCTAssertTrue(DocumentedCommands.showsError(commands[0].expected ?? []))
        XCTAssertFalse(DocumentedCommands.showsError(commands[1].expected ?? []))
    }

    // MARK: Diagnostics

    /// Codes whose example cannot run in a test, and why; their entries show the message instead.
    static let codesWithoutARunningExample: [String: String] = [
        "unreadable-image-file": "the tests run as root, who can read any file",
        "internal-error": "only a broken build reports it",
        "schema-unsupported-vocabulary": "a meta-schema whatsnew knows would have to require a vocabulary; `--schema` loads one file",
        "xml-unavailable": "libxml2 is installed wherever whatsnew is built",
    ]

    func testEveryDiagnosticCodeInTheSourcesIsDocumented() throws {
        let reported = try DiagnosticCodes.inSources()
        let documented = try DiagnosticCodes.documented()
        for (code, place) in reported.sorted(by: { $0.key < $1.key }) where documented[code] == nil {
            XCTFail("'\(code)' (reported at \(place)) has no entry in docs/diagnostics.md; add '### `\(code)`' with its severity, an example and the fix")
        }
        for (code, line) in documented.sorted(by: { $0.key < $1.key }) where reported[code] == nil {
            XCTFail("docs/diagnostics.md:\(line): '\(code)' is documented, but no source reports it any more; remove its entry and example")
        }
        XCTAssertGreaterThan(reported.count, 80, "the scan of the sources found too few codes: \(reported.keys.sorted())")
        for code in Self.codesWithoutARunningExample.keys {
            XCTAssertNotNil(reported[code], "\(code) is listed in codesWithoutARunningExample but no source reports it")
        }
    }

    func testEveryDocumentedDiagnosticHasAnExampleThatPrintsIt() throws {
        let document = "docs/diagnostics.md"
        let text = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
        let sections = DiagnosticCodes.sections(of: text)
        let results = try Self.results(document)
        XCTAssertFalse(sections.isEmpty)
        for section in sections {
            let place = "\(document):\(section.line) ('\(section.code)')"
            guard let severity = section.severity else {
                XCTFail("\(place): no '**Severity:** error|warning|note' line")
                continue
            }
            let outcomes = results.filter { $0.block.heading == "`\(section.code)`" }.flatMap(\.outcomes)
            if let reason = Self.codesWithoutARunningExample[section.code] {
                XCTAssertTrue(outcomes.isEmpty, "\(place): has a running example, so remove it from codesWithoutARunningExample (\(reason))")
                continue
            }
            guard !outcomes.isEmpty else {
                XCTFail("\(place): no ```console example that runs; show a command that reports it and what it prints")
                continue
            }
            let printed = outcomes.contains { outcome in
                DocumentedCommands.normalized(outcome.output).contains { line in
                    (line.contains(": \(severity): ") && line.hasSuffix("[\(section.code)]"))
                        || line.contains(#""code":"\#(section.code)","severity":"\#(severity)""#)
                }
            }
            XCTAssertTrue(printed, "\(place): its example does not print a \(severity) '\(section.code)' now:\n"
                + outcomes.map { "$ \($0.command.text)\n\($0.output)" }.joined(separator: "\n"))
        }
    }

    func testEveryDiagnosticExampleFileIsUsed() throws {
        let directory = Paths.repositoryRoot.appendingPathComponent("docs/examples/diagnostics")
        let text = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for name in names.sorted() where !text.contains("examples/diagnostics/" + name) && name != "assets" && !name.hasPrefix(".") {
            XCTFail("docs/examples/diagnostics/\(name) is not named in docs/diagnostics.md")
        }
    }

    // MARK: Outputs

    func testTheDocumentedOutputFilesAreTheOnesWritten() throws {
        let documented = try OutputNames.documented()
        XCTAssertFalse(documented.formats.isEmpty, "docs/outputs.md has no table of formats")
        let accepted = try OutputNames.acceptedFormats()
        XCTAssertEqual(Set(documented.formats.keys), Set(accepted),
                       "docs/outputs.md documents the formats \(documented.formats.keys.sorted()); 'whatsnew compile --format' accepts \(accepted.sorted())")
        for (format, files) in documented.formats.sorted(by: { $0.key < $1.key }) {
            let written = try OutputNames.written(["--format", format])
            guard files.contains(where: { $0.contains("<") }) else {
                XCTAssertEqual(written, files.sorted(), "docs/outputs.md: the files 'compile --format \(format) -o DIR/' writes")
                continue
            }
            // A tree of files (fastlane): its names are patterns, `<locale>` or `<build>` standing for one path component;
            // each file written matches one, and each is matched.
            let matched = files.map { pattern in written.filter { OutputNames.path($0, matches: pattern) } }
            XCTAssertFalse(written.isEmpty, "docs/outputs.md: 'compile --format \(format) -o DIR/' writes nothing")
            XCTAssertEqual(Set(matched.flatMap { $0 }), Set(written), "docs/outputs.md: the files 'compile --format \(format) -o DIR/' writes: \(written)")
            for (pattern, paths) in zip(files, matched) {
                XCTAssertFalse(paths.isEmpty, "docs/outputs.md: no file 'compile --format \(format) -o DIR/' writes is '\(pattern)': \(written)")
            }
        }
        // Beside another format, the tree is `fastlane/metadata/` in the directory.
        XCTAssertTrue(try OutputNames.written(["--format", "fastlane", "--format", "markdown"]).contains("fastlane/metadata/en-US/release_notes.txt"))
        XCTAssertEqual(try OutputNames.written([]), documented.defaultFiles.sorted(),
                       "docs/outputs.md: the files 'compile -o DIR/' writes without --format")
    }

    // MARK: The manifest reference

    func testTheManifestReferenceIsWhatTheScriptWritesFromTheSchema() throws {
        guard let python = CommandRunner.which("python3") else { return XCTFail("python3 is needed to check docs/manifest.md") }
        let result = try CommandRunner.run(executable: python, ["Scripts/generate-manifest-reference.py", "--check"], in: Paths.repositoryRoot)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    // MARK: Self-contained

    func testNoFileOfTheRepositoryRefersToTheSpecificationOutsideIt() throws {
        let root = Paths.repositoryRoot
        guard let git = CommandRunner.which("git") else { return XCTFail("git is needed to list the repository's files") }
        let listed = try CommandRunner.run(executable: git, ["ls-files", "-co", "--exclude-standard"], in: root)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        // Spelled in pieces, so this file does not name the folder it forbids.
        let folder = ".." + "/" + "shared"
        let forbidden = [folder, "shared" + "/SPEC", "SPEC" + ".md", "SPEC" + " §", "STYLE" + ".md"]
        for path in listed.stdout.split(separator: "\n").map(String.init) where !path.hasPrefix("Tests/Resources/") {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path),
                  let text = String(data: data, encoding: .utf8) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for word in forbidden where line.contains(word) && path != "Tests/CLITests/DocumentationTests.swift" {
                    XCTFail("\(path):\(index + 1) refers to '\(word)', which is not in the repository; say what it means instead")
                }
            }
        }
    }
}

/// The embedding example of `docs/library.md` (`docs/examples/Embedding/`, the target
/// `WhatsNewEmbeddingExample`) does what `whatsnew show` and `whatsnew compile --format markdown` do.
final class EmbeddingExampleTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("embedding")
    }

    override func tearDown() {
        directory = nil
    }

    private var example: URL {
        Paths.binary.deletingLastPathComponent().appendingPathComponent("WhatsNewEmbeddingExample")
    }

    private func manifest(_ name: String) -> String {
        Paths.repositoryRoot.appendingPathComponent("docs/examples/" + name).path
    }

    /// Runs the example and `whatsnew show` on the same manifest and version, each with its own state file, and
    /// with standard output on a pseudo-terminal of its own, as a user runs them (or on a pipe, as a script does,
    /// when `inTerminal` is false). Both keep the silence rules: notes only on a terminal, and not under
    /// `WHATSNEW_DISABLE` (`disable`; empty does not disable).
    private func both(_ manifest: String, _ version: String, inTerminal: Bool = true, disable: String = "") throws -> (CommandResult, CommandResult) {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: example.path), "\(example.path) is not built; run 'swift build'")
        func terminal() throws -> PseudoTerminal? {
            guard inTerminal else { return nil }
            guard let terminal = PseudoTerminal() else { throw XCTSkip("no pseudo-terminal available") }
            return terminal
        }
        // The same terminal for both, with colors.
        let environment = ["TERM": "xterm-256color", "WHATSNEW_DISABLE": disable]
        let ours = try CommandRunner.run(executable: example, [manifest, version, "--state-file", directory.path("example.json"), "--width", "60"],
                                         environment: environment, terminal: terminal())
        let theirs = try CommandRunner.run(["show", manifest, "--current-version", version, "--state-file", directory.path("show.json"),
                                            "--width", "60"], environment: environment, terminal: terminal())
        return (ours, theirs)
    }

    private func assertSame(_ results: (CommandResult, CommandResult), _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let (ours, theirs) = results
        XCTAssertEqual(ours.stdout, theirs.stdout, "\(message): standard output\n" + Golden.lineDiff(expected: theirs.stdout, actual: ours.stdout),
                       file: file, line: line)
        XCTAssertEqual(ours.stderr.replacingOccurrences(of: directory.path("example.json"), with: "STATE"),
                       theirs.stderr.replacingOccurrences(of: directory.path("show.json"), with: "STATE"), "\(message): standard error", file: file, line: line)
        XCTAssertEqual(ours.status, theirs.status, "\(message): exit status", file: file, line: line)
    }

    /// What the example's state file and show's hold: the format, the devices and the presented versions (the
    /// times of the records differ: the two programs record a moment apart).
    private func states() throws -> (String?, String?) {
        func summary(_ name: String) -> String? {
            guard let text = try? directory.read(name),
                  let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
            let presented = (object["presented"] as? [String: Any]).map { $0.keys.sorted() } ?? []
            return "format \(object["formatVersion"] ?? "?"), devices \(object["devices"] ?? "?"), presented \(presented)"
        }
        return (summary("example.json"), summary("show.json"))
    }

    func testItShowsWhatShowShowsOncePerVersion() throws {
        let trails = manifest("manifest/trails.yaml")
        let first = try both(trails, "1.1.1")
        assertSame(first, "a patch without notes: the notes of 1.1.0")
        XCTAssertTrue(first.0.stdout.contains("Faster sync"), first.0.stdout)
        var (ours, theirs) = try states()
        XCTAssertNotNil(ours)
        XCTAssertEqual(ours, theirs)

        let again = try both(trails, "1.1.1")
        assertSame(again, "shown before: nothing")
        XCTAssertEqual(again.0.stdout, "")

        assertSame(try both(trails, "1.2.0"), "a new version")
        (ours, theirs) = try states()
        XCTAssertEqual(ours, theirs)
        XCTAssertTrue(ours?.contains("1.2.0") ?? false, ours ?? "")
    }

    func testItIsSilentInAPipeAndReportsABrokenManifestAsShowDoes() throws {
        let silent = try both(manifest("manifest/trails.yaml"), "1.2.0", inTerminal: false)
        assertSame(silent, "standard output is a pipe")
        XCTAssertEqual(silent.0.stdout, "")
        let disabled = try both(manifest("manifest/trails.yaml"), "1.2.0", disable: "1")
        assertSame(disabled, "WHATSNEW_DISABLE=1 in a terminal")
        XCTAssertEqual(disabled.0.stdout, "")
        let (ours, theirs) = try states()
        XCTAssertNil(ours)
        XCTAssertNil(theirs)

        let broken = try both(manifest("diagnostics/duplicate-key.yaml"), "1.0.0")
        assertSame(broken, "a broken manifest")
        XCTAssertEqual(broken.0.status, 1)
        XCTAssertTrue(broken.0.stderr.contains("[duplicate-key]"), broken.0.stderr)
    }

    func testItsMarkdownIsWhatCompileWrites() throws {
        for name in ["manifest/trails.yaml", "manifest/fragments", "diagnostics/unused-reference.yaml"] {
            let ours = try CommandRunner.run(executable: example, ["--markdown", manifest(name)])
            let theirs = try CommandRunner.run(["compile", manifest(name), "--format", "markdown"])
            XCTAssertEqual(ours.status, 0, ours.stderr)
            XCTAssertEqual(ours.stdout, theirs.stdout, name)
            XCTAssertEqual(ours.stderr, theirs.stderr, name)
        }
    }

    /// The tips entry point (Tips.swift): after each donation the example shows the tip that is due, on the
    /// state file `whatsnew tip` reads: nothing before the third run, the tip on the third, nothing after
    /// (`maxDisplayCount: 1`); `whatsnew tip status` then counts the same donations and the one display.
    func testItsTipsAreTheOnesTipShowWouldShowOnTheSameState() throws {
        let trails = manifest("tips/trails.yaml"), state = directory.path("tips.json")
        var printed: [String] = []
        for _ in 1...4 {
            let run = try CommandRunner.run(executable: example, ["--tip", trails, "run.succeeded", state])
            XCTAssertEqual(run.status, 0, run.stderr)
            printed.append(run.stdout)
        }
        XCTAssertEqual(printed, ["", "", "💡 Try `--parallel`\n   Uploads run side by side, about 3× faster.\n", ""])
        let status = try CommandRunner.run(["tip", "status", trails, "--state-file", state])
        XCTAssertEqual(status.status, 0, status.stderr)
        let rows = status.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        XCTAssertEqual(rows.last, "parallel-sync invalidated (displayCountExceeded) 1", "its one display is recorded:\n\(status.stdout)")

        let broken = try CommandRunner.run(executable: example, ["--tip", manifest("diagnostics/duplicate-key.yaml"), "run.succeeded", state])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.contains("[duplicate-key]"), broken.stderr)
    }

    /// Every Swift block of `docs/library.md` is a part of the examples' files, word for word: the embedding
    /// example's, and the consumer package's (`docs/examples/consumer/`, built and run by `make test-consumer`).
    func testTheSwiftOfTheLibraryPageIsTheExamplesCode() throws {
        let root = Paths.repositoryRoot
        let embedding = root.appendingPathComponent("docs/examples/Embedding")
        var sources = try FileManager.default.contentsOfDirectory(atPath: embedding.path).filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: embedding.appendingPathComponent($0), encoding: .utf8) }
        for file in ["docs/examples/consumer/Package.swift", "docs/examples/consumer/Sources/consumer/main.swift"] {
            sources.append(try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
        }
        let blocks = try DocumentedCommands.blocks(in: "docs/library.md").filter { $0.language == "swift" && !$0.attributes.contains("no-run") }
        XCTAssertGreaterThanOrEqual(blocks.count, 3)
        for block in blocks {
            let text = block.lines.joined(separator: "\n")
            XCTAssertTrue(sources.contains { $0.contains(text) },
                          "\(block.place): this Swift is not in docs/examples/Embedding/ or docs/examples/consumer/ as written")
        }
    }
}
