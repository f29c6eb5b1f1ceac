import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import WhatsNewIO
@testable import WhatsNewReader

/// An input over `--max-input-bytes` costs at most its limit: no more than limit + 1 bytes are read, and the
/// `input-too-large` diagnostic's file holds only the bytes its excerpt can show (issue 15, item 10:
/// `yes | whatsnew validate -` built a line table of 64 MiB of "y" lines to say that it was too large).
final class RejectedInputTests: XCTestCase {
    func testAnEndlessStreamIsReadToItsLimitPlusOneByte() throws {
        // (Named as a path, a device is refused: only regular files are read, issue 26. Standard input is read
        // from its descriptor as this one is.)
        let descriptor = open("/dev/zero", O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        let bytes = try FileSystem.read(descriptor: descriptor, path: "-", limit: 100_000)
        XCTAssertEqual(bytes.count, 100_001)
        XCTAssertThrowsError(try FileSystem.read("/dev/zero", limit: 100_000)) { error in
            XCTAssertEqual((error as? IOError)?.reason, "is a device; expected a regular file")
        }
    }

    func testARejectedInputKeepsOnlyTheHeadItsExcerptShows() throws {
        let options = ReadOptions(limits: YAMLLimits(maxInputBytes: 100_000))
        let engine = DiagnosticEngine()
        let contents = Array(String(repeating: "y\n", count: 60_000).utf8)
        XCTAssertNil(try Compiler(readOptions: options).load(contents: contents, name: "big.yaml", engine: engine))
        XCTAssertEqual(engine.diagnostics.map(\.code), ["input-too-large"])
        let diagnostic = try XCTUnwrap(engine.diagnostics.first)
        XCTAssertEqual(diagnostic.range?.start, Mark(line: 1, column: 1, offset: 0))
        XCTAssertEqual(diagnostic.file?.bytes.count, InputLoader.rejectedExcerptBytes)
        XCTAssertEqual(diagnostic.file?.lineText(1), "y")
    }

    func testAnInputThatTranscodingMakesTooLargeIsRejectedTheSameWay() throws {
        // UTF-16 with a byte order mark: 2 bytes for each CJK character, which UTF-8 writes in 3.
        let text = String(repeating: "漢", count: 40_000)
        let contents: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let options = ReadOptions(limits: YAMLLimits(maxInputBytes: 100_000))
        let engine = DiagnosticEngine()
        XCTAssertNil(try Compiler(readOptions: options).load(contents: contents, name: "wide.yaml", engine: engine))
        XCTAssertEqual(engine.diagnostics.map(\.code), ["input-too-large"])
        // The head is cut from the raw bytes: 1,024 of UTF-16 are some 1,500 of UTF-8, not the 120,000 of all of it.
        XCTAssertLessThan(engine.diagnostics.first?.file?.bytes.count ?? .max, 2 * InputLoader.rejectedExcerptBytes)
    }
}
