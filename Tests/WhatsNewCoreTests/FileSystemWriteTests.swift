import Foundation
import XCTest
@testable import WhatsNewCore
#if canImport(Glibc)
import Glibc
#endif

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
        // The reader writes `received` before leaving the group; waiting for the group orders that write
        // before the reads below.
        nonisolated(unsafe) var received: [UInt8] = []
        let reader = DispatchGroup()
        reader.enter()
        DispatchQueue.global().async {
            let descriptor = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 256)
            while descriptor >= 0 {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                received += buffer[0..<count]
            }
            close(descriptor)
            reader.leave()
        }
        do {
            try FileSystem.writeAtomically(Array("through the pipe\n".utf8), to: fifo)
        } catch {
            close(open(fifo, O_WRONLY | O_NONBLOCK))    // let the reader go
            throw error
        }
        guard reader.wait(timeout: .now() + 30) == .success else { return XCTFail("the reader never saw the end of the pipe") }
        XCTAssertEqual(String(decoding: received, as: UTF8.self), "through the pipe\n")
        XCTAssertEqual(kind(fifo), S_IFIFO, "still a FIFO")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["pipe"], "no temporary file left")
    }

    func testASymbolicLinkStaysALinkAndItsTargetIsReplaced() throws {
        let target = directory.appendingPathComponent("CHANGELOG.md")
        let link = directory.appendingPathComponent("link.md")
        try Data("old\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "CHANGELOG.md")
        try FileSystem.writeAtomically(Array("new\n".utf8), to: link.path)
        XCTAssertEqual(kind(link.path), S_IFLNK)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "new\n")
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
