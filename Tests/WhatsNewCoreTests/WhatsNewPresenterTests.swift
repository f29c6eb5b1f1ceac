import Foundation
import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewState
@testable import WhatsNewTerminal

/// The library form of `whatsnew show`: load, decide, render, record.
final class WhatsNewPresenterTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-presenter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("""
        app: { id: com.example.trails }
        versions:
          - version: 1.0.0
            features: [{ title: Trails, subtitle: Hiking maps. }]
          - version: 1.1.0
            features: [{ title: Offline maps, subtitle: Download a region. }]
          - version: 1.2.0
            features: [{ title: Elevation, subtitle: Profiles of every trail. }]
        """.utf8).write(to: directory.appendingPathComponent("notes.yaml"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var manifestPath: String { directory.appendingPathComponent("notes.yaml").path }

    /// A presenter of the test manifest; the silence rules are off (this test's output is a pipe) unless given.
    private func presenter(store: any StateStore, options: PresentationOptions = PresentationOptions(),
                           silence: SilenceRules = .none) throws -> WhatsNewPresenter {
        let engine = DiagnosticEngine()
        let presenter = try WhatsNewPresenter(manifestPath: manifestPath, store: store, options: options, silence: silence, engine: engine)
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
        return try XCTUnwrap(presenter)
    }

    /// The example of docs/show.md, compiled and run; the test fails when the document's copy differs.
    func testReadmeExample() throws {
        let stateHome = directory.path + "/state"
        let previous = getenv("XDG_STATE_HOME").map { String(cString: $0) }
        setenv("XDG_STATE_HOME", stateHome, 1)
        defer { if let previous { setenv("XDG_STATE_HOME", previous, 1) } else { unsetenv("XDG_STATE_HOME") } }
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }
        // present() shows notes only on a terminal, and not under WHATSNEW_DISABLE: the example runs as in an
        // app started from a shell.
        let disable = getenv("WHATSNEW_DISABLE").map { String(cString: $0) }
        unsetenv("WHATSNEW_DISABLE")
        defer { if let disable { setenv("WHATSNEW_DISABLE", disable, 1) } }
        let restore = try redirectStandardOutput(to: nil)
        defer { restore() }

        // docs/show.md: begin
        let engine = DiagnosticEngine()
        let store = try FileStateStore(appID: "com.example.trails")
        if let presenter = try WhatsNewPresenter(manifestPath: manifestPath, store: store, engine: engine) {
            try presenter.present(current: SemanticVersion(major: 1, minor: 2, patch: 1)) { entries, manifest in
                for entry in entries { print("\(entry.version): \(entry.features.count) feature(s)") }
            }
        }
        // docs/show.md: end

        XCTAssertEqual(printed, ["1.2.0: 1 feature(s)"])
        XCTAssertEqual(store.path, stateHome + "/whatsnew/com.example.trails.json")
        XCTAssertEqual(try store.read().sortedVersions.map(\.description), ["1.2.0"], "the fallback is recorded, not 1.2.1")

        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let begin = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// docs/show.md: " + "begin") })
        let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// docs/show.md: " + "end") })
        let example = lines[(begin + 1)..<end].map { String($0.dropFirst(8)) }.joined(separator: "\n")
        let document = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent("docs/show.md"), encoding: .utf8)
        XCTAssertTrue(document.contains(example), "docs/show.md must contain the example exactly:\n\(example)")
    }

    func testPresentsOnceThenNothing() throws {
        let store = InMemoryStateStore()
        let presenter = try presenter(store: store)
        var shown: [[String]] = []
        let first = try presenter.present(current: SemanticVersion(major: 1, minor: 1)) { entries, _ in
            shown.append(entries.map(\.versionText))
        }
        guard case .saved? = first.recording else { return XCTFail("expected the shown version to be recorded") }
        let second = try presenter.present(current: SemanticVersion(major: 1, minor: 1)) { entries, _ in
            shown.append(entries.map(\.versionText))
        }
        XCTAssertNil(second.recording)
        XCTAssertEqual(shown, [["1.1.0"]], "render is not called when there is nothing to show")
        XCTAssertEqual(second.plan.decision.explanation.last, "1. 1.1.0 has been presented: show nothing")
    }

    func testCatchUpHandsOverEveryEntryNewestFirst() throws {
        let store = InMemoryStateStore(presented: [SemanticVersion(major: 1)])
        let presenter = try presenter(store: store, options: PresentationOptions(catchUp: true))
        var shown: [String] = []
        try presenter.present(current: SemanticVersion(major: 1, minor: 2)) { entries, manifest in
            XCTAssertEqual(manifest.app?.id, "com.example.trails")
            shown = entries.map(\.versionText)
        }
        XCTAssertEqual(shown, ["1.2.0", "1.1.0"])
        XCTAssertEqual(store.read().sortedVersions.map(\.description), ["1.0.0", "1.1.0", "1.2.0"])
    }

    func testNothingIsRecordedWhenRenderingFailsOrRecordingIsOff() throws {
        struct TerminalGone: Error {}
        let store = InMemoryStateStore()
        let presenter = try presenter(store: store)
        XCTAssertThrowsError(try presenter.present(current: SemanticVersion(major: 1)) { _, _ in throw TerminalGone() }) { error in
            XCTAssertTrue(error is TerminalGone)
        }
        let outcome = try presenter.present(current: SemanticVersion(major: 1), record: false) { _, _ in }
        XCTAssertEqual(outcome.plan.entries.map(\.versionText), ["1.0.0"])
        XCTAssertNil(outcome.recording)
        XCTAssertEqual(store.presented, [], "--no-record")
        let plan = try presenter.plan(for: SemanticVersion(major: 1))
        XCTAssertEqual(plan.entries.map(\.versionText), ["1.0.0"], "plan alone is --dry-run: nothing recorded")
        XCTAssertEqual(store.presented, [])
        try presenter.record(plan)
        XCTAssertEqual(store.read().sortedVersions.map(\.description), ["1.0.0"])
    }

    func testCorruptStateIsShownAsEmptyAndLeftUntouched() throws {
        let path = directory.path + "/state.json"
        let corrupt = Data("{\"formatVersion\": 1, \"presented\": [\"1.0\"".utf8)
        try corrupt.write(to: URL(fileURLWithPath: path))
        let presenter = try presenter(store: FileStateStore(path: path))
        var shown: [String] = []
        let outcome = try presenter.present(current: SemanticVersion(major: 1)) { entries, _ in shown = entries.map(\.versionText) }
        XCTAssertEqual(shown, ["1.0.0"], "a corrupt state reads as empty")
        XCTAssertEqual(outcome.plan.stateProblem?.code, "corrupt-state-file")
        guard case .skipped(let problem)? = outcome.recording else { return XCTFail("recording into a corrupt file is skipped") }
        XCTAssertEqual(problem.file?.name, path)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), corrupt)
    }

    func testABrokenManifestGivesNoPresenter() throws {
        try Data("versions: [{ version: one }]\n".utf8).write(to: directory.appendingPathComponent("broken.yaml"))
        let engine = DiagnosticEngine()
        let presenter = try WhatsNewPresenter(manifestPath: directory.appendingPathComponent("broken.yaml").path,
                                              store: InMemoryStateStore(), engine: engine)
        XCTAssertNil(presenter)
        XCTAssertTrue(engine.hasErrors)
        XCTAssertThrowsError(try WhatsNewPresenter(manifestPath: directory.path + "/missing.yaml", store: InMemoryStateStore(),
                                                   engine: DiagnosticEngine()))
    }

    func testSilencedByTheEnvironmentOrAPipe() throws {
        func environment(_ value: String?) -> @Sendable (String) -> String? { { $0 == "WHATSNEW_DISABLE" ? value : nil } }
        XCTAssertEqual(SilenceRules(requiresTerminal: false, environment: environment("1")).reason, "WHATSNEW_DISABLE=1")
        XCTAssertEqual(SilenceRules(requiresTerminal: false, environment: environment("Yes")).reason, "WHATSNEW_DISABLE=Yes")
        for value in ["0", "false", "no", "off", "OFF", "", "  "] {
            XCTAssertNil(SilenceRules(requiresTerminal: false, environment: environment(value)).reason, value)
        }
        XCTAssertNil(SilenceRules(requiresTerminal: false, environment: environment(nil)).reason)
        let pipe = Pipe()
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        XCTAssertEqual(SilenceRules(outputDescriptor: descriptor, environment: environment(nil)).reason,
                       "the output (descriptor \(descriptor)) is not a terminal")
        XCTAssertNil(SilenceRules(requiresTerminal: false, outputDescriptor: descriptor, environment: environment(nil)).reason)
        XCTAssertNil(SilenceRules.none.reason, "the explicit opt-out")
    }

    /// Issue 17: `present()` printed into pipes and under `WHATSNEW_DISABLE`. It applies the silence rules of
    /// `whatsnew show` itself (render is not called, nothing is recorded), unless the app opts out.
    func testPresentAppliesTheSilenceRulesUnlessOptedOut() throws {
        let pipe = Pipe()
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        let cases: [(SilenceRules, String?)] = [
            (SilenceRules(requiresTerminal: false, environment: { $0 == "WHATSNEW_DISABLE" ? "on" : nil }), "WHATSNEW_DISABLE=on"),
            (SilenceRules(outputDescriptor: descriptor, environment: { _ in nil }), "the output (descriptor \(descriptor)) is not a terminal"),
        ]
        for (silence, reason) in cases {
            let store = InMemoryStateStore()
            var presenter = try presenter(store: store)
            presenter.silence = silence
            var rendered = false
            let outcome = try presenter.present(current: SemanticVersion(major: 1, minor: 1)) { _, _ in rendered = true }
            XCTAssertFalse(rendered, "render is not called when silenced")
            XCTAssertEqual(outcome.silenced, reason)
            XCTAssertEqual(outcome.plan.entries.count, 0)
            XCTAssertEqual(outcome.plan.decision.explanation, ["\(reason ?? ""): showing nothing"])
            XCTAssertNil(outcome.recording)
            XCTAssertEqual(store.presented, [], "nothing recorded")
        }
        // The library's default is the command's: this test's standard output is a pipe or a terminal, and
        // present() decides as show does.
        let store = InMemoryStateStore()
        let byDefault = try presenter(store: store, silence: SilenceRules())
        var rendered = false
        let outcome = try byDefault.present(current: SemanticVersion(major: 1, minor: 1)) { _, _ in rendered = true }
        XCTAssertEqual(outcome.silenced, SilenceRules().reason)
        XCTAssertEqual(rendered, SilenceRules().reason == nil)
        // The opt-out: a pipe and WHATSNEW_DISABLE are both ignored.
        var optedOut = try presenter(store: store)
        optedOut.silence = SilenceRules.none
        setenv("WHATSNEW_DISABLE", "1", 1)
        defer { unsetenv("WHATSNEW_DISABLE") }
        let shown = try withStandardOutput(pipe) {
            try optedOut.present(current: SemanticVersion(major: 1, minor: 2)) { entries, _ in rendered = !entries.isEmpty }
        }
        XCTAssertNil(shown.silenced)
        XCTAssertTrue(rendered)
        XCTAssertEqual(store.read().sortedVersions.map(\.description).last, "1.2.0")
    }

    /// Runs `body` with standard output redirected to `pipe` (or to a new pseudo-terminal when nil).
    private func withStandardOutput<T>(_ pipe: Pipe?, _ body: () throws -> T) throws -> T {
        let restore = try redirectStandardOutput(to: pipe)
        defer { restore() }
        return try body()
    }

    /// Points standard output at `pipe` (or at a new pseudo-terminal when nil) until the returned closure runs.
    private func redirectStandardOutput(to pipe: Pipe?) throws -> () -> Void {
        var terminal: PseudoTerminal?
        if pipe == nil {
            guard let opened = PseudoTerminal() else { throw XCTSkip("no pseudo-terminal available") }
            terminal = opened
        }
        fflush(nil)
        let saved = dup(1)
        dup2(pipe?.fileHandleForWriting.fileDescriptor ?? terminal?.secondary ?? 1, 1)
        return {
            fflush(nil)
            dup2(saved, 1)
            close(saved)
            terminal = nil
        }
    }

    // MARK: Presentation modes

    /// The notes `present(current:record:display:)` writes to a pipe, and what it records.
    private func presentThroughAPipe(mode: ShowMode, store: InMemoryStateStore) throws -> (text: String, outcome: PresentationOutcome) {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        let display = TerminalDisplay(capabilities: .plain, width: 40, input: ends[0], output: ends[1])
        let outcome = try presenter(store: store, options: PresentationOptions(mode: mode))
            .present(current: SemanticVersion(major: 1, minor: 2), display: display)
        close(ends[1])
        let text = String(decoding: FileHandle(fileDescriptor: ends[0], closeOnDealloc: false).readDataToEndOfFile(), as: UTF8.self)
        return (text, outcome)
    }

    func testEveryModeOffATerminalPrintsWhatInlinePrintsAndRecords() throws {
        let inlineStore = InMemoryStateStore()
        let inline = try presentThroughAPipe(mode: .inline, store: inlineStore)
        XCTAssertTrue(inline.text.contains("Elevation"), inline.text)
        XCTAssertEqual(inline.outcome.mode, .inline)
        XCTAssertEqual(inlineStore.presented, [SemanticVersion(major: 1, minor: 2)])
        for mode in [ShowMode.auto, .sheet, .pager] {
            let store = InMemoryStateStore()
            let shown = try presentThroughAPipe(mode: mode, store: store)
            XCTAssertEqual(shown.text, inline.text, "\(mode)")
            XCTAssertEqual(shown.outcome.mode, .inline, "\(mode) falls back")
            XCTAssertEqual(store.presented, [SemanticVersion(major: 1, minor: 2)], "\(mode)")
        }
    }

    func testModeNoneShowsAndRecordsNothing() throws {
        let store = InMemoryStateStore()
        let none = try presentThroughAPipe(mode: .none, store: store)
        XCTAssertEqual(none.text, "")
        XCTAssertEqual(none.outcome.mode, ShowMode.none)
        XCTAssertEqual(none.outcome.plan.decision.versionsToShow, [SemanticVersion(major: 1, minor: 2)], "it decides")
        XCTAssertNil(none.outcome.recording)
        XCTAssertEqual(store.presented, [])
    }
}
