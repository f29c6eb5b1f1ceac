import XCTest
import YAMLTree
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewReader

/// The reading stage lets go of the trees once they are decoded and checked against the schema: the rules (and
/// then the notes) take their memory in the trees', which are larger than the text they were read from.
final class TreeLifetimeTests: XCTestCase {
    /// A rule that notes whether the tree it is shown is still held when the rules run.
    private final class TreeWatch: ManifestRule, @unchecked Sendable {
        weak var storage: NodeStorage?
        /// Written by the one rule thread that runs it, read after the rules have run.
        private(set) var treeWasHeld: Bool?

        func check(_ manifest: Manifest, engine: DiagnosticEngine) {
            treeWasHeld = storage != nil
        }
    }

    private let text = """
        versions:
          - version: 1.0.0
            features:
              - title: Offline maps
                subtitle: Download a region.
        """

    /// Reads `text` with `watch` among the rules, the input handed over as `Compiler` hands it (no one else holds it).
    private func read(watchedBy watch: TreeWatch, addsPointers: Bool, engine: DiagnosticEngine) -> Manifest? {
        let reader = ManifestReader(schema: nil, rules: ManifestRules.all + [watch], addsPointers: addsPointers, baseDirectory: ".")
        let input = { () -> [LoadedInput] in
            let loaded = InputLoader.parse(Array(self.text.utf8), displayName: "notes.yaml", isFragment: false, options: ReadOptions(),
                                           asManifest: true, engine: engine)
            watch.storage = loaded.root?.storage
            return [loaded]
        }
        return reader.read(input(), references: [], engine: engine)
    }

    func testTheTreesAreFreedBeforeTheRulesRun() throws {
        let watch = TreeWatch()
        let engine = DiagnosticEngine()
        let manifest = try XCTUnwrap(read(watchedBy: watch, addsPointers: false, engine: engine))
        XCTAssertEqual(engine.diagnostics.map(\.message), [])
        XCTAssertEqual(manifest.versions.first?.features.first?.subtitle.text(for: nil), "Download a region.")
        XCTAssertEqual(watch.treeWasHeld, false, "the tree is freed before the rules run")
    }

    func testTheTreesAreKeptForJSONPointersUntilTheyAreFound() throws {
        let watch = TreeWatch()
        let engine = DiagnosticEngine()
        _ = try XCTUnwrap(read(watchedBy: watch, addsPointers: true, engine: engine))
        XCTAssertEqual(watch.treeWasHeld, true, "the pointers of the rules' diagnostics are found in the tree")
        XCTAssertNil(watch.storage, "and it is freed when they are")
    }
}
