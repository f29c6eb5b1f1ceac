import Foundation
import TestSupport
import XCTest

/// `compile --platform` (issue 17, item 1): an unknown platform is a usage error that lists the known ones,
/// and a version the platform leaves without features is left out of every output, with a note naming it.
final class PlatformSelectionTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("platform")
        try directory.write("notes.yaml", """
            versions:
              - version: 1.2.0
                features:
                  - { title: Widgets, subtitle: On the home screen., platforms: [ios] }
                  - { title: Sync, subtitle: Everywhere. }
              - version: 1.1.0
                features:
                  - { title: Menu bar, subtitle: A menu bar extra., platforms: [macos] }
              - version: 1.0.0
                features:
                  - { title: Watch app, subtitle: On the wrist., platforms: [watchos] }
            """)
    }

    override func tearDown() {
        directory = nil
    }

    private func compile(_ arguments: [String]) throws -> CommandResult {
        try CommandRunner.run(["compile", "notes.yaml", "--color", "never"] + arguments, in: directory.url)
    }

    func testAnUnknownPlatformIsAUsageErrorListingTheKnownOnes() throws {
        let banana = try compile(["--platform", "banana"])
        XCTAssertEqual(banana.status, 64, banana.stderr)
        XCTAssertEqual(banana.stdout, "")
        XCTAssertEqual(banana.stderr, """
            Error: unknown platform 'banana' for --platform; expected one of ios, ipados, macos, tvos, watchos, visionos, linux, windows, \
            android or web (any case)
            Usage: whatsnew compile [<options>] <inputs> ...
              See 'whatsnew compile --help' for more information.

            """)
        let typo = try compile(["--platform", "iso"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.stderr.hasPrefix("Error: unknown platform 'iso' for --platform; did you mean 'ios'? expected one of ios, "), typo.stderr)
        let known = try compile(["--platform", "macOS", "--format", "markdown"])
        XCTAssertEqual(known.status, 0, "a known platform in another case: \(known.stderr)")
    }

    func testAVersionLeftWithoutFeaturesIsLeftOutWithANote() throws {
        let result = try compile(["--platform", "ios", "--format", "markdown"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            # Release notes

            ## 1.2.0 — What's New

            - **Widgets** — On the home screen.
            - **Sync** — Everywhere.

            """)
        XCTAssertEqual(result.stderr, """
            whatsnew: note: versions 1.1.0, 1.0.0 have no feature for --platform ios, so the outputs leave them out [empty-after-platform-filter]
               = fix: add 'platforms: [ios]' to the features meant for ios, or choose another --platform

            """)
        for format in ["ansi", "html", "json", "whatsnewkit-json"] {
            let other = try compile(["--platform", "ios", "--format", format])
            XCTAssertEqual(other.status, 0, other.stderr)
            XCTAssertFalse(other.stdout.contains("1.1.0"), "\(format) leaves 1.1.0 out")
            XCTAssertFalse(other.stdout.contains("1.0.0"), "\(format) leaves 1.0.0 out")
        }
        let one = try compile(["--platform", "macos", "--release", "1.1.0", "--format", "markdown"])
        XCTAssertTrue(one.stdout.contains("Menu bar"), one.stdout)
        XCTAssertEqual(one.stderr, "", "1.2.0 is not selected, so it is not named")
        let without = try compile(["--format", "markdown"])
        XCTAssertEqual(without.stderr, "", "no platform, no note")
        XCTAssertTrue(without.stdout.contains("## 1.0.0"))
    }
}
