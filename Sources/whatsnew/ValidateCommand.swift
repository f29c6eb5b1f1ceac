import ArgumentParser
import WhatsNewCore
import JSONSchema

extension StoreLint: ExpressibleByArgument {}

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        _superCommandName: WhatsNewCommand.name,
        abstract: "Check manifests and report every problem at file:line:column.",
        discussion: """
        Example:
          $ whatsnew validate notes.json
          notes.json:3:25: error: trailing comma is not allowed in JSON [json-syntax]
            |
          3 |     {"version": "1.0.0"},
            |                         ^
             = fix: remove the ',' before ']'
          1 error generated.
          $ whatsnew validate notes.yaml --strict --diagnostics github
          $ whatsnew validate notes.yaml --diagnostics sarif 2> whatsnew.sarif

        Every input is checked against the built-in JSON Schema (print it with 'whatsnew schema'), or against --schema FILE, a draft 2020-12 schema of your own that may '$ref' the built-in one by its $id, https://whatsnew.dev/schemas/whatsnew.schema.json.

        Diagnostics go to standard error in every format (2> keeps them in a file); standard output stays empty. --diagnostics picks the format:
          text    the compiler style above, colored on a terminal (see --color)
          json    a JSON array, one object per line
          github  GitHub Actions workflow commands: annotations on the file and line
          sarif   a SARIF 2.1.0 log, for code scanning

        A JSON diagnostic has code, severity, message, file, line, column, endLine, endColumn, path (a JSON Pointer), notes and fix (null when absent). Lines and columns are 1-based and count Unicode scalars; endColumn is the column just past the range. An input that cannot be read is an 'io-error' diagnostic in json, github and sarif, so they stay parseable.

        Exit codes: 0 no errors (warnings allowed), 1 errors found (in the inputs or in the --schema file), 64 a usage error, 74 an unreadable input or schema file.
        """
    )

    @Argument(help: "Manifest files, directories of fragments, or '-' for standard input.")
    var inputs: [String]

    @OptionGroup var input: InputOptions
    @OptionGroup var assets: AssetOptions
    @OptionGroup var diagnosticsOptions: DiagnosticsOptions
    @OptionGroup var colorOptions: ColorOptions

    @Option(name: .long, help: "A YAML/JSON file of registries (images, primaryActions, secondaryActions) the inputs may refer to; repeatable.")
    var refs: [String] = []

    @Option(name: .long, help: "Check a store's limit on release notes: appstore (4000 characters) or playstore (500); repeatable.")
    var lint: [StoreLint] = []

    @Option(name: .long, help: ArgumentHelp("Check against this JSON Schema (draft 2020-12) instead of the built-in one.",
                                            valueName: "file"))
    var schema: String?

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        let engine = input.makeEngine(strict: strict)
        do {
            var custom: SchemaValidator?
            if let schema {
                custom = try Compiler.loadSchema(schema, engine: engine)
                guard custom != nil else {
                    Output.standardError(diagnosticsOptions.render(engine, useColor: colorOptions.useColor(for: 2)))
                    throw Output.inputErrors
                }
            }
            // The built-in schema is compiled only when no other is given.
            var compiler = Compiler(readOptions: assets.applied(to: input.readOptions), referenceFiles: refs, lints: lint, schema: custom)
            compiler.leavesMemoryForExit = Terminal.leavesMemoryForExit
            compiler.addsPointers = diagnosticsOptions.printsPointers
            try compiler.validate(inputs, engine: engine)
        } catch let error as IOError {
            guard diagnosticsOptions.diagnostics != .text else { throw Output.fail(error) }
            engine.report(Diagnostic(error))
            Output.standardError(diagnosticsOptions.render(engine, useColor: false))
            throw Output.ioError
        }
        Output.standardError(diagnosticsOptions.render(engine, useColor: colorOptions.useColor(for: 2)))
        if engine.hasErrors { throw Output.inputErrors }
    }
}
