import TestSupport
import XCTest
@testable import WhatsNewCore
@testable import WhatsNewIO

/// `FileSystem.fragmentFiles(in:extensions:)` and `readRegularFile`, which reads what it lists.
final class FileSystemFragmentTests: XCTestCase {
    func testOnlyRegularFilesWithAFragmentExtensionAreListed() throws {
        let directory = try TemporaryDirectory("fragment-list")
        try directory.write("b.yaml", "a: 1\n")
        try directory.write("a.JSON", "{}")
        try directory.write(".hidden.yaml", "")
        try directory.write("notes.txt", "")
        try directory.symlink("link.yml", to: "/etc/passwd")
        try directory.mkfifo("pipe.yaml")
        let files = try FileSystem.fragmentFiles(in: directory.path + "/", extensions: [".yaml", ".yml", ".json"])
        XCTAssertEqual(files.paths, [directory.path("a.JSON"), directory.path("b.yaml")])
        XCTAssertEqual(files.skipped, [FragmentFiles.Skipped(path: directory.path("link.yml"), kind: "a symbolic link"),
                                       FragmentFiles.Skipped(path: directory.path("pipe.yaml"), kind: "a FIFO")])
    }

    /// A file swapped for a link or a FIFO after it was listed is refused when it is read, without waiting.
    func testReadRegularFileRefusesLinksAndFIFOs() throws {
        let directory = try TemporaryDirectory("fragment-read")
        try directory.write("a.yaml", "a: 1\n")
        try directory.symlink("link.yaml", to: "a.yaml")
        try directory.mkfifo("pipe.yaml")
        XCTAssertEqual(try FileSystem.readRegularFile(directory.path("a.yaml"), limit: 100), Array("a: 1\n".utf8))
        XCTAssertThrowsError(try FileSystem.readRegularFile(directory.path("link.yaml"), limit: 100)) { error in
            XCTAssertEqual((error as? IOError)?.reason, "is a symbolic link; expected a regular file")
        }
        XCTAssertThrowsError(try FileSystem.readRegularFile(directory.path("pipe.yaml"), limit: 100)) { error in
            XCTAssertEqual((error as? IOError)?.reason, "is a FIFO; expected a regular file")
        }
    }
}
