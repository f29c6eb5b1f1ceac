import ArgumentParser
import WhatsNewCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `whatsnew preview`: checks its arguments, then runs the preview's web server, `whatsnew-preview`, found
/// beside this program, in its place (exec: the same process, so Ctrl-C and the exit status are the server's).
/// The server is a program of its own so that no other command loads it (see docs/preview.md).
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        _superCommandName: WhatsNewCommand.name,
        abstract: "Serve a live preview of every output on a local web page.",
        usage: "whatsnew preview [<options>] <inputs> ...",
        discussion: """
        Prints 'Preview: http://127.0.0.1:PORT/' as its first line, then serves the changelog page exactly as 'compile --format html' writes it, with a bar linking to the showcase, the Markdown as GitHub renders it, the terminal output (coloured, at a chosen width, light or dark), the store texts per locale with their length against each store's limit, the release body, the feeds and WhatsNewKit's JSON, and a locale switcher when the manifest has several.

        With --template FILE the bar has a view of the template's output, exactly as 'compile --template FILE' writes it: a web page when FILE's name ends in .html or .html.mustache (in the same sandboxed frame, under the same policy), text otherwise.

        It watches the inputs, their fragments, the --refs files, the template and the image files the manifest names; an edit, or a save by rename, is on every open page within a second, in place. When the manifest or the template has errors, the page shows them over the last good rendering, as 'validate' and 'compile' print them, until they are fixed.

        It listens on 127.0.0.1 alone (--host names another address, with a warning), answers only requests whose Host header is its own address, serves only the manifest's own files, runs no script but its own, and writes nothing. Ctrl-C stops it. The server is the program whatsnew-preview, installed beside whatsnew.

        Exit codes: 0 stopped (by SIGINT or SIGTERM), 64 a usage error, 74 an input could not be read, the address could not be listened on, or whatsnew-preview could not be run.
        """
    )

    @Argument(help: "Manifest files or directories of fragments, merged as compile merges them.")
    var inputs: [String]

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Option(name: .long, help: "The address to listen on: 127.0.0.1 unless you mean another (which is warned about).")
    var host: String = "127.0.0.1"

    @Flag(name: .long, help: "Open the page in the browser.")
    var open = false

    @Option(name: .long, help: "A YAML/JSON file of registries the inputs may refer to; repeatable.")
    var refs: [String] = []

    @Option(name: .long, help: "A Mustache template, as compile --template takes it: its output is a view of its own, a web page for a .html template, text otherwise.")
    var template: String?

    @OptionGroup var assets: AssetOptions

    func validate() throws {
        if inputs.contains("-") {
            throw ValidationError("the preview follows files as they change, and standard input ('-') is read once; name the manifest's file")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, found \(port); 0 picks a free port") }
        guard !host.isEmpty, !host.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "/" }) else {
            throw ValidationError("--host '\(host)' is not an address; expected e.g. 127.0.0.1 or ::1")
        }
    }

    func run() throws {
        guard let program = FileSystem.runningExecutable().map({ FileSystem.directoryName(of: $0) + "/whatsnew-preview" }) else {
            Output.standardError("error: cannot tell where whatsnew is installed, to run whatsnew-preview beside it\n")
            throw Output.ioError
        }
        var arguments = [program, "--port", String(port), "--host", host]
        for file in refs { arguments += ["--refs", file] }
        if let template { arguments += ["--template", template] }
        if let root = assets.assetsRoot { arguments += ["--assets-root", root] }
        if open { arguments.append("--open") }
        arguments += ["--"] + inputs
        let pointers = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        execv(program, pointers)
        let reason = String(cString: strerror(errno))
        Output.standardError("error: cannot run '\(program)': \(reason); install it beside whatsnew ('make install' does), or build it with 'swift build --product whatsnew-preview'\n")
        throw Output.ioError
    }
}
