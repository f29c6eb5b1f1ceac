import Foundation
import XCTest

/// Validates files against a JSON Schema with Python's `jsonschema`, through
/// `Tests/Scripts/validate_against_schema.py` (which also knows how whatsnew reads YAML).
public enum SchemaValidator {
    /// The vendored SARIF 2.1.0 schema (see `Tests/Resources/README.md`).
    public static var sarifSchema: URL { Paths.repositoryRoot.appendingPathComponent("Tests/Resources/sarif-schema-2.1.0.json") }
    /// whatsnew's own schema.
    public static var manifestSchema: URL { Paths.repositoryRoot.appendingPathComponent("Schemas/whatsnew.schema.json") }

    /// Fails the test, with every problem the validator printed, unless each file is valid; `hygiene`
    /// also runs check_schema.py's fixture hygiene (references resolve, every registry entry is used).
    public static func assertValid(_ files: [URL], against schema: URL, hygiene: Bool = false,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        guard let python = CommandRunner.which("python3") else {
            XCTFail("python3 is needed to validate against \(schema.lastPathComponent); install python3, python3-jsonschema and python3-yaml",
                    file: file, line: line)
            return
        }
        let script = Paths.repositoryRoot.appendingPathComponent("Tests/Scripts/validate_against_schema.py")
        let arguments = [script.path] + (hygiene ? ["--hygiene"] : []) + [schema.path] + files.map(\.path)
        let result = try CommandRunner.run(executable: python, arguments)
        XCTAssertEqual(result.status, 0, "schema validation failed:\n\(result.stdout)\(result.stderr)", file: file, line: line)
    }
}
