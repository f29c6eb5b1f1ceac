import Foundation
import TestSupport
import XCTest

/// `compile --format json` output is valid against its own schema, `Schemas/whatsnew-output.schema.json`.
final class JSONOutputSchemaTests: XCTestCase {
    func testJSONOutputsMatchTheOutputSchema() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [URL] = []
        let runs: [(String, [String])] = [
            ("notes", ["compile", "notes.yaml", "--format", "json"]),
            ("notes-de-ios", ["compile", "notes.yaml", "--format", "json", "--locale", "de", "--platform", "ios"]),
            ("whatsnewkit", ["compile", "whatsnewkit/notes.json", "--refs", "whatsnewkit/refs.yaml", "--format", "json"]),
            ("hostile", ["compile", "hostile/notes.json", "--format", "json"]),
            ("app-icon", ["compile", "compile/app-icon-json/input.yaml", "--format", "json"]),
        ]
        for (name, arguments) in runs {
            let result = try CommandRunner.run(arguments, in: Paths.fixtures)
            XCTAssertEqual(result.status, 0, result.stderr)
            let file = directory.appendingPathComponent(name + ".json")
            try Data(result.stdout.utf8).write(to: file)
            files.append(file)
        }
        try SchemaValidator.assertValid(files, against: Paths.repositoryRoot.appendingPathComponent("Schemas/whatsnew-output.schema.json"))
    }
}
