import ArgumentParser
import WhatsNewCore

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check manifests and report every problem at file:line:column.",
        discussion: """
        Example:
          $ whatsnew validate notes.yaml
          notes.yaml:14:16: error: malformed YAML: found character that cannot start any token [yaml-syntax]

          notes.yaml:9:7: error: unknown key 'subtilte' in item 1 of 'features'; did you mean 'subtitle'? [schema-additionalProperties]

        Every input is checked against the built-in JSON Schema (print it with 'whatsnew schema'), or
        against --schema FILE, a draft 2020-12 schema of your own that may '$ref' the built-in one by its
        $id, https://whatsnew.dev/schemas/whatsnew.schema.json.

        Exit codes: 0 no errors (warnings allowed), 1 errors found (in the inputs or in the --schema
        file), 64 usage error, 74 unreadable input or schema file.
        """
    )

    @Argument(help: "Manifest files, directories of fragments, or '-' for standard input.")
    var inputs: [String]

    @OptionGroup var input: InputOptions
    @OptionGroup var colorOptions: ColorOptions

    @Option(name: .long, help: ArgumentHelp("Check against this JSON Schema (draft 2020-12) instead of the built-in one.",
                                            valueName: "file"))
    var schema: String?

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        let engine = DiagnosticEngine(strict: strict)
        let printer = TextDiagnosticPrinter(useColor: colorOptions.useColor(for: 2))
        do {
            var custom: SchemaValidator?
            if let schema {
                custom = try Compiler.loadSchema(schema, engine: engine)
                guard custom != nil else {
                    Output.standardError(printer.render(engine))
                    throw Output.inputErrors
                }
            }
            // The built-in schema is compiled only when no other is given.
            try Compiler(readOptions: input.readOptions, schema: custom ?? .builtin).validate(inputs, engine: engine)
        } catch let error as IOError {
            throw Output.fail(error)
        }
        Output.standardError(printer.render(engine))
        if engine.hasErrors { throw Output.inputErrors }
    }
}
