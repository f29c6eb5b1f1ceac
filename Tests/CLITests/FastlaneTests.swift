import Foundation
import TestSupport
import XCTest

/// `--format fastlane` through the binary: the whole tree of store notes in one run, compared file by file with
/// `Fixtures/fastlane/<case>/expected/`; a version over Google Play's limit writes nothing and leaves the tree
/// that was there byte for byte; the plan's usage errors.
final class FastlaneTests: XCTestCase {
    private let fixtures = Paths.fixtures.appendingPathComponent("fastlane")

    func testThreeLanguagesWriteTheCompleteTreeInOneRun() throws {
        let directory = try TemporaryDirectory("fastlane")
        let output = directory.path("fastlane/metadata")
        let result = try CommandRunner.run(["compile", "three-languages/notes.yaml", "--release", "latest", "--format", "fastlane", "-o", output],
                                           in: fixtures)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
        let expected = fixtures.appendingPathComponent("three-languages/expected")
        let written = try Self.files(below: URL(fileURLWithPath: output))
        if Golden.isRecording {
            try? FileManager.default.removeItem(at: expected)
            for (path, text) in written { Golden.assertMatches(text, golden: expected.appendingPathComponent(path)) }
            return
        }
        let wanted = try Self.files(below: expected)
        XCTAssertEqual(written.map(\.path), wanted.map(\.path), "the files written")
        XCTAssertEqual(written.map(\.path), [
            "android/de-DE/changelogs/1234.txt", "android/en-US/changelogs/1234.txt", "android/ja-JP/changelogs/1234.txt",
            "de-DE/release_notes.txt", "en-GB/release_notes.txt", "en-US/release_notes.txt", "ja/release_notes.txt",
        ])
        for (path, text) in written {
            Golden.assertMatches(text, golden: expected.appendingPathComponent(path))
        }
    }

    func testAVersionWithoutBuildWritesDefaultTxt() throws {
        let directory = try TemporaryDirectory("fastlane-default")
        let result = try CommandRunner.run(["compile", "three-languages/notes.yaml", "--release", "1.1.0", "--format", "fastlane",
                                            "-o", directory.path("out")], in: fixtures)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try directory.read("out/android/en-US/changelogs/default.txt"), "• Elevation — See the climb ahead.\n")
        XCTAssertEqual(try directory.read("out/ja/release_notes.txt"), "• Elevation — See the climb ahead.\n")
    }

    func testOverThePlayLimitWritesNothingAndLeavesTheTreeAsItWas() throws {
        let directory = try TemporaryDirectory("fastlane-limit")
        // A tree from an earlier release, with a file this run would replace and one it would not touch.
        let before: [(String, String)] = [
            ("metadata/en-US/release_notes.txt", "• An older release\n"),
            ("metadata/en-US/description.txt", "Trails maps your hikes.\n"),
            ("metadata/android/en-US/changelogs/1999.txt", "• The release before\n"),
        ]
        for (path, text) in before { try directory.write(path, text) }
        let result = try CommandRunner.run(["compile", "over-play-limit/notes.yaml", "--release", "2.0.0", "--format", "fastlane",
                                            "-o", directory.path("metadata")], in: fixtures)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains(
            "notes.yaml:5:14: error: the notes of version 2.0.0 in 'de' are 555 characters for Google Play ('android/de-DE/changelogs/2000.txt'); it allows 500 [store-limit]"),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("shorten them by 55 characters"), result.stderr)
        let after = try Self.files(below: directory.url.appendingPathComponent("metadata"))
        XCTAssertEqual(after.map(\.path), ["android/en-US/changelogs/1999.txt", "en-US/description.txt", "en-US/release_notes.txt"])
        for (path, text) in before { XCTAssertEqual(try directory.read(path), text, path) }
    }

    func testTheTreeNeedsADirectory() throws {
        let result = try CommandRunner.run(["compile", "three-languages/notes.yaml", "--release", "latest", "--format", "fastlane"], in: fixtures)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--format fastlane writes a directory of files"), result.stderr)
        let several = try CommandRunner.run(["compile", "three-languages/notes.yaml", "--format", "fastlane"], in: fixtures)
        XCTAssertEqual(several.status, 64, several.stderr)
    }

    func testSeveralVersionsAreAnError() throws {
        let directory = try TemporaryDirectory("fastlane-several")
        let result = try CommandRunner.run(["compile", "three-languages/notes.yaml", "--format", "fastlane", "-o", directory.path("out")],
                                           in: fixtures)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("--format fastlane writes the store notes of one version, and 2 versions are selected [fastlane-one-version]"),
                      result.stderr)
        XCTAssertFalse(directory.exists("out"))
    }

    /// Beside other formats in `-o DIR/`, the tree goes to `DIR/fastlane/metadata`, as fastlane has it in a project.
    func testBesideOtherFormatsTheTreeIsFastlaneMetadata() throws {
        let directory = try TemporaryDirectory("fastlane-beside")
        let result = try CommandRunner.run(["compile", "three-languages/notes.yaml", "--release", "1.2.0", "--format", "release-body",
                                            "--format", "fastlane", "-o", directory.path("site") + "/"], in: fixtures)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(directory.exists("site/release-notes.md"))
        XCTAssertEqual(try directory.read("site/fastlane/metadata/de-DE/release_notes.txt"),
                       try String(contentsOf: fixtures.appendingPathComponent("three-languages/expected/de-DE/release_notes.txt"), encoding: .utf8))
    }

    /// The regular files below `root`, by path relative to it, sorted.
    static func files(below root: URL) throws -> [(path: String, text: String)] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var files: [(path: String, text: String)] = []
        let prefix = root.resolvingSymlinksInPath().path + "/"
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let full = url.resolvingSymlinksInPath().path
            files.append((String(full.dropFirst(prefix.count)), try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }
}

extension FastlaneTests {
    /// A file that cannot be replaced (read-only, without --force) stops the run before any file is renamed:
    /// those staged before it are removed, the tree is as it was, and no temporary file is left.
    func testAFileThatCannotBeWrittenLeavesEveryOtherAsItWas() throws {
        let directory = try TemporaryDirectory("fastlane-readonly")
        try directory.write("metadata/de-DE/release_notes.txt", "• Alt\n")
        try directory.write("metadata/en-US/release_notes.txt", "• Old\n", mode: 0o444)
        let result = try CommandRunner.run(["compile", "three-languages/notes.yaml", "--release", "latest", "--format", "fastlane",
                                            "-o", directory.path("metadata")], in: fixtures)
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertTrue(result.stderr.contains("en-US/release_notes.txt': the file is read-only"), result.stderr)
        let after = try Self.files(below: directory.url.appendingPathComponent("metadata"))
        XCTAssertEqual(after.map(\.path), ["de-DE/release_notes.txt", "en-US/release_notes.txt"], "no file added, no temporary file left")
        XCTAssertEqual(try directory.read("metadata/de-DE/release_notes.txt"), "• Alt\n")
        XCTAssertEqual(try directory.read("metadata/en-US/release_notes.txt"), "• Old\n")
    }
}
