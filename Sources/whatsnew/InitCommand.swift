import ArgumentParser
import WhatsNewCore

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        _superCommandName: WhatsNewCommand.name,
        abstract: "Write a starter manifest that validates cleanly; never overwrites a file.",
        discussion: """
        Example:
          $ mkdir trails && cd trails
          $ whatsnew init
          created notes.yaml; check it with: whatsnew validate notes.yaml
          $ whatsnew validate notes.yaml
          $ whatsnew init
          whatsnew: error: 'notes.yaml' exists; init writes only new files
          $ whatsnew init - > starter.yaml       # prints the starter manifest instead

        The path may also be an existing directory, for notes.yaml in it. The manifest has an app, defaults, one image, one primary and one secondary action, and one version with two features: edit it from there. Its first line names the schema, so editors with the YAML language server complete keys and show their documentation:
          $schema=\(StarterManifest.schemaURL)

        Exit codes: 0 written, 1 the file already exists, 74 it could not be written.
        """
    )

    @Argument(help: "The file to create, an existing directory to create notes.yaml in, or '-' for standard output.")
    var path: String = StarterManifest.defaultFileName

    func run() throws {
        let bytes = Array(StarterManifest.text.utf8)
        if path == "-" {
            Output.standardOutput(StarterManifest.text)
            return
        }
        var target = path
        if FileSystem.kind(of: target) == .directory {
            target = (target.hasSuffix("/") ? target : target + "/") + StarterManifest.defaultFileName
        }
        let created: Bool
        do {
            created = try FileSystem.createAtomically(bytes, at: target)
        } catch {
            throw Output.fail(error)
        }
        let name = TerminalSafeText.visible(target)
        guard created else {
            Output.standardError("whatsnew: error: '\(name)' exists; init writes only new files\n")
            throw Output.inputErrors
        }
        Output.standardOutput("created \(name); check it with: whatsnew validate \(name)\n")
    }
}
