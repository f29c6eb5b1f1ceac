import Foundation
import TestSupport
import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import JSONSchema

/// Every case of the official JSON Schema Test Suite for draft 2020-12 (all of `tests/draft2020-12/`
/// but `optional/`, and the optional files `optionalFiles` names; vendored in
/// `Tests/Resources/JSON-Schema-Test-Suite/`) through the path of
/// `whatsnew validate --schema`: the group's schema compiled by `SchemaValidator.load`, each instance
/// read as a JSON document and validated, in collecting and in boolean mode. The suite's remote schemas
/// (`http://localhost:1234/…`) are compiled beside the schema from the vendored `remotes/`; nothing is
/// fetched.
final class JSONSchemaTestSuiteTests: XCTestCase {
    static let suite = Paths.repositoryRoot.appendingPathComponent("Tests/Resources/JSON-Schema-Test-Suite")

    /// Groups not run, as "file: group description", with the reason. Empty: every group runs.
    static let skippedGroups: [String: String] = [:]

    /// One case of the suite.
    struct Case {
        let file: String
        let group: String
        let schema: String
        let description: String
        let data: String
        let valid: Bool
    }

    func testEveryDraft202012Case() throws {
        let documents = try Self.remotes()
        XCTAssertGreaterThan(documents.count, 20, "the vendored remotes are missing")
        let groups = try Self.groups()
        XCTAssertGreaterThan(groups.count, 300, "the vendored tests are missing")
        var passed = 0
        var failed: [String] = []
        var skipped = 0
        var skippedSeen: Set<String> = []
        for group in groups {
            let name = "\(group[0].file): \(group[0].group)"
            if Self.skippedGroups[name] != nil {
                skipped += group.count
                skippedSeen.insert(name)
                continue
            }
            let engine = DiagnosticEngine()
            let schemaFile = SourceFile(name: group[0].file, text: group[0].schema)
            let uri = "file:///json-schema-test-suite/tests/draft2020-12/" + group[0].file
            guard let validator = JSONSchema.SchemaValidator.load(schemaFile, uri: uri, engine: engine, documents: documents) else {
                let problems = engine.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "; ")
                failed += group.map { "\(name) / \($0.description): the schema does not compile: \(problems)" }
                continue
            }
            for testCase in group {
                let instance = SourceFile(name: "instance.json", text: testCase.data)
                let document = YAMLParser.parse(instance, format: .json)
                guard document.errors.isEmpty, let root = document.root else {
                    failed.append("\(name) / \(testCase.description): the instance does not read")
                    continue
                }
                let caseEngine = DiagnosticEngine()
                let valid = validator.validate(root: root, file: instance, engine: caseEngine)
                let booleanValid = validator.isValid(root)
                if valid == testCase.valid, booleanValid == valid, valid == caseEngine.diagnostics.isEmpty {
                    passed += 1
                } else {
                    let found = caseEngine.diagnostics.map { "\($0.code) \($0.message)" }.joined(separator: "; ")
                    failed.append("\(name) / \(testCase.description): expected \(testCase.valid ? "valid" : "invalid"), found \(valid ? "valid" : "invalid") (boolean mode: \(booleanValid)) \(found)")
                }
            }
        }
        XCTAssertEqual(skippedSeen, Set(Self.skippedGroups.keys), "a skipped group is not in the suite any more")
        print("JSON Schema Test Suite draft 2020-12: \(passed) passed, \(skipped) skipped, \(failed.count) failed")
        for failure in failed { XCTFail(failure) }
        XCTAssertGreaterThan(passed, 1000)
    }

    /// The files whose cases also run through the built binary, `whatsnew validate --schema`: the new
    /// keywords and the number rules. Groups that refer to the suite's remotes are left out (the binary
    /// fetches nothing).
    static let endToEndFiles: Set<String> = ["unevaluatedProperties.json", "unevaluatedItems.json", "dynamicRef.json", "multipleOf.json",
                                                  "pattern.json", "patternProperties.json"]

    /// Each case of `endToEndFiles` through the binary. `validate` also decodes the instance as a manifest,
    /// which the suite's instances are not, and leaves out a schema diagnostic where the decoder already
    /// reported one (the root, a key). So each instance is the value of a key `x`, which the decoder
    /// reports once at the key, and the group's schema is applied to that value: it is embedded as a
    /// resource of its own (with an `$id` when it has none, so that its `#` references stay its own).
    /// The case's verdict is whether the binary printed a `schema-*` diagnostic.
    func testASampleOfTheSuiteThroughTheBinary() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schemaPath = directory.appendingPathComponent("schema.json").path
        let instancePath = directory.appendingPathComponent("instance.json").path
        var passed = 0
        var failed: [String] = []
        for group in try Self.groups() where Self.endToEndFiles.contains(group[0].file) && !group[0].schema.contains("localhost:1234") {
            var schema = group[0].schema
            let parsed = YAMLParser.parse(SourceFile(name: "schema.json", text: schema), format: .json).root
            if parsed?.mapping != nil, parsed?["$id"] == nil, let brace = schema.firstIndex(of: "{") {
                schema.insert(contentsOf: #""$id": "https://json-schema-test-suite.example/case.json","#, at: schema.index(after: brace))
            }
            let wrapper = ##"{"$defs": {"case": \##(schema)}, "properties": {"x": {"$ref": "#/$defs/case"}}}"##
            try wrapper.write(toFile: schemaPath, atomically: true, encoding: .utf8)
            for testCase in group {
                try "{\"x\": \(testCase.data)}\n".write(toFile: instancePath, atomically: true, encoding: .utf8)
                let result = try CommandRunner.run(["validate", instancePath, "--schema", schemaPath, "--diagnostics", "json"])
                let printed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [[String: Any]], result.stderr)
                let codes = printed.compactMap { $0["code"] as? String }
                let schemaCodes = codes.filter { $0.hasPrefix("schema-") }
                // The decoder's own findings about the wrapping, and nothing else: `x` is not a manifest key.
                let decoderCodes = Set(codes.filter { !$0.hasPrefix("schema-") })
                if schemaCodes.isEmpty == testCase.valid, decoderCodes == ["no-versions", "unknown-key"] {
                    passed += 1
                } else {
                    failed.append("\(testCase.file): \(testCase.group) / \(testCase.description): expected \(testCase.valid ? "valid" : "invalid"), found \(codes)")
                }
            }
        }
        print("JSON Schema Test Suite through the binary (\(Self.endToEndFiles.sorted().joined(separator: ", "))): \(passed) passed, \(failed.count) failed")
        for failure in failed { XCTFail(failure) }
        XCTAssertGreaterThan(passed, 150)
    }

    /// The files of `optional/` that run too: what ECMA-262 regexes mean in `pattern` and
    /// `patternProperties` (ASCII `\d` and `\w`, `\p{…}`, scalars beyond the BMP), big and overflowing
    /// numbers, and the optional cases of `$anchor`, `$id`, `$dynamicRef` and a missing `$schema`. The rest
    /// of `optional/` is not vendored (Tests/Resources/README.md says why): `format` assertions, which draft
    /// 2020-12 leaves off; keywords 2020-12 does not define (`dependencies`, arbitrary ones), which whatsnew
    /// rejects by design; a reference to a draft 2019-09 schema.
    static let optionalFiles = ["anchor.json", "bignum.json", "dynamicRef.json", "ecmascript-regex.json", "float-overflow.json",
                                "id.json", "no-schema.json", "non-bmp-regex.json"].map { "optional/" + $0 }

    /// The cases of every test file, by group, in file order.
    static func groups() throws -> [[Case]] {
        let directory = suite.appendingPathComponent("tests/draft2020-12")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
            + optionalFiles
        var groups: [[Case]] = []
        for name in names {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
            let file = SourceFile(name: name, contents: bytes)
            let document = YAMLParser.parse(file, format: .json)
            guard document.errors.isEmpty, let items = document.root?.sequence else {
                XCTFail("\(name) does not read as a JSON array")
                continue
            }
            func text(_ node: YAMLNode) -> String {
                String(decoding: bytes[node.range.start.offset..<node.range.end.offset], as: UTF8.self)
            }
            for group in items {
                guard let schema = group["schema"], let tests = group["tests"]?.sequence,
                      let description = group["description"]?.scalar?.text else {
                    XCTFail("\(name): a group without schema, tests or description")
                    continue
                }
                groups.append(tests.compactMap { test in
                    guard let data = test["data"], let valid = test["valid"]?.scalar?.boolValue else { return nil }
                    return Case(file: name, group: description, schema: text(schema),
                                description: test["description"]?.scalar?.text ?? "?", data: text(data), valid: valid)
                })
            }
        }
        return groups
    }

    /// The suite's remote schemas, each at the URI the suite serves it from.
    static func remotes() throws -> [JSONSchema.SchemaValidator.Document] {
        let directory = suite.appendingPathComponent("remotes")
        guard let paths = FileManager.default.subpaths(atPath: directory.path) else { return [] }
        return try paths.filter { $0.hasSuffix(".json") }.sorted().map { path in
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(path)))
            return JSONSchema.SchemaValidator.Document(file: SourceFile(name: "remotes/" + path, contents: bytes),
                                            uri: "http://localhost:1234/" + path)
        }
    }
}
