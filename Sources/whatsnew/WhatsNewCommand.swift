import ArgumentParser

@main
struct WhatsNewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whatsnew",
        abstract: "Compile one manifest of release notes into terminal text, Markdown, HTML and JSON.",
        discussion: """
        Example:
          whatsnew validate notes.yaml
          whatsnew dump-tree notes.yaml
          whatsnew schema > whatsnew.schema.json

        Exit codes: 0 success (warnings allowed), 1 the input has errors, 64 usage error,
        74 an input could not be read or an output could not be written.
        """,
        version: "0.1.0",
        subcommands: [CompileCommand.self, ValidateCommand.self, ShowCommand.self, DumpTreeCommand.self, InitCommand.self, StateCommand.self, SchemaCommand.self]
    )
}
