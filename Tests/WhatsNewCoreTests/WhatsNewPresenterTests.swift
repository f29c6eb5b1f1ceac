import Foundation
import TestSupport
import XCTest
@testable import WhatsNewCore

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

    private func presenter(store: any StateStore, options: PresentationOptions = PresentationOptions()) throws -> WhatsNewPresenter {
        let engine = DiagnosticEngine()
        let presenter = try WhatsNewPresenter(manifestPath: manifestPath, store: store, options: options, engine: engine)
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
        return try XCTUnwrap(presenter)
    }

    /// The README's example, compiled and run; the test fails when the README's copy differs.
    func testReadmeExample() throws {
        let stateHome = directory.path + "/state"
        let previous = getenv("XDG_STATE_HOME").map { String(cString: $0) }
        setenv("XDG_STATE_HOME", stateHome, 1)
        defer { if let previous { setenv("XDG_STATE_HOME", previous, 1) } else { unsetenv("XDG_STATE_HOME") } }
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }

        // README: begin
        let engine = DiagnosticEngine()
        let store = try FileStateStore(appID: "com.example.trails")
        if let presenter = try WhatsNewPresenter(manifestPath: manifestPath, store: store, engine: engine) {
            try presenter.present(current: SemanticVersion(major: 1, minor: 2, patch: 1)) { entries, manifest in
                for entry in entries { print("\(entry.version): \(entry.features.count) feature(s)") }
            }
        }
        // README: end

        XCTAssertEqual(printed, ["1.2.0: 1 feature(s)"])
        XCTAssertEqual(store.path, stateHome + "/whatsnew/com.example.trails.json")
        XCTAssertEqual(try store.read().sortedVersions.map(\.description), ["1.2.0"], "the fallback is recorded, not 1.2.1")

        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        let begin = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README: " + "begin") })
        let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README: " + "end") })
        let example = lines[(begin + 1)..<end].map { String($0.dropFirst(8)) }.joined(separator: "\n")
        let readme = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains(example), "README.md must contain the example exactly:\n\(example)")
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
        XCTAssertEqual(WhatsNewPresenter.silenceReason(checkTerminal: false, environment: { $0 == "WHATSNEW_DISABLE" ? "1" : nil }),
                       "WHATSNEW_DISABLE=1")
        XCTAssertNil(WhatsNewPresenter.silenceReason(checkTerminal: false, environment: { $0 == "WHATSNEW_DISABLE" ? "0" : nil }))
        let pipe = Pipe()
        XCTAssertEqual(WhatsNewPresenter.silenceReason(outputDescriptor: pipe.fileHandleForWriting.fileDescriptor, environment: { _ in nil }),
                       "standard output is not a terminal")
        XCTAssertNil(WhatsNewPresenter.silenceReason(checkTerminal: false, outputDescriptor: pipe.fileHandleForWriting.fileDescriptor,
                                                     environment: { _ in nil }))
    }
}
