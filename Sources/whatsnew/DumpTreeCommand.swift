import ArgumentParser
import WhatsNewCore

struct DumpTreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump-tree",
        abstract: "Print the parsed tree of a YAML or JSON file, one node per line with its range.",
        discussion: """
        Example:
          $ whatsnew dump-tree notes.yaml
          mapping (3) [1:1#0-4:1#52]
            ? string plain "app" [1:1#0-1:4#3]
            : mapping (1) [2:3#7-3:1#24]

        Ranges are start-end as line:column#byte-offset. --no-positions leaves out ranges and styles,
        so a YAML file and its JSON twin print the same tree.
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
