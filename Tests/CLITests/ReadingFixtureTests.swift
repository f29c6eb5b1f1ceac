import Foundation
import TestSupport
import XCTest

/// Every `Fixtures/invalid/<case>/` input exits 1 (or the code in its `status` file, for warnings) with exactly
/// its golden diagnostics (`expected.txt`); extra arguments come from its `args` file.
final class ReadingFixtureTests: XCTestCase {
    private static let invalidCases = Paths.cases(in: Paths.fixtures.appendingPathComponent("invalid"))

    func testInvalidFixturesReportTheirGoldenDiagnostics() throws {
        XCTAssertGreaterThanOrEqual(Self.invalidCases.count, 20)
        for directory in Self.invalidCases {
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            guard let input = files.sorted().first(where: { $0.hasPrefix("input.") }) else {
                XCTFail("\(directory.lastPathComponent): no input file")
                continue
            }
            let argsFile = directory.appendingPathComponent("args")
            let extra = (try? String(contentsOf: argsFile, encoding: .utf8))?
                .split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init) ?? []
            let result = try CommandRunner.run(["validate", input, "--color", "never"] + extra, in: directory)
            let status = (try? String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8))
                .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 1
            XCTAssertEqual(result.status, status, "\(directory.lastPathComponent): exit status")
            XCTAssertEqual(result.stdout, "", "\(directory.lastPathComponent): stdout")
            Golden.assertMatches(result.stderr, golden: directory.appendingPathComponent("expected.txt"))
        }
    }

    func testValidFixturesDumpTheirGoldenTrees() throws {
        let valid = Paths.cases(in: Paths.fixtures.appendingPathComponent("valid"))
        XCTAssertFalse(valid.isEmpty)
        for directory in valid {
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            guard let input = files.sorted().first(where: { $0.hasPrefix("input.") }) else { continue }
            let result = try CommandRunner.run(["dump-tree", input], in: directory)
            XCTAssertEqual(result.status, 0, "\(directory.lastPathComponent): \(result.stderr)")
            XCTAssertEqual(result.stderr, "")
            Golden.assertMatches(result.stdout, golden: directory.appendingPathComponent("tree.txt"))
        }
    }

    func testYAMLManifestAndItsJSONTwinGiveTheSameTree() throws {
        let yaml = try CommandRunner.run(["dump-tree", "--no-positions", "notes.yaml"], in: Paths.fixtures)
        let json = try CommandRunner.run(["dump-tree", "--no-positions", "notes.json"], in: Paths.fixtures)
        XCTAssertEqual(yaml.status, 0, yaml.stderr)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertGreaterThan(yaml.stdout.split(separator: "\n").count, 100)
        XCTAssertEqual(yaml.stdout, json.stdout, Golden.lineDiff(expected: yaml.stdout, actual: json.stdout))
    }

    func testExampleManifestValidates() throws {
        for arguments in [["notes.yaml"], ["notes.json"], ["whatsnewkit/notes.json", "--refs", "whatsnewkit/refs.yaml"]] {
            let result = try CommandRunner.run(["validate", "--strict"] + arguments, in: Paths.fixtures)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "", "no diagnostic at all, not even a warning")
        }
    }
}
