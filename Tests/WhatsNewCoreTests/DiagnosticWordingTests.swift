import TestSupport
import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel
@testable import WhatsNewReader

/// The wording and place of diagnostics that said too little (issue 17, item 7): each says what was expected,
/// what was found, where, and how to fix it.
final class DiagnosticWordingTests: XCTestCase {
    private func diagnostics(_ text: String) -> [Diagnostic] {
        let engine = DiagnosticEngine()
        let file = SourceFile(name: "test.yaml", text: text)
        let document = YAMLParser.parse(file, format: .yaml)
        guard let root = document.root else { return [] }
        var decoder = ManifestDecoder(engine: engine)
        decoder.addInput(root, file: file)
        _ = decoder.finish(firstFile: file)
        return engine.diagnostics
    }

    func testAnEmptyVersionSaysItIsEmpty() throws {
        let found = diagnostics("versions:\n  - version: \"\"\n    features: []\n")
        let error = try XCTUnwrap(found.first { $0.code == "invalid-version" })
        XCTAssertEqual(error.message, "invalid version '': it is empty; expected MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD], e.g. '1.2.0'")
        XCTAssertEqual(error.fix, "write the version, e.g. 'version: 1.2.0'")
        XCTAssertEqual([error.range?.start.line, error.range?.start.column], [2, 14])
    }

    func testInfinityIsNotAVersionNorANumber() throws {
        let found = diagnostics("""
            defaults:
              layout: { featureListSpacing: .inf, contentSpacing: -.Inf, featureImageWidth: .NaN, featureListPadding: 1e999 }
            versions:
              - version: .inf
                features: []
            """)
        let version = try XCTUnwrap(found.first { $0.code == "invalid-version" })
        XCTAssertEqual(version.message, "invalid version '.inf': YAML reads it as infinity, not as a version; "
                                        + "expected MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD], e.g. '1.2.0'")
        let numbers = found.filter { $0.code == "type-mismatch" }.map(\.message)
        XCTAssertEqual(numbers, [
            "expected a finite number for 'featureListSpacing', found '.inf', which YAML reads as infinity; whatsnew takes only finite numbers",
            "expected a finite number for 'contentSpacing', found '-.Inf', which YAML reads as minus infinity; whatsnew takes only finite numbers",
            "expected a finite number for 'featureImageWidth', found '.NaN', which YAML reads as not-a-number (NaN); whatsnew takes only finite numbers",
            "expected a finite number for 'featureListPadding', found '1e999', which YAML reads as infinity (too large a number); "
                + "whatsnew takes only finite numbers",
        ])
        XCTAssertFalse(found.contains { $0.message.contains("found a number") }, "\(found.map(\.message))")
        XCTAssertEqual(Set(found.filter { $0.code == "type-mismatch" }.map(\.fix)), ["write a finite number in digits, e.g. 1"])
    }

    /// `missing-image-file` underlines the `file:` value, not the image's mapping, however the image is written:
    /// already so before issue 17 (written in block style here, where the object and the value are far apart).
    func testAMissingImageFileIsReportedAtItsPath() throws {
        let directory = try TemporaryDirectory("image-path")
        let found = RuleTesting.diagnostics(of: MissingImageFileRule(), in: """
            images:
              logo:
                alt: Logo
                file: assets/missing.svg
            versions:
              - version: 1.0.0
                features:
                  - title: A
                    subtitle: B
                    image:
                      foregroundColor: red
                      file: "gone.png"
            """, name: directory.path("test.yaml"))
        XCTAssertEqual(found.map(\.code), ["missing-image-file", "missing-image-file"])
        let ranges = found.compactMap(\.range).map { [$0.start.line, $0.start.column, $0.end.line, $0.end.column] }
        XCTAssertEqual(ranges, [[4, 11, 4, 29], [12, 17, 12, 27]])
    }
}
