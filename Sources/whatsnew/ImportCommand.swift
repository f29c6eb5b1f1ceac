import ArgumentParser
import WhatsNewCore
import YAMLTree
import SourceText

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        _superCommandName: WhatsNewCommand.name,
        abstract: "Read a Keep a Changelog file into a manifest.",
        usage: "whatsnew import [<options>] <changelog>",
        discussion: """
        Example:
          $ whatsnew import CHANGELOG.md -o trails.yaml
          $ whatsnew validate trails.yaml
          $ whatsnew compile trails.yaml -o CHANGES.md --markdown-style keepachangelog

        Each release heading becomes a version, as projects write them ('## [1.2.0] - 2026-11-01', '# v1.2.0 (November 1, 2026)', '### 1.2.0rc1 / 2026-10-20', 'name@1.2.0'; a heading such as '[Unreleased]' or 'master' one marked 'unreleased: true', '[YANKED]' one 'yanked: true'); a version that is not SemVer is mapped to one and kept as written in its 'tag'; two headings of one version are merged. Each bullet becomes a feature whose 'kind' its section names ('### Added', 'Fixes', 'Bug Fixes:', '🐛 Bug Fixes', …), and the heading links 'app.repository' (and 'app.tagPrefix') when every version had one. What has no place in a manifest is a warning over its lines in the Markdown file, and its text is kept where it can be.

        Exit codes: 0 written (warnings allowed), 1 no release heading found (or a warning under --strict), 64 a usage error, 74 an unreadable changelog or unwritable output.
        """
    )

    @Argument(help: "The Keep a Changelog file (Markdown), or '-' for standard input.")
    var changelog: String

    @Option(name: .shortAndLong, help: "The manifest to write ('-': standard output, the default).")
    var output: String = "-"

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: .long, help: "Replace an output file that is read-only.")
    var force = false

    @OptionGroup var input: InputOptions
    @OptionGroup var diagnosticsOptions: DiagnosticsOptions
    @OptionGroup var colorOptions: ColorOptions

    func run() throws {
        if let usage = Output.outputOverwritingAnInput([output], inputs: [changelog], otherFiles: []) { throw usage }
        let engine = input.makeEngine(strict: strict)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(changelog, limit: input.maxInputBytes)
        } catch {
            throw Output.fail(error)
        }
        guard bytes.count <= input.maxInputBytes else {
            Output.standardError("whatsnew: error: '\(TerminalSafeText.visible(changelog))' is larger than --max-input-bytes (\(input.maxInputBytes) bytes)\n")
            throw Output.inputErrors
        }
        let name = changelog == "-" ? (input.assumeFilename ?? "<stdin>") : changelog
        let imported = ChangelogImporter().read(SourceFile(name: name, contents: bytes), engine: engine)
        Output.standardError(diagnosticsOptions.render(engine, useColor: colorOptions.useColor(for: 2)))
        guard let imported, !engine.hasErrors else { throw Output.inputErrors }
        if output == "-" {
            Output.standardOutput(imported.yaml)
            return
        }
        do {
            try FileSystem.createMissingDirectories(toward: output)
            try FileSystem.writeAtomically(Array(imported.yaml.utf8), to: output, force: force)
        } catch {
            throw Output.fail(error)
        }
    }
}
