import ArgumentParser
import WhatsNewCore

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        _superCommandName: WhatsNewCommand.name,
        abstract: "Print the built-in JSON Schema of manifests (draft 2020-12).",
        discussion: """
        Example:
          $ whatsnew schema > whatsnew.schema.json
          $ head -3 whatsnew.schema.json
          {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://whatsnew.dev/schemas/whatsnew.schema.json",

        The output is byte for byte the schema whatsnew evaluates. Point an editor at it for completion and hover docs: put '# yaml-language-server: $schema=whatsnew.schema.json' on the first line of a YAML manifest, or "$schema" in a JSON one.
        """
    )

    func run() throws {
        Output.standardOutput(BuiltinSchema.text)
    }
}
