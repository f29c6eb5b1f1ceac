import ArgumentParser
import WhatsNewCore
import YAMLTree
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SourceText

extension OutputFormat: ExpressibleByArgument {}
extension HTMLEmitter.Page: ExpressibleByArgument {}
extension MarkdownStyle: ExpressibleByArgument {}

struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        _superCommandName: WhatsNewCommand.name,
        abstract: "Compile manifests into terminal text, Markdown, HTML, feeds, JSON and more.",
        discussion: """
        Example:
          $ whatsnew compile notes.yaml --release 1.2.0 --format markdown
          ## 1.2.0 — What's New (2026-11-01)

          - **Offline maps** — Download a region.
          $ whatsnew compile notes.yaml -o CHANGELOG.md          # the format from .md
          $ whatsnew compile notes.yaml --format html --format atom -o site/
          $ whatsnew compile notes.yaml --release 1.2.0 --locale de -o whats-new.html
          $ whatsnew compile notes.yaml --release latest --format fastlane -o fastlane/
          $ whatsnew compile notes.yaml --into appcast.xml    # fill in its notes

        Without -o the notes go to standard output, as terminal text unless --format says otherwise. With -o FILE the format is the one its extension names (.txt, .md, .html, .json, .atom or .rss); -o DIRECTORY takes several --format, a file each. --template renders a Mustache template of your own instead (see Templates/).

        Outputs are written atomically, and nothing is written when the manifest has errors. A new file gets 0666 less the umask; a replaced one keeps its mode and owner (a read-only one needs --force). The directories -o and --refs-out name are created when missing, as by mkdir -p. An output that is one of the inputs is a usage error.

        Exit codes: 0 success, 1 the input has errors, 64 a usage error, 74 an I/O error.
        """
    )

    @Argument(help: "Manifest files, directories of fragments, or '-' for standard input.")
    var inputs: [String]

    @Option(name: .long, help: "ansi, markdown, html, json, whatsnewkit-json, release-body, atom, jsonfeed, rss, appcast or fastlane; repeat it with '-o DIRECTORY'.")
    var format: [OutputFormat] = []

    @Option(name: .shortAndLong, help: "The output file, or a directory for several formats ('-': standard output).")
    var output: String?

    @Option(name: .long, help: "Only this version; 'latest' is the newest that is not a pre-release, 'latest-prerelease' the newest.")
    var release: String?

    @Option(name: .long, help: "Only the versions newer than this one.")
    var since: String?

    @Option(name: .long, help: "The locale of the texts, e.g. de or zh-Hans; 'all' writes a file per locale of the manifest into -o.")
    var locale: String?

    @Option(name: .long, help: "Only the features of this platform, e.g. ios.")
    var platform: String?

    @Option(name: .long, help: "The HTML page: changelog (every version) or showcase (one version, as WhatsNewKit shows it).")
    var page: HTMLEmitter.Page?

    @Option(name: .long, help: "The layout of --format markdown: default, or keepachangelog (Keep a Changelog 1.1.0: [Unreleased], ### Added… groups, compare links).")
    var markdownStyle: MarkdownStyle?

    @Option(name: .long, help: "A Mustache template that renders the output instead of the built-in format (see Templates/).")
    var template: String?

    @Option(name: .long, help: "A YAML/JSON file of registries the inputs may refer to; repeatable.")
    var refs: [String] = []

    @Option(name: .long, help: "The terminal width in columns, 20 to 1000 (default: the terminal's, else COLUMNS, else 80).")
    var width: Int?

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Flag(name: .long, help: "Replace an output file that is read-only.")
    var force = false

    @OptionGroup var whatsNewKit: WhatsNewKitOptions
    @OptionGroup var input: InputOptions
    @OptionGroup var assets: AssetOptions
    @OptionGroup var colorOptions: ColorOptions
    @OptionGroup var publishing: PublishingOptions

    func validate() throws {
        if release != nil, since != nil { throw ValidationError("--release and --since exclude each other; give one") }
        if template != nil, format.contains(.fastlane) {
            throw ValidationError("--template renders one file, and --format fastlane writes a directory of them; run compile again for it")
        }
        try Terminal.validate(width: width)
        if locale == Self.everyLocale { try validateEveryLocale() }
        try whatsNewKit.validate(formats: format, template: template)
        if let platform, let problem = Selection.problem(withPlatform: platform) { throw ValidationError(problem) }
        for (flag, value) in [("--release", release), ("--since", since)] {
            if let value, SemanticVersion(value) == nil, flag == "--since" || LatestRelease(argument: value) == nil {
                throw ValidationError("\(flag) '\(value)' is not a version; expected e.g. 1.2.0\(flag == "--release" ? ", latest or latest-prerelease" : "")")
            }
        }
    }

    func run() throws {
        let outputIsDirectory = output.map { FileSystem.kind(of: $0) == .directory } ?? false
        var plan: OutputPlan
        switch try publishing.plan(formats: format, output: output).map(Result.success)
            ?? OutputPlan.make(formats: format, output: output, outputIsDirectory: outputIsDirectory) {
        case .success(let made): plan = made
        case .failure(let error): throw ValidationError(error.description)
        }
        // With `--locale all` the paths are known once the manifest is read (see `prepareEveryLocale`).
        if locale != Self.everyLocale, let usage = clash(plan) { throw usage }
        if let markdownStyle, template != nil || !plan.targets.contains(where: { $0.format == .markdown }) {
            let found = template != nil ? "--template" : plan.targets.map(\.format.rawValue).joined(separator: ", ")
            throw ValidationError("--markdown-style \(markdownStyle.rawValue) applies to --format markdown (the built-in Markdown output), found \(found); "
                                  + "add --format markdown, or leave --markdown-style out")
        }
        let engine = input.makeEngine(strict: strict)
        let printer = TextDiagnosticPrinter(useColor: colorOptions.useColor(for: 2))
        var templateEmitter: TemplateEmitter?
        if let template {
            do {
                templateEmitter = try TemplateEmitter.load(template, limit: input.maxInputBytes, engine: engine)
            } catch {
                throw Output.fail(error)
            }
            guard templateEmitter != nil else {
                Output.standardError(printer.render(engine))
                throw Output.inputErrors
            }
        }
        let releaseSelection = PublishingOptions.release(release)
        var selection = Selection(release: releaseSelection.version, since: since.flatMap(SemanticVersion.init),
                                  locale: locale == Self.everyLocale ? nil : locale, platform: platform)
        selection.latest = releaseSelection.latest
        var request = CompileRequest(
            selection: selection,
            page: page,
            terminal: TerminalCapabilities.detect(useColor: colorOptions.useColor(for: 1), environment: Terminal.environment),
            width: Terminal.width(width),
            template: templateEmitter,
            whatsNewKitRefs: whatsNewKit.refsOut)
        request.markdownStyle = markdownStyle ?? .standard
        request.appcastToFill = try publishing.appcast(limit: input.maxInputBytes)
        let compilation: Compilation?
        do {
            var compiler = Compiler(readOptions: assets.applied(to: input.readOptions), referenceFiles: refs)
            compiler.leavesMemoryForExit = Terminal.leavesMemoryForExit
            if locale == Self.everyLocale {
                (plan, compilation) = try prepareEveryLocale(compiler, plan: plan, request: request, engine: engine, printer: printer)
            } else {
                compilation = try compiler.prepare(inputs, plan: plan, request: request, engine: engine)
            }
        } catch let error as IOError {
            throw Output.fail(error)
        }
        Output.standardError(printer.render(engine))
        guard let compilation else { throw Output.inputErrors }
        // Every error is known by now; each output streams into its file as it is rendered.
        do {
            // `-o site/`, `-o docs/CHANGELOG.md` or `--refs-out app/refs.yaml`: the directories the paths name are
            // created, as by `mkdir -p`, every one before the first output is written.
            let written = plan.targets.filter { !compilation.leavesUnchanged($0) }
            for path in written.filter({ !$0.format.writesDirectory }).map(\.path) + (compilation.whatsNewKitRefs.map { [$0.path] } ?? []) {
                try FileSystem.createMissingDirectories(toward: path)
            }
            // The store metadata's files are written together (their directories created below -o): all of them,
            // or none when one fails.
            if let tree = Self.fastlaneFiles(of: compilation, in: plan) {
                try FileSystem.writeAtomically(files: tree.files, below: tree.directory, force: force)
            }
            for target in written where !target.format.writesDirectory {
                try FileSystem.writeAtomically(to: target.path, force: force) { writer in
                    compilation.render(target) { chunk in writer.write(chunk) }
                }
            }
            if let refs = compilation.whatsNewKitRefs {
                try FileSystem.writeAtomically(Array(refs.text.utf8), to: refs.path, force: force)
            }
        } catch {
            throw Output.fail(error)
        }
    }

    /// The files of the `fastlane` target, with their paths relative to its directory.
    private static func fastlaneFiles(of compilation: Compilation, in plan: OutputPlan) -> (directory: String, files: [(path: String, bytes: [UInt8])])? {
        guard let target = plan.targets.first(where: { $0.format == .fastlane }) else { return nil }
        return (target.path, compilation.fastlaneFiles.map { ($0.path, Array($0.text.utf8)) })
    }
}
