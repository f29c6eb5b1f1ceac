import Foundation
import TestSupport
import XCTest

/// `whatsnew preview`'s usage errors and an input it cannot read: it stops at once, as the other commands do.
final class PreviewCommandTests: XCTestCase {
    func testStandardInputCannotBePreviewed() throws {
        let result = try CommandRunner.run(["preview", "-"], in: Paths.fixtures)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("Error: the preview follows files as they change, and standard input ('-') is read once; name the manifest's file\n"),
                      result.stderr)
    }

    func testAPortOutOfRangeIsAUsageError() throws {
        let result = try CommandRunner.run(["preview", "notes.yaml", "--port", "70000"], in: Paths.fixtures)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("Error: --port must be 0 to 65535, found 70000; 0 picks a free port\n"), result.stderr)
    }

    func testAMissingInputStopsItWithTheIOErrorOfCompile() throws {
        let result = try CommandRunner.run(["preview", "missing.yaml", "--port", "0"], in: Paths.fixtures)
        let compile = try CommandRunner.run(["compile", "missing.yaml"], in: Paths.fixtures)
        XCTAssertEqual(result.status, 74)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("cannot read 'missing.yaml'"), result.stderr)
        XCTAssertEqual(compile.status, 74)
    }
}
