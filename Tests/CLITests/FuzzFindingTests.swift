import Foundation
import TestSupport
import XCTest

/// Every input under `Fixtures/fuzz/` once made whatsnew crash, hang or misread valid input (found by
/// `make fuzz` or while hardening); each runs through the binary in every command and format and must end
/// with its expected exit code and a diagnostic, never a signal.
final class FuzzFindingTests: XCTestCase {
    /// The exit code `validate` must give each finding (and `compile`, unless a format refuses the input).
    private let expectedStatus: [String: Int32] = [
        "mixed-case-url-scheme.yaml": 0,
        "hyperlink-without-authority.yaml": 0,
        "json-strings-libyaml-misreads.json": 0,
        "json-lone-surrogate.json": 1,
        "json-key-colon-on-next-line.json": 1,
        "long-line-non-ascii.json": 0,
    ]

    private var directory: URL { Paths.fixtures.appendingPathComponent("fuzz") }

    func testEveryFindingHasAnExpectation() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(Set(names), Set(expectedStatus.keys), "add each new finding to expectedStatus")
    }

    func testFindingsEndWithTheirExitCodeInEveryCommand() throws {
        for (name, status) in expectedStatus.sorted(by: { $0.key < $1.key }) {
            let validate = try CommandRunner.run(["validate", name], in: directory)
            XCTAssertEqual(validate.status, status, "\(name): \(validate.stderr)")
            if status == 1 { XCTAssertTrue(validate.stderr.contains(" error: "), "\(name): \(validate.stderr)") }
            for format in ["ansi", "markdown", "html", "json", "whatsnewkit-json"] {
                for color in format == "ansi" ? ["never", "always"] : ["never"] {
                    let compile = try CommandRunner.run(["compile", name, "--format", format, "--color", color], in: directory)
                    XCTAssertTrue(compile.status == status || (compile.status == 1 && format == "whatsnewkit-json"),
                                  "\(name) as \(format): status \(compile.status)\n\(compile.stderr)")
                    XCTAssertEqual(compile.stdout.isEmpty, compile.status != 0, "\(name) as \(format): output only on success")
                }
            }
        }
    }

    func testJSONStringsAreReadByJSONRules() throws {
        let result = try CommandRunner.run(["compile", "json-strings-libyaml-misreads.json", "--format", "json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = #""markdown": "Emoji 😀, flag 🇩🇪, raw DEL [\u007f], C1 [\u009b\u0085], LS [\u2028] and U+FFFF ["#
            + "\u{FFFF}]\""
        XCTAssertTrue(result.stdout.contains(expected), result.stdout)
    }

    /// One line of megabytes (a minified JSON file) with non-ASCII text and thousands of problems: positions
    /// and diagnostics once took time proportional to the line's length each, so this never finished.
    func testLongLineWithThousandsOfProblems() throws {
        var versions: [String] = []
        for index in 0..<3000 {
            versions.append(#"{"version":"1.\#(index).0","title":"Neu é \#(index)","bogus":1,"features":[{"title":"F é","subtitle":"S"}]}"#)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-long-line-\(UUID().uuidString).json")
        try Data(#"{"versions":[\#(versions.joined(separator: ","))]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for format in ["text", "json"] {
            // Every one of them is printed (past the default limit of 1000 diagnostics).
            let result = try CommandRunner.run(["validate", url.path, "--diagnostics", format, "--max-diagnostics", "0"])
            XCTAssertEqual(result.status, 1, format)
            XCTAssertEqual(result.stderr.components(separatedBy: "unknown key 'bogus'").count - 1, 3000, format)
        }
    }
}
