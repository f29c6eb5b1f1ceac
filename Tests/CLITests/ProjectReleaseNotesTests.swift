import Foundation
import TestSupport
import XCTest

/// whatsnew's own release notes are written with whatsnew: `whatsnew.yaml` at the root is the source,
/// `CHANGELOG.md` is what `compile` makes of it, and `--version` is its newest released version.
final class ProjectReleaseNotesTests: XCTestCase {
    private let manifest = Paths.repositoryRoot.appendingPathComponent("whatsnew.yaml").path

    func testTheManifestValidatesStrictly() throws {
        let result = try CommandRunner.run(["validate", "--strict", manifest])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
    }

    func testTheChangelogIsCompiledFromTheManifest() throws {
        let result = try CommandRunner.run(["compile", manifest, "--format", "markdown", "--markdown-style", "keepachangelog"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let changelog = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        XCTAssertEqual(changelog, result.stdout, """
            CHANGELOG.md is not what whatsnew.yaml compiles to; edit whatsnew.yaml and run
              .build/debug/whatsnew compile whatsnew.yaml --format markdown --markdown-style keepachangelog -o CHANGELOG.md
            """)
    }

    func testTheVersionIsTheNewestReleasedVersion() throws {
        let compiled = try CommandRunner.run(["compile", manifest, "--format", "json"])
        XCTAssertEqual(compiled.status, 0, compiled.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(compiled.stdout.utf8)) as? [String: Any])
        let versions = try XCTUnwrap(document["versions"] as? [[String: Any]])
        // The JSON output lists released versions, newest first.
        let newest = try XCTUnwrap(versions.first?["version"] as? String)
        let result = try CommandRunner.run(["--version"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, newest + "\n")
    }
}
