import Foundation
import TestSupport
import XCTest
import YAMLTree
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import JSONSchema
@testable import WhatsNewReader

/// Issue 28: the built-in schema is compiled when the package is built (`BuiltinSchema+Compiled.swift`, written
/// by `make schema-source`), and what a run makes of that file is exactly what compiling the schema's text makes.
final class BuiltinSchemaCompiledTests: XCTestCase {
    private static let generatedFile = Paths.repositoryRoot.appendingPathComponent("Sources/WhatsNewReader/Schema/BuiltinSchema+Compiled.swift")

    /// The checked-in file holds the nodes a fresh compilation of the schema's text makes, written by the
    /// generator's code (so it is stale as soon as the schema, or the compiler, changes).
    func testTheGeneratedFileIsWhatCompilingTheSchemaWrites() throws {
        let written = try String(contentsOf: Self.generatedFile, encoding: .utf8)
        let body = try XCTUnwrap(SchemaValidator.compilingBuiltin().swiftSource(file: "file", indent: "        "))
        XCTAssertTrue(written.contains("static func compiled(in file: SourceFile) -> SchemaValidator {\n" + body + "\n    }\n}\n"),
                      "BuiltinSchema+Compiled.swift is out of date; run 'make schema-source'")
    }

    /// The prebuilt nodes are the compiled ones, every stored property of every node (found by reflection, so a
    /// property the generator forgets to write fails here), the anchors and the root included.
    func testTheBuiltinNodesAreTheCompiledNodes() {
        let prebuilt = SchemaValidator.builtin
        let compiled = SchemaValidator.compilingBuiltin()
        XCTAssertEqual(prebuilt.nodes.count, compiled.nodes.count)
        XCTAssertGreaterThan(compiled.nodes.count, 200)
        for (index, (left, right)) in zip(prebuilt.nodes, compiled.nodes).enumerated() {
            XCTAssertEqual(Self.dump(left), Self.dump(right), "node \(index)")
        }
        XCTAssertEqual(Self.dump(prebuilt.entries), Self.dump(compiled.entries))
        XCTAssertEqual(prebuilt.root, compiled.root)
        for role in SchemaRole.allCases {
            XCTAssertEqual(prebuilt.entry(anchor: role.anchor), compiled.entry(anchor: role.anchor), role.rawValue)
        }
        // The dump sees what it must: the keywords the schema uses, with their places in its text.
        let all = prebuilt.nodes.map(Self.dump).joined(separator: "\n")
        for keyword in ["pattern: regex(", "patternRange: (", "refRange: (", "enumValues: [", "propertyTable: (", "title: \""] {
            XCTAssertTrue(all.contains(keyword), keyword)
        }
    }

    /// Every fixture the schema checks gets the same diagnostics, byte for byte, from both forms.
    func testEveryFixtureGetsTheSameDiagnosticsFromBothForms() throws {
        let prebuilt = SchemaValidator.builtin
        let compiled = SchemaValidator.compilingBuiltin()
        var checked = 0
        var failing = 0
        for url in try Self.fixtureInputs() {
            let file = SourceFile(name: Paths.relative(url), contents: Array(try Data(contentsOf: url)))
            let document = YAMLParser.parse(file, format: YAMLInputFormat(fileName: url.lastPathComponent))
            guard let root = document.root, document.errors.isEmpty else { continue }
            for role in SchemaRole.allCases {
                let (left, right) = (DiagnosticEngine(), DiagnosticEngine())
                let valid = prebuilt.validate(root: root, file: file, engine: left, role: role)
                XCTAssertEqual(valid, compiled.validate(root: root, file: file, engine: right, role: role), Paths.relative(url))
                XCTAssertEqual(TextDiagnosticPrinter().render(left), TextDiagnosticPrinter().render(right), Paths.relative(url))
                checked += 1
                if !valid { failing += 1 }
            }
        }
        XCTAssertGreaterThan(checked, 100)
        XCTAssertGreaterThan(failing, 50)
    }

    /// The YAML and JSON inputs under Fixtures/.
    private static func fixtureInputs() throws -> [URL] {
        let root = Paths.fixtures
        let names = try XCTUnwrap(FileManager.default.subpaths(atPath: root.path)).sorted()
        return names.filter { [".yaml", ".yml", ".json"].contains(where: $0.hasSuffix) }.map { root.appendingPathComponent($0) }
    }

    /// A value as text, for comparing two graphs: regexes by their source and what it compiles to (not their
    /// automata, which grow as they are used), source files by name and text, dictionaries in key order,
    /// everything else by its stored properties.
    private static func dump(_ value: Any) -> String {
        if let regex = value as? ECMARegex {
            return "regex(\(String(reflecting: regex.source)), anchored: \(regex.anchoredAtStart), program: \(dump(regex.program)), sets: \(dump(regex.sets)))"
        }
        if let file = value as? SourceFile { return "file(\(file.name), \(file.bytes.count) bytes, hash \(file.bytes.hashValue))" }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { dump($0.value) } ?? "nil"
        case .dictionary:
            return "[" + mirror.children.map { dump($0.value) }.sorted().joined(separator: ", ") + "]"
        case .collection, .set:
            return "[" + mirror.children.map { dump($0.value) }.joined(separator: ", ") + "]"
        case .class, .struct, .tuple, .enum:
            guard !mirror.children.isEmpty else { return String(reflecting: value) }
            let fields = mirror.children.map { child in (child.label.map { "\($0): " } ?? "") + dump(child.value) }
            return (mirror.displayStyle == .enum ? String(describing: value).prefix { $0 != "(" } : "") + "(" + fields.joined(separator: ", ") + ")"
        default:
            return String(reflecting: value)
        }
    }
}
