import Foundation
import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewRender

/// Issue 27, item 5: checks and emitters apart. Every refusal of an output is found by its check in `OutputChecks`,
/// called alone here, with no emitter run; a check that passes hands its emitter a plan, and the emitters take no
/// `DiagnosticEngine` and return what they render, not an optional.
final class OutputChecksTests: XCTestCase {
    private func load(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) throws -> Manifest {
        let engine = DiagnosticEngine()
        let manifest = try Compiler().load(contents: Array(yaml.utf8), name: "notes.yaml", engine: engine)
        XCTAssertFalse(engine.hasErrors, "\(engine.diagnostics.map(\.message))", file: file, line: line)
        return try XCTUnwrap(manifest, file: file, line: line)
    }

    /// The codes of the errors `engine` holds.
    private func errors(_ engine: DiagnosticEngine) -> [String] {
        engine.diagnostics.filter { $0.severity == .error }.map(\.code)
    }

    private static let twoVersions = """
        versions:
          - version: 1.1.0
            features:
              - title: Trails
                subtitle: Walk them.
                platforms: [ios]
          - version: 1.0.0
            features:
              - title: Offline maps
                subtitle: Download a region.
        """

    // MARK: Each refusal, found by its check alone

    func testFastlaneRefusalsAreFoundByItsCheck() throws {
        let cases: [(yaml: String, code: String)] = [
            (Self.twoVersions, "fastlane-one-version"),
            ("versions:\n  - version: 1.0.0\n    features:\n      - { title: Maps, subtitle: Offline. }\n", "missing-locale"),
            ("defaults: { locale: en }\nversions:\n  - version: 1.0.0\n    build: 2.0.15\n    features:\n      - { title: Maps, subtitle: Offline. }\n",
             "invalid-version-code"),
            ("defaults: { locale: en }\nversions:\n  - version: 1.0.0\n    features:\n      - { title: Maps, subtitle: \(String(repeating: "long ", count: 120)) }\n",
             "store-limit"),
        ]
        for (yaml, code) in cases {
            let manifest = try load(yaml)
            let engine = DiagnosticEngine()
            XCTAssertNil(OutputChecks.fastlane(manifest, entries: Selection().versions(of: manifest), engine: engine), code)
            XCTAssertEqual(errors(engine), [code])
        }
    }

    func testWhatsNewKitRefusalsAreFoundByItsCheck() throws {
        let cases: [(yaml: String, code: String)] = [
            ("versions:\n  - version: 2.0.0-beta.1\n    features:\n      - { title: Maps, subtitle: Offline. }\n", "whatsnewkit-prerelease"),
            (Self.twoVersions, "whatsnewkit-platforms"),
            ("images:\n  go: { systemName: star.fill }\nprimaryActions:\n  go: { title: Go }\nversions:\n  - version: 1.0.0\n    primaryAction: go\n"
                + "    features:\n      - { image: go, title: Hello, subtitle: World. }\n", "whatsnewkit-key-conflict"),
        ]
        for (yaml, code) in cases {
            let manifest = try load(yaml)
            let engine = DiagnosticEngine()
            XCTAssertNil(OutputChecks.whatsNewKit(manifest, selection: Selection(), engine: engine), code)
            XCTAssertEqual(errors(engine), [code])
        }
    }

    func testPublishingRefusalsAreFoundByTheirChecks() throws {
        let manifest = try load(Self.twoVersions)
        let notes = ReleaseNotes(manifest, selection: Selection())
        let entries = Selection().versions(of: manifest)

        var engine = DiagnosticEngine()
        XCTAssertFalse(OutputChecks.releaseBody(notes, engine: engine))
        XCTAssertEqual(errors(engine), ["release-body-one-version"])

        engine = DiagnosticEngine()
        OutputChecks.feeds(manifest, notes: notes, entries: entries, formats: [.rss], naming: .rss, engine: engine)
        XCTAssertEqual(errors(engine), ["missing-app-url"])

        let withURL = try load("app: { url: https://example.com/app }\n" + Self.twoVersions)
        engine = DiagnosticEngine()
        OutputChecks.feeds(withURL, notes: ReleaseNotes(withURL, selection: Selection()), entries: Selection().versions(of: withURL),
                           formats: [.atom], naming: .atom, engine: engine)
        XCTAssertEqual(errors(engine), ["atom-undated"])

        engine = DiagnosticEngine()
        OutputChecks.appcastBuilds(entries, engine: engine)
        XCTAssertEqual(errors(engine), ["missing-build", "missing-build"])

        engine = DiagnosticEngine()
        var budget = OutputBudget(inputBytes: 0)
        XCTAssertNil(OutputChecks.filledAppcast(AppcastInput(path: "appcast.xml", bytes: Array("<rss><channel>".utf8)), notes: notes,
                                                entries: entries, budget: &budget, engine: engine))
        XCTAssertEqual(errors(engine), ["invalid-appcast"])

        engine = DiagnosticEngine()
        XCTAssertFalse(OutputChecks.selection(Selection(release: SemanticVersion(major: 9)), of: manifest, engine: engine))
        XCTAssertEqual(errors(engine), ["unknown-release"])
    }

    // MARK: A check that passes hands its emitter a plan

    func testThePlansOfPassingChecksAreRenderedByEmittersThatCannotFail() throws {
        let manifest = try load("""
            defaults: { locale: en }
            versions:
              - version: 1.0.0
                build: 42
                features:
                  - title: Offline **maps**
                    subtitle: Download a region.
            """)
        let engine = DiagnosticEngine()
        let fastlane = try XCTUnwrap(OutputChecks.fastlane(manifest, entries: Selection().versions(of: manifest), engine: engine))
        let files = FastlaneEmitter.files(fastlane)
        XCTAssertEqual(files.map(\.path), ["en-US/release_notes.txt", "android/en-US/changelogs/42.txt"])
        XCTAssertEqual(files.first?.text, "• Offline maps — Download a region.\n")

        let whatsNewKit = try XCTUnwrap(OutputChecks.whatsNewKit(manifest, selection: Selection(), refsFile: "refs.json", engine: engine))
        XCTAssertEqual(whatsNewKit.documents.map(\.title), ["What's New"])
        XCTAssertEqual(whatsNewKit.documents.first?.features.map(\.title), ["Offline maps"], "the check chose the plain text")
        XCTAssertEqual(whatsNewKit.registrations.map(\.key), ["noImage", "continue"])
        let export = WhatsNewKitJSONEmitter().export(whatsNewKit)
        XCTAssertTrue(export.json.contains(#""title" : "Offline maps""#) || export.json.contains(#""title": "Offline maps""#), export.json)
        XCTAssertEqual(engine.diagnostics.map(\.code), ["whatsnewkit-plain-text"], "the warning is the check's, before the emitter ran")
    }

    // MARK: The emitters take no engine

    /// These bindings compile only while the emitters take a checked plan and no `DiagnosticEngine`, and return what
    /// they render rather than an optional: the compiler holds the separation.
    func testTheEmittersSignaturesTakeAPlanAndReturnTheirOutput() {
        let files: (FastlanePlan) -> [FastlaneEmitter.File] = FastlaneEmitter.files
        let export: (WhatsNewKitJSONEmitter) -> (WhatsNewKitPlan) -> WhatsNewKitExport = WhatsNewKitJSONEmitter.export
        XCTAssertTrue(files(FastlanePlan(entry: VersionEntry(version: SemanticVersion(major: 1), versionText: "1.0.0"), stores: [])).isEmpty)
        XCTAssertEqual(export(WhatsNewKitJSONEmitter())(WhatsNewKitPlan()).json, "[]\n")
    }

    /// No emitter in WhatsNewRender names `DiagnosticEngine`, but the template's (`TemplateEmitter` and its
    /// extensions), which reads the user's template and renders it whole to find the variables it uses where the
    /// notes have none.
    func testNoEmitterOfWhatsNewRenderSeesTheDiagnosticEngine() throws {
        let render = Paths.repositoryRoot.appendingPathComponent("Sources/WhatsNewRender")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: render.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && $0.contains("Emitter") && !$0.hasPrefix("TemplateEmitter") }
        XCTAssertTrue(files.contains("FastlaneEmitter.swift") && files.contains("WhatsNewKitJSONEmitter.swift"), "\(files)")
        for file in files.sorted() {
            let text = try String(contentsOf: render.appendingPathComponent(file), encoding: .utf8)
            XCTAssertFalse(text.contains("DiagnosticEngine"), "\(file) names DiagnosticEngine: its problems belong in a check of OutputChecks")
        }
    }
}
