import ArgumentParser

@main
struct WhatsNewCommand: ParsableCommand {
    /// The program's name, and the super-command name of each subcommand (see `parseDirectly`).
    static let name = "whatsnew"
    /// What `--version` prints.
    static let version = "0.4.0"

    static let configuration = CommandConfiguration(
        commandName: name,
        abstract: "Compile one manifest of release notes into every format an app publishes.",
        discussion: """
        Reads release notes from one YAML or JSON manifest and writes terminal text, Markdown (a CHANGELOG.md, Keep a Changelog), an HTML page, Atom, RSS and JSON feeds, a GitHub release body, Sparkle appcast descriptions, App Store and Google Play notes for fastlane, WhatsNewKit's JSON, or JSON of its own. A command-line app shows its notes once per version with 'show', and its tips with 'tip'.

        Example:
          $ whatsnew validate notes.yaml
          $ whatsnew compile notes.yaml -o CHANGELOG.md
          $ whatsnew show notes.yaml --current-version 1.2.0    # once, on a terminal
          $ whatsnew schema > whatsnew.schema.json

        Exit codes: 0 success (warnings allowed), 1 the input has errors, 64 a usage error, 74 an input could not be read or an output could not be written.
        """,
        version: version,
        subcommands: [CompileCommand.self, ValidateCommand.self, PreviewCommand.self, ShowCommand.self, TipCommand.self, DumpTreeCommand.self, InitCommand.self, ImportCommand.self, StateCommand.self, SchemaCommand.self, ExplainCommand.self, LSPCommand.self]
    )

    /// Parses and runs the command, as the argument parser's own `main` does, except that a `ValidationError`
    /// thrown from a subcommand's `run()` (a usage error found only once it runs, such as `-o` naming a file for
    /// several formats) ends with that subcommand's usage, as one thrown from `validate()` does, rather than the
    /// root's.
    static func main() {
        var command: any ParsableCommand
        do {
            command = try parseDirectly() ?? parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            Output.standardError(usageError(error.message, of: type(of: command)))
            exit(withError: Output.usageError)
        } catch {
            exit(withError: error)
        }
    }

    /// "Error: MESSAGE", then the usage of `command` and where its help is, exactly as the argument parser
    /// words a usage error found while parsing that command.
    static func usageError(_ message: String, of command: any ParsableCommand.Type) -> String {
        let names = commandNames(of: command).joined(separator: " ")
        let usage = usageString(for: command).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n       ")
        return "Error: \(message)\nUsage: \(usage)\n  See '\(names) --help' for more information.\n"
    }

    /// The names from the root to `command`: ["whatsnew", "state", "list"].
    static func commandNames(of command: any ParsableCommand.Type) -> [String] {
        func path(from parent: any ParsableCommand.Type) -> [String]? {
            let name = parent.configuration.commandName ?? String(describing: parent).lowercased()
            if parent == command { return [name] }
            for child in parent.configuration.subcommands {
                if let rest = path(from: child) { return [name] + rest }
            }
            return nil
        }
        return path(from: self) ?? ["whatsnew"]
    }
}
