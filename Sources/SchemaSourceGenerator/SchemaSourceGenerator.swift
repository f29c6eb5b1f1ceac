#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSONSchema
import SourceText
import WhatsNewDiagnostics

/// `make schema-source`'s second half (run by Scripts/generate-builtin-schema.sh): compiles the schema on
/// standard input with `SchemaCompiler`, as a run would, and prints the Swift source of the nodes it made,
/// so that a run can make them without compiling (`SchemaValidator.swiftSource`).
///
/// Usage: `SchemaSourceGenerator NAME URI [ANCHOR…] < schema.json`: the schema is compiled as a `SourceFile`
/// named NAME (whose extension picks JSON or YAML), with URI as its retrieval URI, and ANCHOR… the
/// `$anchor`s whose subschemas inputs are checked against. Depends on nothing the generated file is in,
/// so it still builds when that file no longer compiles.
@main
enum SchemaSourceGenerator {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2 else { fail("usage: SchemaSourceGenerator NAME URI [ANCHOR...] < schema.json") }
        var text = ""
        while let line = readLine(strippingNewline: false) { text += line }
        let file = SourceFile(name: arguments[0], text: text)
        let engine = DiagnosticEngine()
        guard let validator = SchemaValidator.load(file, uri: arguments[1], engine: engine, documents: [],
                                                   anchors: Array(arguments.dropFirst(2))) else {
            fail(engine.diagnostics.map { "\($0.range.map { "\($0.start)" } ?? "-"): \($0.message)" }.joined(separator: "\n"))
        }
        guard let source = validator.swiftSource(file: "file", indent: "        ") else {
            fail("the schema's nodes come from more than one document; only a self-contained schema can be written out")
        }
        print(source)
    }

    private static func fail(_ message: String) -> Never {
        let line = "SchemaSourceGenerator: \(message)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        exit(1)
    }
}
