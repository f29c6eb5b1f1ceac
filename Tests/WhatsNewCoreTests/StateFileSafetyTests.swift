import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewIO
@testable import WhatsNewModel
@testable import WhatsNewState

/// The state store in a directory a stranger could reach (issue 15, item 4): planted links and FIFOs,
/// directories others own or can write, and a state too large to read back.
final class StateFileSafetyTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory("state-safety")
        try directory.mkdir("state", mode: 0o700)
    }

    override func tearDown() {
        directory = nil
    }

    private var store: FileStateStore { FileStateStore(path: directory.path("state/app.json")) }

    private func assertRefused(_ body: () throws -> Any, _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertTrue((error as? IOError)?.reason.contains(reason) == true, "\(error)", file: file, line: line)
        }
    }

    func testLinkAtTheLockPathCreatesNothingThroughIt() throws {
        try directory.symlink("state/app.json.lock", to: directory.path("created-through-the-link"))
        assertRefused({ try self.store.record([SemanticVersion(major: 1)]) }, "is a symbolic link; expected a regular file")
        XCTAssertFalse(directory.exists("created-through-the-link"))
        XCTAssertFalse(directory.exists("state/app.json"))
    }

    func testLinkAtTheStatePathIsNotFollowed() throws {
        try directory.write("elsewhere.json", "{\"formatVersion\": 1, \"presented\": [\"9.9.9\"]}")
        try directory.symlink("state/app.json", to: directory.path("elsewhere.json"))
        assertRefused({ try self.store.read() }, "is a symbolic link; expected a regular file")
    }

    func testFIFOAtTheStatePathDoesNotHang() throws {
        try directory.mkfifo("state/app.json")
        assertRefused({ try self.store.read() }, "is a FIFO; expected a regular file")
        assertRefused({ try self.store.record([SemanticVersion(major: 1)]) }, "is a FIFO; expected a regular file")
        try FileManager.default.removeItem(atPath: directory.path("state/app.json"))
        try FileManager.default.removeItem(atPath: directory.path("state/app.json.lock"))
        try directory.mkfifo("state/app.json.lock")
        assertRefused({ try self.store.record([SemanticVersion(major: 1)]) }, "is a FIFO; expected a regular file")
    }

    func testDirectoryOthersCanWriteIsRefused() throws {
        try directory.chmod("state", 0o777)
        assertRefused({ try self.store.read() }, "other users can write the directory (mode 0777)")
        assertRefused({ try self.store.record([SemanticVersion(major: 1)]) }, "other users can write the directory (mode 0777)")
        assertRefused({ try self.store.reset() }, "run chmod go-w")
        XCTAssertFalse(directory.exists("state/app.json"))
        try directory.chmod("state", 0o770)
        assertRefused({ try self.store.read() }, "(mode 0770)")
    }

    func testDirectoryAnotherUserOwnsIsRefused() throws {
        try directory.chown("state", uid: 12345, gid: 12345)
        assertRefused({ try self.store.read() }, "the directory belongs to another user (uid 12345)")
        assertRefused({ try self.store.record([SemanticVersion(major: 1)]) }, "the directory belongs to another user (uid 12345)")
    }

    func testLockFileAnotherUserOwnsIsRefused() throws {
        try directory.write("state/app.json.lock", "", mode: 0o666)
        try directory.chown("state/app.json.lock", uid: 12345, gid: 12345)
        assertRefused({ try self.store.record([SemanticVersion(major: 1)]) }, "the lock file belongs to another user (uid 12345)")
    }

    /// 300,000 versions take about 5 MB pretty-printed, over the 4 MiB the store reads back: refused, not
    /// written (it would be reported as corrupt on every later read).
    func testStateLargerThanTheReadLimitIsNeverWritten() throws {
        let many = (0..<300_000).map { SemanticVersion(major: 1, minor: $0 / 1000, patch: $0 % 1000) }
        assertRefused({ try self.store.record(many) }, "more than the \(4 << 20) it can be read back with; nothing was written")
        XCTAssertFalse(directory.exists("state/app.json"))
        // What fits is written and reads back.
        XCTAssertNoThrow(try store.record(Array(many.prefix(1000))))
        XCTAssertEqual(try store.read().presented.count, 1000)
        XCTAssertNil(try store.read().problem)
    }
}
