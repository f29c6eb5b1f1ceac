import Foundation
import TestSupport
import XCTest
@testable import WhatsNewCore
#if canImport(Glibc)
import Glibc
#endif
@testable import WhatsNewIO

/// `FileSystem.writeAtomically` as root in a CI job (issue 15, item 3): modes and owners kept, read-only
/// files, dangling links and links planted in a sticky world-writable directory.
final class OutputFileSafetyTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("output-safety")
    }

    override func tearDown() {
        directory = nil
    }

    private func info(_ relative: String) -> stat {
        var info = stat()
        XCTAssertEqual(lstat(directory.path(relative), &info), 0, relative)
        return info
    }

    private func write(_ text: String, to relative: String, force: Bool = false) throws {
        try FileSystem.writeAtomically(Array(text.utf8), to: directory.path(relative), force: force)
    }

    private func assertRefused(_ relative: String, _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try write("new", to: relative), file: file, line: line) { error in
            XCTAssertTrue((error as? IOError)?.reason.contains(reason) == true, "\(error)", file: file, line: line)
        }
        XCTAssertEqual(try directory.names().filter { $0.hasPrefix(".whatsnew-") }, [], "no temporary file left", file: file, line: line)
    }

    func testNewFileFollowsTheUmask() throws {
        let previous = umask(0o077)
        defer { umask(previous) }
        try write("new", to: "private.md")
        XCTAssertEqual(info("private.md").st_mode & 0o7777, 0o600)
        umask(0o002)
        try write("new", to: "shared.md")
        XCTAssertEqual(info("shared.md").st_mode & 0o7777, 0o664)
    }

    func testReplacedFileKeepsItsModeAndOwner() throws {
        try directory.write("secret.md", "old", mode: 0o600)
        try directory.write("theirs.md", "old", mode: 0o640)
        try directory.chown("theirs.md", uid: 12345, gid: 23456)
        try write("new", to: "secret.md")
        try write("new", to: "theirs.md")
        XCTAssertEqual(info("secret.md").st_mode & 0o7777, 0o600, "a 0600 file is not made world-readable")
        let theirs = info("theirs.md")
        XCTAssertEqual([theirs.st_mode & 0o7777, mode_t(theirs.st_uid), mode_t(theirs.st_gid)], [0o640, 12345, 23456])
        XCTAssertEqual(try directory.read("theirs.md"), "new")
        try directory.write("tool", "old", mode: 0o755)
        try directory.chmod("tool", 0o6755)
        try write("new", to: "tool")
        XCTAssertEqual(info("tool").st_mode & 0o7777, 0o755, "set-user-ID and set-group-ID are not kept")
    }

    /// Issue 17, item 4: a caller that gives a mode (the state store's 0600) gets it on a replaced file too, and
    /// the file keeps its owner and group (they were lost: root's write left a user's state file root's).
    func testAGivenModeIsAppliedAndTheOwnerKept() throws {
        try FileSystem.writeAtomically(Array("new".utf8), to: directory.path("state.json"), mode: 0o600)
        XCTAssertEqual(info("state.json").st_mode & 0o7777, 0o600)
        try directory.chmod("state.json", 0o640)
        try directory.chown("state.json", uid: 12345, gid: 23456)
        try FileSystem.writeAtomically(Array("newer".utf8), to: directory.path("state.json"), mode: 0o600)
        let replaced = info("state.json")
        XCTAssertEqual([replaced.st_mode & 0o7777, mode_t(replaced.st_uid), mode_t(replaced.st_gid)], [0o600, 12345, 23456])
        XCTAssertEqual(try directory.read("state.json"), "newer")
    }

    func testReadOnlyFileNeedsForce() throws {
        try directory.write("frozen.md", "old", mode: 0o444)
        assertRefused("frozen.md", "the file is read-only (mode 0444); expected a writable file: pass --force to replace it")
        XCTAssertEqual(try directory.read("frozen.md"), "old")
        try write("new", to: "frozen.md", force: true)
        XCTAssertEqual(try directory.read("frozen.md"), "new")
        XCTAssertEqual(info("frozen.md").st_mode & 0o7777, 0o444, "still read-only")
    }

    func testDanglingLinkIsAnErrorAndCreatesNothing() throws {
        try directory.symlink("out.md", to: directory.path("created-through-the-link.md"))
        assertRefused("out.md", "is a symbolic link to '\(directory.path("created-through-the-link.md"))'; whatsnew never writes through a link")
        XCTAssertFalse(directory.exists("created-through-the-link.md"))
        XCTAssertEqual(info("out.md").st_mode & S_IFMT, S_IFLNK, "the link is left as it was")
    }

    /// A link planted by another user in a sticky world-writable directory (like /tmp) would make root
    /// replace its own 0600 file; no link at the output's name is followed (issue 26), whoever owns it.
    func testLinkOfAnotherUserInAStickyWorldWritableDirectoryIsNotFollowed() throws {
        try directory.write("root-only.txt", "precious", mode: 0o600)
        try directory.mkdir("tmp")
        try directory.chmod("tmp", 0o1777)
        try directory.chown("tmp", uid: 12345, gid: 12345)
        try directory.symlink("tmp/changelog.html", to: directory.path("root-only.txt"))
        try directory.chown("tmp/changelog.html", uid: 23456, gid: 23456)
        assertRefused("tmp/changelog.html", "changelog.html' is a symbolic link to '\(directory.path("root-only.txt"))'; whatsnew never writes through a link")
        XCTAssertEqual(try directory.read("root-only.txt"), "precious")
        try directory.chown("tmp/changelog.html", uid: 12345, gid: 12345)
        assertRefused("tmp/changelog.html", "whatsnew never writes through a link")
        XCTAssertEqual(try directory.read("root-only.txt"), "precious")
        XCTAssertEqual(info("root-only.txt").st_mode & 0o7777, 0o600)
    }

    /// The same for a planted link to a directory on the way (`-o /tmp/site/changelog.html`).
    func testLinkOfAnotherUserOnTheWayIsNotFollowed() throws {
        try directory.mkdir("root-only")
        try directory.mkdir("tmp")
        try directory.chmod("tmp", 0o1777)
        try directory.symlink("tmp/site", to: directory.path("root-only"))
        try directory.chown("tmp/site", uid: 23456, gid: 23456)
        assertRefused("tmp/site/changelog.html", "tmp/site' is a symbolic link of another user (uid 23456)")
        XCTAssertEqual(try directory.names(in: "root-only"), [])
    }
}
