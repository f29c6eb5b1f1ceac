import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewDiagnostics
@testable import JSONSchema
@testable import WhatsNewReader

/// Compiling schemas and validating YAML text in tests.
enum SchemaTesting {
    /// The validator for a schema given as JSON text, or a failure with its diagnostics.
    static func validator(_ schema: String, name: String = "schema.json", uri: String = "https://example.com/test/schema.json",
                          file: StaticString = #filePath, line: UInt = #line) -> SchemaValidator? {
        let engine = DiagnosticEngine()
        let validator = SchemaValidator.load(SourceFile(name: name, text: schema), uri: uri, engine: engine)
        if validator == nil {
            XCTFail("schema does not compile:\n" + TextDiagnosticPrinter().render(engine), file: file, line: line)
        }
        return validator
    }

    /// The problems of loading a schema (nil when it compiles).
    static func loadProblems(_ schema: String, name: String = "schema.json") -> [Diagnostic]? {
        let engine = DiagnosticEngine()
        let validator = SchemaValidator.load(SourceFile(name: name, text: schema), uri: "https://example.com/test/" + name, engine: engine)
        return validator == nil ? engine.diagnostics : nil
    }

    /// The diagnostics of validating `instance` (YAML text) as `name`.
    static func diagnostics(_ instance: String, _ validator: SchemaValidator = .builtin, name: String = "input.yaml",
                            role: SchemaRole = .manifest, file: StaticString = #filePath, line: UInt = #line) -> [Diagnostic] {
        let source = SourceFile(name: name, text: instance)
        let document = YAMLParser.parse(source, format: YAMLInputFormat(fileName: name))
        guard document.errors.isEmpty, let root = document.root else {
            XCTFail("instance does not read: \(document.errors.map(\.message))", file: file, line: line)
            return []
        }
        let engine = DiagnosticEngine()
        let valid = validator.validate(root: root, file: source, engine: engine, role: role)
        XCTAssertEqual(valid, engine.diagnostics.isEmpty, "validate's result agrees with its diagnostics", file: file, line: line)
        XCTAssertEqual(validator.isValid(root, role: role), valid, "boolean mode agrees with collecting mode", file: file, line: line)
        return engine.diagnostics
    }

    /// Diagnostics as text without source snippets: `line:column code message` per line.
    static func summary(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            let position = diagnostic.range.map { "\($0.start.line):\($0.start.column)" } ?? "-"
            return "\(position) \(diagnostic.code) \(diagnostic.message)"
        }.joined(separator: "\n")
    }
}
