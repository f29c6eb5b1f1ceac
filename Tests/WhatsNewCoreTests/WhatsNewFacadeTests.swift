import Foundation
import TestSupport
import WhatsNewCore
import XCTest
@testable import WhatsNewTerminal

/// `WhatsNew.changelog` gives what `whatsnew compile --format` prints, and its errors what the command reports.
/// (`WhatsNew.show` depends on a terminal: `make test-consumer` runs it on a pseudo-terminal and in a pipe.)
final class WhatsNewFacadeTests: XCTestCase {
    func testChangelogIsCompilesMarkdown() throws {
        let expected = try String(contentsOf: Paths.fixtures.appendingPathComponent("compile/all-markdown/expected.out"), encoding: .utf8)
        XCTAssertEqual(try WhatsNew.changelog(manifest: Paths.fixtures.appendingPathComponent("notes.yaml").path), expected)
    }

    func testChangelogOfAManifestWithErrorsThrowsItsDiagnostics() throws {
        let directory = Paths.fixtures.appendingPathComponent("invalid/decode-type-mismatch")
        let expected = try String(contentsOf: directory.appendingPathComponent("expected.txt"), encoding: .utf8)
        do {
            _ = try WhatsNew.changelog(manifest: directory.appendingPathComponent("input.yaml").path)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.reason, .invalidManifest)
            XCTAssertEqual(error.exitCode, 1)
            XCTAssertEqual(error.description.replacingOccurrences(of: directory.path + "/", with: "") + "\n", expected)
        }
    }

    func testChangelogOfAMissingFileIsAnIOError() {
        do {
            _ = try WhatsNew.changelog(manifest: "no-such-file.yaml")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.reason, .io)
            XCTAssertEqual(error.description, "cannot read 'no-such-file.yaml': No such file or directory")
        }
    }

    func testAFormatOfSeveralFilesIsAUsageError() {
        do {
            _ = try WhatsNew.changelog(manifest: "notes.yaml", format: .fastlane)
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.reason, .usage)
            XCTAssertEqual(error.exitCode, 64)
            XCTAssertTrue(error.description.hasPrefix("--format fastlane writes a directory of files"), error.description)
        }
    }

    func testAnUnknownShowModeInTheEnvironmentIsAUsageError() {
        XCTAssertEqual(try ShowMode.fromEnvironment { _ in "sheet" }, .sheet)
        XCTAssertNil(try ShowMode.fromEnvironment { _ in "" })
        XCTAssertThrowsError(try ShowMode.fromEnvironment { _ in "popup" }) { error in
            XCTAssertEqual("\(error)", "WHATSNEW_SHOW_MODE must be one of auto, inline, sheet, pager, none, found 'popup'")
        }
    }
}
