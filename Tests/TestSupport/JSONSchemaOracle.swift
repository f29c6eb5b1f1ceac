import Foundation

/// Python's `jsonschema` (Draft202012Validator), asked through Tests/Scripts/schema_agreement.py, as an
/// independent judge of what is valid.
public enum JSONSchemaOracle {
    public struct Case: Sendable {
        public let schema: String
        public let instance: String

        public init(schema: String, instance: String) {
            self.schema = schema
            self.instance = instance
        }
    }

    public struct Verdicts: Sendable {
        public let files: [Bool]
        public let cases: [Bool]
    }

    /// The verdicts for `files` (YAML or JSON, against `schemaFile`) and for `cases`, or nil when
    /// python3, PyYAML or jsonschema is not installed.
    public static func verdicts(schemaFile: URL? = nil, files: [URL] = [], cases: [Case] = []) throws -> Verdicts? {
        let request: [String: Any] = [
            "schemaFile": schemaFile?.path ?? "",
            "files": files.map(\.path),
            "cases": cases.map { ["schema": $0.schema, "instance": $0.instance] },
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Paths.repositoryRoot.appendingPathComponent("Tests/Scripts/schema_agreement.py").path]
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        do {
            try process.run()
        } catch {
            return nil
        }
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        // 127: no python3; 3: PyYAML or jsonschema missing.
        if process.terminationStatus == 127 || process.terminationStatus == 3 { return nil }
        guard process.terminationStatus == 0,
              let object = try JSONSerialization.jsonObject(with: data) as? [String: [Bool]] else {
            throw OracleError(message: String(decoding: errorData, as: UTF8.self))
        }
        return Verdicts(files: object["files"] ?? [], cases: object["cases"] ?? [])
    }

    public struct OracleError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { "schema_agreement.py failed: \(message)" }
    }
}
