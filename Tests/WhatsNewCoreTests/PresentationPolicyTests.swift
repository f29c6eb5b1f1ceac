import XCTest
@testable import WhatsNewCore
@testable import WhatsNewModel

/// The selection policy of `show`, one table row per case: WhatsNewKit's automatic presentation, then
/// catch-up, pre-releases and force.
final class PresentationPolicyTests: XCTestCase {
    private struct Row {
        let name: String
        let manifest: [String]
        let current: String
        let presented: [String]
        var options = PresentationOptions()
        let shows: [String]
        /// Defaults to `shows`: what is shown is what is recorded.
        var records: [String]? = nil
    }

    private func check(_ rows: [Row], file: StaticString = #filePath, line: UInt = #line) throws {
        for row in rows {
            let decision = PresentationPolicy.decide(available: try versions(row.manifest), current: try version(row.current),
                                                     presented: Set(try versions(row.presented)), options: row.options)
            XCTAssertEqual(decision.versionsToShow.map(\.displayDescription), row.shows, "shown: \(row.name)", file: file, line: line)
            XCTAssertEqual(decision.versionsToRecord.map(\.displayDescription), row.records ?? row.shows.map { try! version($0).description },
                           "recorded: \(row.name)", file: file, line: line)
            XCTAssertEqual(decision.isEmpty, row.shows.isEmpty, row.name, file: file, line: line)
        }
    }

    func testExamplesOfTheSpecification() throws {
        try check([
            Row(name: "patch falls back to its x.y.0", manifest: ["1.0.0", "1.1.0"], current: "1.1.1", presented: [], shows: ["1.1.0"]),
            Row(name: "the fallback was presented", manifest: ["1.0.0", "1.1.0"], current: "1.1.1", presented: ["1.1.0"], shows: []),
            Row(name: "no notes for the version nor its x.y.0", manifest: ["1.1.0"], current: "1.2.0", presented: [], shows: []),
            Row(name: "a patch with notes of its own", manifest: ["1.0.0", "1.0.1"], current: "1.0.1", presented: ["1.0.0"], shows: ["1.0.1"]),
        ])
    }

    func testWhatsNewKitAutomaticPresentation() throws {
        let manifest = ["1.0.0", "1.1.0", "1.1.2", "2.0.0"]
        try check([
            Row(name: "first launch", manifest: manifest, current: "1.0.0", presented: [], shows: ["1.0.0"]),
            Row(name: "reopen", manifest: manifest, current: "1.0.0", presented: ["1.0.0"], shows: []),
            Row(name: "update to a minor release with notes", manifest: manifest, current: "1.1.0", presented: ["1.0.0"], shows: ["1.1.0"]),
            Row(name: "update to a patch with its own notes", manifest: manifest, current: "1.1.2", presented: ["1.0.0", "1.1.0"],
                shows: ["1.1.2"]),
            Row(name: "update to a patch without notes: fallback to x.y.0, recorded as x.y.0", manifest: manifest, current: "1.1.1",
                presented: ["1.0.0"], shows: ["1.1.0"], records: ["1.1.0"]),
            Row(name: "reopen after the fallback", manifest: manifest, current: "1.1.1", presented: ["1.0.0", "1.1.0"], shows: []),
            Row(name: "fallback already presented", manifest: manifest, current: "1.1.5", presented: ["1.1.0"], shows: []),
            Row(name: "no notes for the version", manifest: manifest, current: "1.3.0", presented: ["1.1.0"], shows: []),
            Row(name: "no notes for a patch nor its x.y.0", manifest: manifest, current: "1.3.4", presented: [], shows: []),
            Row(name: "major release", manifest: manifest, current: "2.0.0", presented: ["1.0.0", "1.1.0"], shows: ["2.0.0"]),
            Row(name: "downgrade to a version not presented", manifest: manifest, current: "1.1.0", presented: ["2.0.0"], shows: ["1.1.0"]),
            // WhatsNewKit's policy exactly: after 1.1.2's own notes, 1.1.3 (no notes) falls back to 1.1.0,
            // which was never presented. `--catch-up` does not (see below).
            Row(name: "fallback to an x.y.0 older than a presented patch", manifest: manifest, current: "1.1.3", presented: ["1.1.2"],
                shows: ["1.1.0"]),
        ])
    }

    func testBuildMetadataIsIgnored() throws {
        try check([
            Row(name: "current with build metadata", manifest: ["1.1.0"], current: "1.1.0+42", presented: [], shows: ["1.1.0"],
                records: ["1.1.0"]),
            Row(name: "presented, other build", manifest: ["1.1.0"], current: "1.1.0+43", presented: ["1.1.0"], shows: []),
            Row(name: "manifest version with build metadata", manifest: ["1.1.0+7"], current: "1.1.0", presented: [], shows: ["1.1.0+7"],
                records: ["1.1.0"]),
            Row(name: "fallback from a patch with build metadata", manifest: ["1.1.0"], current: "1.1.1+9", presented: [], shows: ["1.1.0"]),
        ])
    }

    func testPrereleases() throws {
        let manifest = ["1.1.0", "1.2.0-beta.1", "1.2.0", "1.3.0"]
        try check([
            Row(name: "a pre-release with notes", manifest: manifest, current: "1.2.0-beta.1", presented: ["1.1.0"], shows: ["1.2.0-beta.1"]),
            Row(name: "never fall back to the release a pre-release leads up to", manifest: manifest, current: "1.2.0-beta.2",
                presented: ["1.2.0-beta.1"], shows: []),
            Row(name: "a pre-release is not its release", manifest: manifest, current: "1.2.0", presented: ["1.2.0-beta.1"], shows: ["1.2.0"]),
            Row(name: "a pre-release of a patch falls back to the older x.y.0", manifest: manifest, current: "1.3.1-rc.1", presented: [],
                shows: ["1.3.0"]),
        ])
    }

    func testForceIgnoresWhatWasPresented() throws {
        let force = PresentationOptions(force: true)
        try check([
            Row(name: "reopen, forced", manifest: ["1.0.0"], current: "1.0.0", presented: ["1.0.0"], options: force, shows: ["1.0.0"]),
            Row(name: "fallback presented, forced", manifest: ["1.1.0"], current: "1.1.1", presented: ["1.1.0"], options: force,
                shows: ["1.1.0"]),
            Row(name: "forced, no notes", manifest: ["1.1.0"], current: "1.2.0", presented: ["1.1.0"], options: force, shows: []),
        ])
    }

    func testCatchUp() throws {
        let catchUp = PresentationOptions(catchUp: true)
        let manifest = ["1.0.0", "1.1.0", "1.2.0", "1.3.0", "1.4.0"]
        try check([
            Row(name: "three skipped versions and the current one, newest first", manifest: manifest, current: "1.4.0",
                presented: ["1.0.0"], options: catchUp, shows: ["1.4.0", "1.3.0", "1.2.0", "1.1.0"]),
            Row(name: "up to the current version only", manifest: manifest, current: "1.3.2", presented: ["1.0.0"], options: catchUp,
                shows: ["1.3.0", "1.2.0", "1.1.0"]),
            Row(name: "newer than the newest presented only", manifest: manifest, current: "1.4.0", presented: ["1.0.0", "1.2.0"],
                options: catchUp, shows: ["1.4.0", "1.3.0"]),
            Row(name: "nothing new", manifest: manifest, current: "1.4.0", presented: ["1.4.0"], options: catchUp, shows: []),
            Row(name: "first launch: like the default, not the whole history", manifest: manifest, current: "1.4.0", presented: [],
                options: catchUp, shows: ["1.4.0"]),
            Row(name: "first launch on a patch: the default's fallback", manifest: manifest, current: "1.4.1", presented: [],
                options: catchUp, shows: ["1.4.0"]),
            Row(name: "presented versions need not be in the manifest", manifest: manifest, current: "1.4.0", presented: ["1.2.5"],
                options: catchUp, shows: ["1.4.0", "1.3.0"]),
            Row(name: "downgrade", manifest: manifest, current: "1.1.0", presented: ["1.3.0"], options: catchUp, shows: []),
            Row(name: "no older x.y.0 after a presented patch", manifest: ["1.1.0", "1.1.2"], current: "1.1.3", presented: ["1.1.2"],
                options: catchUp, shows: []),
            Row(name: "forced: as on a first launch", manifest: manifest, current: "1.4.0", presented: ["1.0.0", "1.4.0"],
                options: PresentationOptions(catchUp: true, force: true), shows: ["1.4.0"]),
        ])
    }

    func testCatchUpOnPrereleases() throws {
        let catchUp = PresentationOptions(catchUp: true)
        let manifest = ["1.1.0", "1.2.0", "1.3.0-beta.1", "1.3.0-rc.1", "1.3.0", "1.4.0-beta.1"]
        try check([
            Row(name: "a release supersedes its pre-releases", manifest: manifest, current: "1.3.0", presented: ["1.1.0"],
                options: catchUp, shows: ["1.3.0", "1.2.0"]),
            Row(name: "on the pre-release track of the current release", manifest: manifest, current: "1.3.0-rc.1",
                presented: ["1.1.0"], options: catchUp, shows: ["1.3.0-rc.1", "1.3.0-beta.1", "1.2.0"]),
            Row(name: "from one pre-release to the next", manifest: manifest, current: "1.3.0-rc.1", presented: ["1.3.0-beta.1"],
                options: catchUp, shows: ["1.3.0-rc.1"]),
            Row(name: "from the last pre-release to the release", manifest: manifest, current: "1.3.0", presented: ["1.3.0-rc.1"],
                options: catchUp, shows: ["1.3.0"]),
            Row(name: "pre-releases of other releases are skipped", manifest: manifest, current: "1.4.0", presented: ["1.3.0"],
                options: catchUp, shows: []),
        ])
    }

    func testDuplicateManifestVersionsAreShownOnce() throws {
        try check([
            Row(name: "catch-up", manifest: ["1.1.0", "1.1.0+2", "1.0.0"], current: "1.1.0", presented: ["1.0.0"],
                options: PresentationOptions(catchUp: true), shows: ["1.1.0"]),
            Row(name: "default", manifest: ["1.1.0", "1.1.0+2"], current: "1.1.0", presented: [], shows: ["1.1.0"]),
        ])
    }

    func testExplanationOfAFallback() throws {
        let decision = PresentationPolicy.decide(available: try versions(["1.0.0", "1.1.0"]), current: try version("1.1.1"),
                                                 presented: [try version("1.0.0")])
        XCTAssertEqual(decision.explanation, [
            "current version: 1.1.1",
            "presented versions: 1.0.0",
            "1. 1.1.1 has not been presented",
            "2. the manifest has no notes for 1.1.1",
            "3. the fallback 1.1.0 has not been presented",
            "4. the manifest has notes for 1.1.0: show them and record 1.1.0, not 1.1.1",
        ])
    }

    func testExplanationOfEachWayToShowNothing() throws {
        func lastStep(_ manifest: [String], _ current: String, _ presented: [String], _ options: PresentationOptions = .init()) throws -> String? {
            PresentationPolicy.decide(available: try versions(manifest), current: try version(current),
                                      presented: Set(try versions(presented)), options: options).explanation.last
        }
        XCTAssertEqual(try lastStep(["1.0.0"], "1.0.0", ["1.0.0"]), "1. 1.0.0 has been presented: show nothing")
        XCTAssertEqual(try lastStep(["1.0.0"], "1.0.1", ["1.0.0"]), "3. the fallback 1.0.0 has been presented: show nothing")
        XCTAssertEqual(try lastStep(["1.1.0"], "1.2.0", []), "4. the manifest has no notes for 1.2.0: show nothing")
        XCTAssertEqual(try lastStep(["1.2.0"], "1.2.0-beta.2", []), "3. the fallback 1.2.0 is newer than the pre-release 1.2.0-beta.2: show nothing")
        XCTAssertEqual(try lastStep(["1.0.0"], "1.0.0", ["2.0.0"], PresentationOptions(catchUp: true)), "2.0.0 is newer than 1.0.0: show nothing")
        let catchUp = PresentationPolicy.decide(available: try versions(["1.0.0", "1.1.0", "1.2.0-beta.1", "1.2.0"]), current: try version("1.2.0"),
                                                presented: [try version("1.0.0")], options: PresentationOptions(catchUp: true, force: false))
        XCTAssertEqual(catchUp.explanation, [
            "current version: 1.2.0",
            "presented versions: 1.0.0",
            "--catch-up: the newest presented version is 1.0.0",
            "skipped pre-release 1.2.0-beta.1: only pre-releases of the current release are caught up on",
            "the manifest has notes newer than 1.0.0 up to 1.2.0: show 1.2.0, 1.1.0 and record them",
        ])
        let forced = PresentationPolicy.decide(available: [], current: try version("1.0.0"), presented: [try version("1.0.0")],
                                               options: PresentationOptions(catchUp: true, force: true))
        XCTAssertEqual(Array(forced.explanation.dropFirst(2).prefix(2)), [
            "--force: deciding as if nothing had been presented",
            "--catch-up: nothing presented yet, so the default policy decides (a first launch shows one version, not the whole history)",
        ])
    }

    private func version(_ text: String) throws -> SemanticVersion {
        try XCTUnwrap(SemanticVersion(text), text)
    }

    private func versions(_ texts: [String]) throws -> [SemanticVersion] {
        try texts.map(version)
    }
}
