import XCTest
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewState

/// `show` (and `WhatsNewPresenter`) pass over a version marked `unreleased: true`: a build of the next version
/// run before its release shows the notes of the releases, never the unreleased section's.
final class UnreleasedPresentationTests: XCTestCase {
    private func presenter(unreleased: Bool, store: InMemoryStateStore) throws -> WhatsNewPresenter {
        let text = """
        versions:
          - { version: 1.0.0, features: [{ title: Trails }] }
          - { version: 1.1.0, features: [{ title: Offline maps }] }
          - { version: 1.2.0, unreleased: \(unreleased), features: [{ title: Elevation }] }

        """
        let engine = DiagnosticEngine()
        let manifest = try XCTUnwrap(Compiler().load(contents: Array(text.utf8), name: "notes.yaml", engine: engine))
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
        return WhatsNewPresenter(manifest: manifest, store: store,
                                 options: PresentationOptions(catchUp: true), silence: .none)
    }

    func testAnUnreleasedVersionIsNotShown() throws {
        let store = InMemoryStateStore(presented: [SemanticVersion(major: 1)])
        let presenter = try presenter(unreleased: true, store: store)
        var shown: [String] = []
        try presenter.present(current: SemanticVersion(major: 1, minor: 2)) { entries, _ in shown = entries.map(\.versionText) }
        XCTAssertEqual(shown, ["1.1.0"])
        XCTAssertEqual(store.read().sortedVersions.map(\.description), ["1.0.0", "1.1.0"])
    }

    func testTheSameVersionReleasedIsShown() throws {
        let store = InMemoryStateStore(presented: [SemanticVersion(major: 1)])
        let presenter = try presenter(unreleased: false, store: store)
        var shown: [String] = []
        try presenter.present(current: SemanticVersion(major: 1, minor: 2)) { entries, _ in shown = entries.map(\.versionText) }
        XCTAssertEqual(shown, ["1.2.0", "1.1.0"])
        XCTAssertEqual(store.read().sortedVersions.map(\.description), ["1.0.0", "1.1.0", "1.2.0"])
    }
}
