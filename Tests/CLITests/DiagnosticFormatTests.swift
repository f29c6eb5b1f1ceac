import Foundation
import TestSupport
import XCTest

/// `validate --diagnostics text|json|github|sarif`, end to end: golden files for every format, SARIF
/// checked against the official schema, hostile paths, I/O errors, and the exit codes.
final class DiagnosticFormatTests: XCTestCase {
    private struct Case {
        let name: String
        let directory: URL
        let inputs: [String]
    }

    private static let invalid = Paths.fixtures.appendingPathComponent("invalid")
    private static let cases = [
        Case(name: "duplicate-key", directory: invalid.appendingPathComponent("duplicate-key"), inputs: ["input.yaml"]),
        Case(name: "wide-characters", directory: invalid.appendingPathComponent("wide-characters"), inputs: ["input.yaml"]),
        Case(name: "several-files", directory: invalid, inputs: [
            "unknown-tag/input.yaml", "json-trailing-comma/input.json", "duplicate-key/input.yaml",
            "control-character/input.yaml",
        ]),
    ]
    private static let formats = [("text", "txt"), ("json", "json"), ("github", "txt"), ("sarif", "sarif")]

    private var temporary: URL!

    override func setUpWithError() throws {
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-diagnostics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: temporary)
    }

    private func validate(_ arguments: [String], format: String, in directory: URL? = nil) throws -> CommandResult {
        try CommandRunner.run(["validate"] + arguments + ["--diagnostics", format, "--color", "never"], in: directory)
    }

    func testEveryFormatMatchesItsGoldenFiles() throws {
        for testCase in Self.cases {
            for (format, fileExtension) in Self.formats {
                let result = try validate(testCase.inputs, format: format, in: testCase.directory)
                XCTAssertEqual(result.status, 1, "\(testCase.name) \(format): \(result.stderr)")
                XCTAssertEqual(result.stdout, "", "\(testCase.name) \(format): diagnostics go to standard error")
                let golden = Paths.fixtures.appendingPathComponent("diagnostics/\(format)/\(testCase.name).\(fileExtension)")
                Golden.assertMatches(result.stderr, golden: golden)
            }
        }
    }

    func testTheSameRunGivesTheSameBytes() throws {
        let testCase = Self.cases[2]
        for (format, _) in Self.formats {
            let first = try validate(testCase.inputs, format: format, in: testCase.directory)
            let second = try validate(testCase.inputs, format: format, in: testCase.directory)
            XCTAssertEqual(first.stderr, second.stderr, format)
        }
    }

    func testSARIFIsValidAgainstTheOfficialSchema() throws {
        var logs: [URL] = []
        for testCase in Self.cases {
            let result = try validate(testCase.inputs, format: "sarif", in: testCase.directory)
            logs.append(temporary.appendingPathComponent("\(testCase.name).sarif"))
            try Data(result.stderr.utf8).write(to: logs.last!)
        }
        let clean = try validate(["notes.yaml"], format: "sarif", in: Paths.fixtures)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        logs.append(temporary.appendingPathComponent("clean.sarif"))
        try Data(clean.stderr.utf8).write(to: logs.last!)
        let missing = try validate(["no-such-file.yaml"], format: "sarif", in: temporary)
        XCTAssertEqual(missing.status, 74)
        logs.append(temporary.appendingPathComponent("io-error.sarif"))
        try Data(missing.stderr.utf8).write(to: logs.last!)
        let hostile = try validate([try writeHostileInput().lastPathComponent], format: "sarif", in: temporary)
        logs.append(temporary.appendingPathComponent("hostile.sarif"))
        try Data(hostile.stderr.utf8).write(to: logs.last!)
        try SchemaValidator.assertValid(logs, against: SchemaValidator.sarifSchema)
    }

    func testACleanRunPrintsAnEmptyReport() throws {
        let json = try validate(["notes.yaml"], format: "json", in: Paths.fixtures)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(json.stderr, "[]\n")
        let github = try validate(["notes.yaml"], format: "github", in: Paths.fixtures)
        XCTAssertEqual(github.status, 0)
        XCTAssertEqual(github.stderr, "")
        let sarif = try validate(["notes.yaml"], format: "sarif", in: Paths.fixtures)
        XCTAssertEqual(sarif.status, 0)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stderr.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual((run["results"] as? [Any])?.count, 0)
    }

    /// A manifest with a duplicate key in a file whose name has a comma, a colon, a space, a percent
    /// sign, a quote and a line break.
    private func writeHostileInput() throws -> URL {
        let url = temporary.appendingPathComponent("we,ird: 100%\n\"x\".yaml")
        try Data("a: 1\na: 2\n".utf8).write(to: url)
        return url
    }

    func testHostilePathsStayIntactInEveryFormat() throws {
        let name = try writeHostileInput().lastPathComponent

        let github = try validate([name], format: "github", in: temporary)
        XCTAssertEqual(github.status, 1)
        XCTAssertEqual(github.stderr, "::error file=we%2Cird%3A 100%25%0A\"x\".yaml,line=2,col=1,endLine=2,endColumn=2,"
            + "title=duplicate-key::duplicate key 'a'; expected each key once in a mapping%0A"
            + "fix: remove one of the two, or merge their values%0Awe,ird: 100%25%0A\"x\".yaml:1:1: note: 'a' was first defined here\n")

        let json = try validate([name], format: "json", in: temporary)
        XCTAssertEqual(json.status, 1)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.first?["file"] as? String, name)
        XCTAssertEqual(json.stderr.split(separator: "\n").count, 3, "one object per line")

        let sarif = try validate([name], format: "sarif", in: temporary)
        XCTAssertEqual(sarif.status, 1)
        XCTAssertTrue(sarif.stderr.contains(#""uri": "we%2Cird%3A%20100%25%0A%22x%22.yaml""#), sarif.stderr)

        let text = try validate([name], format: "text", in: temporary)
        XCTAssertTrue(text.stderr.hasPrefix("we,ird: 100%\\u{A}\"x\".yaml:2:1: error: duplicate key 'a'"), text.stderr)
    }

    func testAnUnreadableInputIsADiagnosticInTheMachineFormats() throws {
        let json = try validate(["no-such-file.yaml"], format: "json", in: temporary)
        XCTAssertEqual(json.status, 74)
        XCTAssertEqual(json.stderr, """
        [
          {"code":"io-error","severity":"error","message":"cannot read 'no-such-file.yaml': No such file or directory",\
        "file":null,"line":null,"column":null,"endLine":null,"endColumn":null,"path":null,"notes":[],"fix":null}
        ]

        """)
        let github = try validate(["no-such-file.yaml"], format: "github", in: temporary)
        XCTAssertEqual(github.status, 74)
        XCTAssertEqual(github.stderr, "::error title=io-error::cannot read 'no-such-file.yaml': No such file or directory\n")
        let text = try validate(["no-such-file.yaml"], format: "text", in: temporary)
        XCTAssertEqual(text.status, 74)
        XCTAssertEqual(text.stderr, "whatsnew: error: cannot read 'no-such-file.yaml': No such file or directory\n")
    }

    func testAnUnknownFormatIsAUsageError() throws {
        let result = try CommandRunner.run(["validate", "notes.yaml", "--diagnostics", "xml"], in: Paths.fixtures)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("text"), result.stderr)
    }

    func testHelpNamesTheFormatsAndTheStream() throws {
        let help = try CommandRunner.run(["validate", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--diagnostics <format>"), help.stdout)
        XCTAssertTrue(help.stdout.contains("Diagnostics go to standard error in every format"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--diagnostics sarif 2> whatsnew.sarif"), help.stdout)
    }
}
