import Foundation
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewIO

/// `FileSystem.createAtomically`: a new file or nothing, never a replaced one, never a stray temporary.
final class FileSystemCreateTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-create-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    func testCreatesTheFileWithItsBytesAndMode() throws {
        let path = directory.appendingPathComponent("notes.yaml").path
        XCTAssertTrue(try FileSystem.createAtomically(Array("hello\n".utf8), at: path, mode: 0o640))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "hello\n")
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, 0o640)
        XCTAssertEqual(try entries(), ["notes.yaml"], "no temporary file is left behind")
    }

    func testNeverReplacesAFileADirectoryOrASymbolicLink() throws {
        let file = directory.appendingPathComponent("file.yaml")
        try Data("keep me\n".utf8).write(to: file)
        XCTAssertFalse(try FileSystem.createAtomically(Array("new".utf8), at: file.path))
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "keep me\n")

        let subdirectory = directory.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: subdirectory, withIntermediateDirectories: false)
        XCTAssertFalse(try FileSystem.createAtomically(Array("new".utf8), at: subdirectory.path))

        let link = directory.appendingPathComponent("dangling.yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "nowhere.yaml")
        XCTAssertFalse(try FileSystem.createAtomically(Array("new".utf8), at: link.path))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "nowhere.yaml")
        XCTAssertEqual(try entries(), ["dangling.yaml", "file.yaml", "sub"], "no temporary file is left behind")
    }

    func testAMissingDirectoryIsAnIOError() {
        let path = directory.appendingPathComponent("missing/notes.yaml").path
        XCTAssertThrowsError(try FileSystem.createAtomically([], at: path)) { error in
            let failure = error as? IOError
            XCTAssertEqual(failure?.path, path)
            XCTAssertEqual(failure?.writing, true)
            XCTAssertEqual(failure?.reason, "No such file or directory")
        }
    }

    func testWriteAtomicallyStillReplaces() throws {
        let path = directory.appendingPathComponent("out.txt").path
        try FileSystem.writeAtomically(Array("one".utf8), to: path)
        try FileSystem.writeAtomically(Array("two".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "two")
        XCTAssertEqual(try entries(), ["out.txt"])
    }
}
