import Foundation
import TestSupport
import XCTest

/// Issue 15's resource attacks, run through the binary: each input is the attack itself, and each test
/// checks what the run printed and how it exited (never how long it took).
final class ResourceLimitTests: XCTestCase {
    private let manifest = Paths.fixtures.appendingPathComponent("notes.yaml").path

    // MARK: Width (item 8)

    func testWidthOutsideTwentyToAThousandIsAUsageError() throws {
        for width in ["9223372036854775807", "1001", "19", "-5"] {
            for command in [["compile", manifest, "--format", "ansi"], ["show", manifest, "--current-version", "1.0", "--no-tty-check", "--state-file", "-"]] {
                let result = try CommandRunner.run(command + ["--width=\(width)"])
                XCTAssertEqual(result.status, 64, "\(command[0]) --width \(width): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("--width must be between 20 and 1000 columns, found \(width)"), result.stderr)
                XCTAssertEqual(result.stdout, "")
            }
        }
    }

    func testOutOfRangeOrGarbageColumnsIsIgnored() throws {
        for columns in ["9223372036854775807", "1000000000", "1001", "12", "wide", ""] {
            for command in [["compile", manifest, "--format", "ansi", "--color", "never"],
                            ["show", manifest, "--current-version", "1.0", "--no-tty-check", "--state-file", "-", "--color", "never"]] {
                let result = try CommandRunner.run(command, environment: ["COLUMNS": columns])
                XCTAssertEqual(result.status, 0, "\(command[0]) COLUMNS=\(columns): \(result.stderr)")
                let lines = result.stdout.split(separator: "\n")
                XCTAssertGreaterThan(lines.count, 5)
                // The separator between versions (in compile's output) is exactly the width wide.
                let widest = lines.map(\.count).max() ?? 0
                XCTAssertTrue(command[0] == "show" ? widest <= 80 : widest == 80, "COLUMNS=\(columns) falls back to 80 columns, found \(widest)")
            }
        }
    }

    func testColumnsWithinRangeIsUsed() throws {
        let result = try CommandRunner.run(["compile", manifest, "--format", "ansi", "--color", "never"], environment: ["COLUMNS": "1000"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").map(\.count).max(), 1000)
    }

    // MARK: Rejected input (item 10)

    func testAnEndlessInputIsRejectedAtItsLimitWithAPosition() throws {
        // /dev/zero never ends, as `yes |` does not: only limit + 1 bytes are read, and the diagnostic is at 1:1.
        let result = try CommandRunner.run(["validate", "/dev/zero", "--max-input-bytes", "100000", "--diagnostics", "json"])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(#""code":"input-too-large""#), result.stderr)
        XCTAssertTrue(result.stderr.contains(#""line":1,"column":1"#), result.stderr)
    }

    func testATooLargeInputOnStandardInputShowsItsFirstLine() throws {
        let text = String(repeating: "y\n", count: 100_050)  // 200,100 bytes: what is left unread fits in the pipe
        let result = try CommandRunner.run(["validate", "-", "--max-input-bytes", "200000"], stdin: Data(text.utf8))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, """
            <stdin>:1:1: error: the input is larger than the limit; expected at most 200000 bytes [input-too-large]
              |
            1 | y
              | ^
               = fix: split it into fragments in a directory, or raise the limit with --max-input-bytes
            1 error generated.

            """)
    }
}
