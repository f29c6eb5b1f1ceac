import ArgumentParser
import WhatsNewCore

struct DumpTreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump-tree",
        _superCommandName: WhatsNewCommand.name,
        abstract: "Print the parsed tree of a YAML or JSON file, one node per line with its range.",
        usage: "whatsnew dump-tree [<options>] <file>",
        discussion: """
        Example:
          $ whatsnew dump-tree notes.yaml
          mapping (4) [2:1#94-23:1#708]
            ? string plain "app" [2:1#94-2:4#97]
            : mapping (3) [2:6#99-2:81#174]
          …

        Ranges are start-end as line:column#byte-offset. --no-positions leaves out ranges and styles, so a YAML file and its JSON twin print the same tree.
        """
    )

    @Argument(help: "A YAML or JSON file, or '-' for standard input.")
    var file: String

    @Flag(name: .long, inversion: .prefixedNo, help: "Show each node's style and range.")
    var positions = true

    @OptionGroup var input: InputOptions
    @OptionGroup var colorOptions: ColorOptions

    func run() throws {
        let engine = input.makeEngine()
        let tree: String?
        do {
            tree = try Compiler(readOptions: input.readOptions).dumpTree(file, positions: positions, engine: engine)
        } catch {
            throw Output.fail(error)
        }
        let printer = TextDiagnosticPrinter(useColor: colorOptions.useColor(for: 2))
        Output.standardError(printer.render(engine))
        guard let tree else { throw Output.inputErrors }
        Output.standardOutput(tree)
    }
}
