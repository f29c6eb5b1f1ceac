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

        Exit codes: 0 no errors (warnings allowed), 1 errors found, 64 usage error, 74 unreadable input.
        """
    )

    @Argument(help: "Manifest files, directories of fragments, or '-' for standard input.")
    var inputs: [String]

    @OptionGroup var input: InputOptions
    @OptionGroup var colorOptions: ColorOptions

    @Option(name: .long, help: "A YAML/JSON file of registries (images, primaryActions, secondaryActions) the inputs may refer to; repeatable.")
    var refs: [String] = []

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        let engine = DiagnosticEngine(strict: strict)
        do {
            var compiler = Compiler(readOptions: input.readOptions, referenceFiles: refs)
            compiler.leavesMemoryForExit = true  // validate exits right after
            try compiler.validate(inputs, engine: engine)
        } catch {
            throw Output.fail(error)
        }
        let printer = TextDiagnosticPrinter(useColor: colorOptions.useColor(for: 2))
        Output.standardError(printer.render(engine))
        if engine.hasErrors { throw Output.inputErrors }
    }
}
