import Foundation
import TestSupport
import XCTest

/// The exit codes (0 success, 1 input errors, 64 usage, 74 I/O), and the streams each kind of output goes to.
final class ExitCodeTests: XCTestCase {
    func testMissingInputIsAnIOError() throws {
        let result = try CommandRunner.run(["validate", "no-such-file.yaml"], in: Paths.fixtures)
        XCTAssertEqual(result.status, 74)
        XCTAssertEqual(result.stderr, "whatsnew: error: cannot read 'no-such-file.yaml': No such file or directory\n")
    }

    func testDirectoryWithoutFragmentsIsAnInputError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CommandRunner.run(["validate", directory.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("holds no *.yaml, *.yml or *.json file"), result.stderr)
        XCTAssertTrue(result.stderr.contains("[no-input-files]"), result.stderr)
    }

    func testUsageErrorsExit64() throws {
        XCTAssertEqual(try CommandRunner.run(["validate"]).status, 64)
        XCTAssertEqual(try CommandRunner.run(["validate", "x.yaml", "--color", "sometimes"]).status, 64)
        XCTAssertEqual(try CommandRunner.run(["no-such-command"]).status, 64)
        XCTAssertEqual(try CommandRunner.run(["validate", "x.yaml", "--max-depth", "0"]).status, 64)
    }

    /// Issue 17: a usage error `compile` finds once it runs (the `-o` and `--format` combination) ended with the
    /// root command's usage; it ends with `compile`'s, as the errors found while parsing do.
    func testUsageErrorsFoundWhileRunningEndWithTheSubcommandsUsage() throws {
        let usage = "Usage: whatsnew compile [<options>] <inputs> ...\n  See 'whatsnew compile --help' for more information.\n"
        let several = try CommandRunner.run(["compile", "notes.yaml", "--format", "markdown", "--format", "html", "-o", "x.md"], in: Paths.fixtures)
        XCTAssertEqual(several.status, 64)
        XCTAssertEqual(several.stderr, "Error: several formats (markdown, html) need '-o DIRECTORY', found 'x.md', which is not a directory; "
                                       + "write '-o x.md/' to create the directory, or give one --format\n" + usage)
        let unknown = try CommandRunner.run(["compile", "notes.yaml", "-o", "notes.weird"], in: Paths.fixtures)
        XCTAssertEqual(unknown.status, 64)
        XCTAssertEqual(unknown.stderr, "Error: cannot tell the format of 'notes.weird' from its extension; expected .txt, .md, .html, .json, "
                                       + ".atom or .rss, or give --format\n" + usage)
        let parsing = try CommandRunner.run(["compile", "notes.yaml", "--width", "5"], in: Paths.fixtures)
        XCTAssertTrue(parsing.stderr.hasSuffix(usage), "as a usage error found while parsing: \(parsing.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: Paths.fixtures.appendingPathComponent("notes.weird").path))
    }

    func testVersionAndHelp() throws {
        let version = try CommandRunner.run(["--version"])
        XCTAssertEqual(version.status, 0)
        // Which version it prints is ProjectReleaseNotesTests' (the newest in whatsnew.yaml).
        XCTAssertNotNil(version.stdout.wholeMatch(of: /\d+\.\d+\.\d+\n/), version.stdout)
        let help = try CommandRunner.run(["validate", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("Example:"), help.stdout)
    }

    func testStandardInputUsesTheAssumedFilename() throws {
        let result = try CommandRunner.run(["validate", "-", "--assume-filename", "piped.json"],
                                           stdin: Data("{\"versions\": [1,],}".utf8))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("piped.json:1:16: error: trailing comma is not allowed in JSON [json-syntax]\n"),
                      result.stderr)
    }

    func testColorOnlyWhenAskedOrOnATerminal() throws {
        let input = Data("a: 1\na: 2\n".utf8)
        let plain = try CommandRunner.run(["validate", "-"], stdin: input)
        XCTAssertFalse(plain.stderr.contains("\u{1B}["), "stderr is a pipe: no color")
        let forced = try CommandRunner.run(["validate", "-", "--color", "always"], stdin: input)
        XCTAssertTrue(forced.stderr.contains("\u{1B}[1;31merror:\u{1B}[0m"), forced.stderr)
        let never = try CommandRunner.run(["validate", "-", "--color", "never"], stdin: input)
        XCTAssertFalse(never.stderr.contains("\u{1B}"))
    }

    func testDumpTreeShowsRangesAndStyles() throws {
        let result = try CommandRunner.run(["dump-tree", "-"], stdin: Data("name: \"日本\"\nversion: 1.10\ncountry: NO\n".utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
        mapping (3) [1:1#0-4:1#41]
          ? string plain "name" [1:1#0-1:5#4]
          : string double-quoted "日本" [1:7#6-1:11#14]
          ? string plain "version" [2:1#15-2:8#22]
          : float plain "1.10" [2:10#24-2:14#28]
          ? string plain "country" [3:1#29-3:8#36]
          : string plain "NO" [3:10#38-3:12#40]

        """)
    }

    func testEachInputIsValidatedOnItsOwn() throws {
        let result = try CommandRunner.run(["validate", "invalid/yaml-syntax/input.yaml", "invalid/decode-unknown-key/input.yaml",
                                            "--color", "never"], in: Paths.fixtures)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("[yaml-syntax]"), result.stderr)
        XCTAssertTrue(result.stderr.contains("unknown key 'featurs' in 'versions[0]'; did you mean 'features'? [unknown-key]"),
                      "a broken first input does not hide the problems of the second: \(result.stderr)")
    }
}
