import Foundation
import XCTest
@testable import WhatsNewCore
#if canImport(Glibc)
import Glibc
#endif
@testable import WhatsNewIO

/// `FileSystem.writeAtomically` replaces a regular file by renaming a temporary one over it; a path that names
/// something else must not be replaced. (Found while hardening: `compile -o /dev/null`, run as root, renamed a
/// regular file over /dev/null. A FIFO stands in for a device here: a regression must not damage the machine.)
final class FileSystemWriteTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-write-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func kind(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return info.st_mode & S_IFMT
    }

    func testAFIFOIsWrittenIntoNotReplaced() throws {
        let fifo = directory.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Nobody reads it yet: an error, not a wait (issue 26: a planted FIFO must not hang the run).
        XCTAssertThrowsError(try FileSystem.writeAtomically(Array("lost\n".utf8), to: fifo)) { error in
            XCTAssertTrue((error as? IOError)?.reason.hasPrefix("nothing reads from it") == true, "\(error)")
        }
        // With a reader, it is written into (the 17 bytes fit in the pipe's buffer), then closed: the reader sees the end.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        try FileSystem.writeAtomically(Array("through the pipe\n".utf8), to: fifo)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = read(reader, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        XCTAssertEqual(String(decoding: received, as: UTF8.self), "through the pipe\n")
        XCTAssertEqual(kind(fifo), S_IFIFO, "still a FIFO")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["pipe"], "no temporary file left")
    }

    /// Issue 26: whatsnew never writes through a link; the link and its target stay as they were.
    func testASymbolicLinkIsRefusedAndItsTargetLeftAlone() throws {
        let target = directory.appendingPathComponent("CHANGELOG.md")
        let link = directory.appendingPathComponent("link.md")
        try Data("old\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "CHANGELOG.md")
        XCTAssertThrowsError(try FileSystem.writeAtomically(Array("new\n".utf8), to: link.path)) { error in
            XCTAssertEqual((error as? IOError)?.reason, "'\(link.path)' is a symbolic link to 'CHANGELOG.md'; whatsnew never writes through a link: "
                           + "remove the link or name its target")
        }
        XCTAssertEqual(kind(link.path), S_IFLNK)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "old\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["CHANGELOG.md", "link.md"])
    }

    func testARegularFileIsReplacedAtomically() throws {
        let file = directory.appendingPathComponent("notes.txt")
        try Data("old\n".utf8).write(to: file)
        try FileSystem.writeAtomically(Array("new\n".utf8), to: file.path)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "new\n")
        XCTAssertEqual(kind(file.path), S_IFREG)
    }

    func testAStreamedFileAppearsOnlyWhenEveryChunkIsWritten() throws {
        let file = directory.appendingPathComponent("changelog.html")
        try Data("old\n".utf8).write(to: file)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
        try FileSystem.writeAtomically(to: file.path) { writer in
            for _ in 0..<3 {
                writer.write(chunk)
                // Until the rename, the file is the old one.
                XCTAssertEqual(try? String(contentsOf: file, encoding: .utf8), "old\n")
            }
        }
        XCTAssertEqual(try Data(contentsOf: file).count, 300_000)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["changelog.html"], "no temporary file left")
    }

    func testAFailedStreamedWriteIsKeptAndThrown() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        XCTAssertThrowsError(try FileSystem.writeAtomically(to: "/dev/full") { writer in
            writer.write(Array("full".utf8))
            XCTAssertEqual(writer.failure?.reason, String(cString: strerror(ENOSPC)))
            writer.write(Array("more".utf8))
            XCTAssertEqual(writer.failure?.path, "/dev/full", "the first failure is kept")
        }) { error in
            XCTAssertEqual((error as? IOError)?.description, "cannot write '/dev/full': \(String(cString: strerror(ENOSPC)))")
        }
        XCTAssertEqual(kind("/dev/full"), S_IFCHR, "still a device")
    }
}
