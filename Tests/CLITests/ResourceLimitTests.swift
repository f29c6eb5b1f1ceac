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
        // /dev/zero on standard input never ends, as `yes |` does not: only limit + 1 bytes are read, and the diagnostic
        // is at 1:1. (Named as INPUT, a device is refused: only regular files are read.)
        let result = try CommandRunner.run(executable: URL(fileURLWithPath: "/bin/sh"),
                                           ["-c", #""$0" validate - --max-input-bytes 100000 --diagnostics json < /dev/zero"#, Paths.binary.path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains(#""code":"input-too-large""#), result.stderr)
        XCTAssertTrue(result.stderr.contains(#""line":1,"column":1"#), result.stderr)
    }

    func testATooLargeInputOnStandardInputShowsItsFirstLine() throws {
        let text = String(repeating: "y\n", count: 100_050)  // 200,100 bytes: what is left unread fits in the pipe
        let result = try CommandRunner.run(["validate", "-", "--max-input-bytes", "200000"], stdin: Data(text.utf8))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, """
            <stdin>:1:1: error: the input is more than 200000 bytes (195.3 KiB) (reading stopped at the limit); expected at most \
            200000 bytes (195.3 KiB), the input size limit [input-too-large]
              |
            1 | y
              | ^
               = fix: split it into fragments in a directory, or raise the limit with --max-input-bytes
            1 error generated.

            """)
    }

    /// Issue 17: `input-too-large` did not say the size it found. A file's size is given (only the limit + 1
    /// bytes are read: the size comes from the file system), with the limit and the flag's value that fits.
    func testATooLargeFileSaysItsSizeAndTheLimit() throws {
        let file = Paths.fixtures.appendingPathComponent("notes.yaml").path
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber).intValue
        XCTAssertGreaterThan(size, 2048)
        let result = try CommandRunner.run(["validate", file, "--max-input-bytes", "1000", "--diagnostics", "json"])
        XCTAssertEqual(result.status, 1)
        let tenths = (size * 10 + 512) / 1024
        let shown = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
        XCTAssertTrue(result.stderr.contains(#""message":"the input is \#(size) bytes (\#(shown) KiB); expected at most 1000 bytes, "#
                                             + #"the input size limit""#), result.stderr)
        XCTAssertTrue(result.stderr.contains(#"raise the limit with --max-input-bytes \#(size) or more"#), result.stderr)
        let piped = try CommandRunner.run(["validate", "-", "--max-input-bytes", "1000"], stdin: try Data(contentsOf: URL(fileURLWithPath: file)))
        XCTAssertTrue(piped.stderr.contains("the input is more than 1000 bytes (reading stopped at the limit); expected at most 1000 bytes"),
                      piped.stderr)
    }

    // MARK: Diagnostics (item 6)

    /// A manifest with `count` versions that are each a number, which each is an error.
    private func writeNumberVersions(_ count: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-numbers-\(UUID().uuidString).yaml")
        try Data(("versions:\n" + String(repeating: "- 1\n", count: count)).utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testDiagnosticsStopAtTheLimitAndSayHowManyMoreThereWere() throws {
        let input = try writeNumberVersions(1500)
        let result = try CommandRunner.run(["validate", input.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr.components(separatedBy: ": error: ").count - 1, 1000)
        XCTAssertTrue(result.stderr.contains("\(input.path):1001:3: error: expected a mapping for 'versions[999]', found an integer"))
        XCTAssertFalse(result.stderr.contains("versions[1000]"))
        XCTAssertTrue(result.stderr.hasSuffix("""
            whatsnew: note: 500 more errors not shown; expected at most 1000 diagnostics (--max-diagnostics) [too-many-diagnostics]
               = fix: fix the ones shown and run again, or show more with --max-diagnostics N (0 shows every one)
            1500 errors generated.

            """), String(result.stderr.suffix(500)))

        let all = try CommandRunner.run(["validate", input.path, "--max-diagnostics", "0"])
        XCTAssertEqual(all.stderr.components(separatedBy: ": error: ").count - 1, 1500)
        XCTAssertFalse(all.stderr.contains("too-many-diagnostics"))
        let few = try CommandRunner.run(["compile", input.path, "--format", "json", "--max-diagnostics", "3"])
        XCTAssertEqual(few.status, 1)
        XCTAssertEqual(few.stderr.components(separatedBy: ": error: ").count - 1, 3)
        XCTAssertTrue(few.stderr.contains("1497 more errors not shown"), few.stderr)
        XCTAssertEqual(try CommandRunner.run(["dump-tree", input.path, "--max-diagnostics", "-1"]).status, 64)
    }

    func testMachineFormatsStayWithinWhatTheirConsumersAccept() throws {
        let input = try writeNumberVersions(1500)
        let json = try CommandRunner.run(["validate", input.path, "--diagnostics", "json"])
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.count, 1001)
        XCTAssertEqual(objects.last?["code"] as? String, "too-many-diagnostics")

        let github = try CommandRunner.run(["validate", input.path, "--diagnostics", "github"])
        let commands = github.stderr.split(separator: "\n")
        XCTAssertEqual(commands.count { $0.hasPrefix("::error ") }, 10)
        XCTAssertEqual(commands.count, 11)
        XCTAssertTrue(commands.last?.hasPrefix("::notice title=too-many-diagnostics::1490 more errors not annotated") == true, github.stderr)

        let sarif = try CommandRunner.run(["validate", input.path, "--diagnostics", "sarif"])
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stderr.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual((run["results"] as? [Any])?.count, 1000)
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual((invocation["toolExecutionNotifications"] as? [Any])?.count, 1)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-truncated-\(UUID().uuidString).sarif")
        try Data(sarif.stderr.utf8).write(to: file)
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        try SchemaValidator.assertValid([file], against: SchemaValidator.sarifSchema)
    }

    // MARK: Alias expansion and output size (item 7)

    private func write(_ text: String, name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-\(name)-\(UUID().uuidString).yaml")
        try Data(text.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testOneLongScalarAliasedThousandsOfTimesStopsAtTheByteBudget() throws {
        // 80 KB aliased 15,000 times (a 125 KB file): 1.2 GB of memory to validate, and 1.2 GB of HTML, with a node budget.
        let text = "versions:\n  - version: 1.0.0\n    features: [&f {title: x, subtitle: \(String(repeating: "A", count: 80_000))}"
            + String(repeating: ",*f", count: 15_000) + "]\n"
        let input = try write(text, name: "long-alias")
        let result = try CommandRunner.run(["validate", input.path, "--diagnostics", "json"])
        XCTAssertEqual(result.status, 1)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.map { $0["code"] as? String }, ["alias-budget-exceeded"])
        // The budget is 4 bytes per input byte: 500,284 here, which the seventh alias of 80,093 bytes crosses.
        XCTAssertEqual(objects.first?["message"] as? String,
                       "aliases expand to more than 500284 bytes; expected at most 4 bytes per input byte (at least 65536 in all)")
        XCTAssertEqual(objects.first?["column"] as? Int, 80_042 + 3 * 6, "the seventh alias")
    }

    /// A manifest whose one aliased feature `{title: T, subtitle: S}` is repeated as often as the alias budget
    /// allows (4 bytes per input byte, at least 64 KiB; each alias costs its text and 16 bytes per node), or
    /// once more than that; ahead of it, `padding` versions of one short feature each.
    private func maximalAliases(title: String, subtitle: String, padding: Int = 0, oneMore: Bool = false) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\u{1}", with: "\\x01") + "\""
        }
        var head = "versions:\n"
        for index in 0..<padding { head += "  - {version: 2.0.\(index), features: [{title: t, subtitle: s}]}\n" }
        head += "  - version: 1.0.0\n    features: [&f {title: \(quoted(title)), subtitle: \(quoted(subtitle))}"
        let tail = "]\n"
        let cost = 5 * 16 + "title".utf8.count + title.utf8.count + "subtitle".utf8.count + subtitle.utf8.count
        let base = head.utf8.count + tail.utf8.count
        var count = max(65_536 / cost, 4 * base / (cost - 12)) + 2
        while count * cost > max(65_536, 4 * (base + 3 * count)) { count -= 1 }
        return head + String(repeating: ",*f", count: count + (oneMore ? 1 : 0)) + tail
    }

    func testEveryOutputOfAMaximalAliasInputIsASmallMultipleOfTheInput() throws {
        let cases = [
            ("long", maximalAliases(title: String(repeating: "a", count: 10_000), subtitle: String(repeating: "b", count: 10_000))),
            ("escaped", maximalAliases(title: String(repeating: "<&\"'\u{1}", count: 2_000), subtitle: String(repeating: "<&\"'", count: 2_500))),
            ("short", maximalAliases(title: "a", subtitle: "b", padding: 300)),
        ]
        for (name, text) in cases {
            let input = try write(text, name: "maximal-\(name)")
            for format in ["html", "markdown", "ansi", "json", "whatsnewkit-json"] {
                let result = try CommandRunner.run(["compile", input.path, "--format", format, "--color", "never"])
                XCTAssertEqual(result.status, 0, "\(name) \(format): \(result.stderr.prefix(300))")
                // Measured: at most 42 times (JSON of many short features), each text written three ways.
                XCTAssertLessThanOrEqual(result.stdout.utf8.count, 48 * text.utf8.count, "\(name) \(format)")
                XCTAssertGreaterThan(result.stdout.utf8.count, text.utf8.count, "\(name) \(format)")
            }
            let oneMore = try write(name == "long" ? maximalAliases(title: String(repeating: "a", count: 10_000),
                                                                    subtitle: String(repeating: "b", count: 10_000), oneMore: true)
                                                   : name == "short" ? maximalAliases(title: "a", subtitle: "b", padding: 300, oneMore: true)
                                                   : maximalAliases(title: String(repeating: "<&\"'\u{1}", count: 2_000),
                                                                    subtitle: String(repeating: "<&\"'", count: 2_500), oneMore: true),
                                    name: "over-\(name)")
            let over = try CommandRunner.run(["validate", oneMore.path])
            XCTAssertEqual(over.status, 1, name)
            XCTAssertTrue(over.stderr.contains("[alias-budget-exceeded]"), "\(name): \(over.stderr.prefix(300))")
        }
    }

    func testATextRepeatedByDefaultsInEveryVersionStopsAtTheOutputBudget() throws {
        // 80 KB of title in `defaults`, and 2,000 versions without one of their own: 175 KB gave 160 MB of Markdown.
        var text = "defaults:\n  title: \(String(repeating: "B", count: 80_000))\nversions:\n"
        for index in 0..<2000 { text += "  - {version: 1.0.\(index), features: [{title: x, subtitle: y}]}\n" }
        let input = try write(text, name: "defaults")
        let output = input.deletingPathExtension().appendingPathExtension("md")
        let result = try CommandRunner.run(["compile", input.path, "-o", output.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("error: the notes, newest first, repeat their texts to more than 1607360 bytes by version 1.0.1979; "
                                             + "expected at most 8 per input byte (at least 1048576 in all) [output-budget-exceeded]"),
                      String(result.stderr.prefix(500)))
        XCTAssertTrue(result.stderr.contains(":1983:15: error:"), String(result.stderr.prefix(300)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    }
}
