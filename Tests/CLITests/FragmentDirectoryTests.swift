import Foundation
import TestSupport
import XCTest

/// A directory of fragments from a pull request (issue 15, item 2): a link planted in it once printed every
/// line of the file it named (`/etc/shadow`) into the CI log as the excerpts of diagnostics.
final class FragmentDirectoryTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("fragments")
        try directory.write("secret.yaml", "root: $6$hunter2$secret-hash: 19000:0:99999:7:::\n")
        try directory.write("notes/a.yaml", """
        versions:
          - version: 1.0.0
            title: Hello
            features:
              - { image: { emoji: "⭐" }, title: First, subtitle: One }

        """)
    }

    override func tearDown() {
        directory = nil
    }

    private func validate(_ extra: [String] = []) throws -> CommandResult {
        try CommandRunner.run(["validate", "notes"] + extra, in: directory.url)
    }

    func testLinkOutOfTheDirectoryIsSkippedWithAWarningAndNeverRead() throws {
        try directory.symlink("notes/b.yaml", to: directory.path("secret.yaml"))
        let result = try validate()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("hunter2"), result.stderr)
        XCTAssertEqual(result.stderr, """
        whatsnew: warning: skipped 'notes/b.yaml' in the directory of fragments: it is a symbolic link; expected a regular file [fragment-skipped]
           = fix: put the file itself in the directory instead of a link
        1 warning generated.

        """)
        let strict = try validate(["--strict"])
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertFalse(strict.stderr.contains("hunter2"), strict.stderr)
    }

    func testLinkToAFileBesideItIsSkippedToo() throws {
        try directory.symlink("notes/c.yml", to: "a.yaml")
        let result = try validate(["--diagnostics", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("\"code\":\"fragment-skipped\""), result.stderr)
    }

    func testFIFOAndDirectoryAreSkippedWithoutWaiting() throws {
        try directory.mkfifo("notes/pipe.yaml")
        try directory.mkdir("notes/sub.json")
        let result = try validate()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("skipped 'notes/pipe.yaml' in the directory of fragments: it is a FIFO"), result.stderr)
        XCTAssertTrue(result.stderr.contains("skipped 'notes/sub.json' in the directory of fragments: it is a directory"), result.stderr)
    }

    func testOnlyLinksMeansNoFragments() throws {
        try FileManager.default.removeItem(atPath: directory.path("notes/a.yaml"))
        try directory.symlink("notes/b.yaml", to: directory.path("secret.yaml"))
        let result = try validate()
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("[no-input-files]"), result.stderr)
        XCTAssertFalse(result.stderr.contains("hunter2"), result.stderr)
    }
}
