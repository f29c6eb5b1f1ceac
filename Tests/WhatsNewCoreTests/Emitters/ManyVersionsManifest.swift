import XCTest
import TestSupport
@testable import WhatsNewCore
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel

/// A manifest of many versions for the tests of what runs on two threads: `Fixtures/notes.yaml`'s images and
/// actions, used by versions that vary every kind of image, action, title and Markdown.
enum ManyVersionsManifest {
    /// The fixture's path: its image file is found beside it.
    private static let fixture = Paths.fixtures.appendingPathComponent("notes.yaml")

    /// Everything in the fixture before its versions.
    private static let header: String = {
        let text = (try? String(contentsOf: fixture, encoding: .utf8)) ?? ""
        return String(text[..<(text.range(of: "\nversions:\n")?.lowerBound ?? text.endIndex)]) + "\n"
    }()

    /// The manifest with `count` versions (at least one), newest last in the file.
    static func load(_ count: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Manifest {
        var yaml = header + "versions:\n"
        let images = ["star", "map", "bolt", "lock", "bell", "wand", "boot", "logo"]
        let actions = ["learnMore", "offlineTour", "notNow", "openSettings"]
        for version in (0..<max(1, count)).reversed() {
            yaml += "  - version: 3.\(version).0\n    date: 2030-01-\(10 + version % 18)\n"
            yaml += version % 3 == 0
                ? "    title: { text: \"Release *\(version)*\", foregroundColor: \"#\(version % 2 == 0 ? "1B5E20" : "FFEB3B")\" }\n"
                : "    title: \"Plain release \(version)\"\n"
            yaml += "    secondaryAction: \(actions[version % actions.count])\n    features:\n"
            for feature in 0..<(1 + version % 4) {
                yaml += "      - image: \(images[(version + feature) % images.count])\n"
                if version % 5 == 0 { yaml += "        id: feature-\(feature)-of-\(version)\n" }
                yaml += "        title: Feature \(feature) of \(version)\n"
                yaml += "        subtitle: \"Does **\(feature)** things <&> see [the guide](https://example.com/\(version)).\"\n"
            }
        }
        let engine = DiagnosticEngine()
        let manifest = try XCTUnwrap(Compiler().load(contents: Array(yaml.utf8), name: fixture.path, engine: engine),
                                     "\(engine.diagnostics)", file: file, line: line)
        XCTAssertFalse(engine.hasErrors, "\(engine.diagnostics)", file: file, line: line)
        return manifest
    }
}
