import ArgumentParser
import WhatsNewCore
import WhatsNewPreview
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program `whatsnew preview` runs, with the arguments it checked (a program of its own, so that only the
/// preview loads the web server; see docs/preview.md). `whatsnew preview --help` describes them.
@main
struct PreviewProgram: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whatsnew-preview",
        abstract: "The web server of 'whatsnew preview', which runs it: see 'whatsnew preview --help'."
    )

    @Argument(help: "Manifest files or directories of fragments, merged as compile merges them.")
    var inputs: [String]

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port: Int = 0

    @Option(name: .long, help: "The address to listen on: loopback unless you mean otherwise (another address is warned about).")
    var host: String = "127.0.0.1"

    @Flag(name: .long, help: "Open the page in the browser.")
    var open = false

    @Option(name: .long, help: "A YAML/JSON file of registries the inputs may refer to; repeatable.")
    var refs: [String] = []

    @Option(name: .long, help: "A Mustache template whose output the bar offers as a view of its own (see docs/preview.md).")
    var template: String?

    @Option(name: .long, help: ArgumentHelp("The directory image files must stay inside (default: the directory of the file that declares each image).",
                                            valueName: "dir"))
    var assetsRoot: String?

    func validate() throws {
        guard !inputs.contains("-") else { throw ValidationError("standard input ('-') cannot be watched; name the manifest's file") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, found \(port); 0 picks a free port") }
    }

    func run() async throws {
        if !PreviewServer.isLoopback(host) {
            standardError("warning: --host '\(host)' is not a loopback address: anyone who can reach it can read the preview of your notes; "
                          + "leave --host out to listen on 127.0.0.1 alone\n")
        }
        var options = PreviewOptions(inputs: inputs)
        options.referenceFiles = refs
        options.template = template
        options.host = host
        options.port = port
        options.readOptions.imageFiles.assetsRoot = assetsRoot
        var server = PreviewServer(options: options)
        if open {
            server.onListening = { address in
                if !PageOpener.open(address) { standardError("warning: cannot open a browser; open \(address) yourself\n") }
            }
        }
        do {
            try await server.run(onFirstReading: { report in standardError(report) })
        } catch let error as PreviewServer.UnreadableInputs {
            standardError(error.report)
            throw ExitCode(74)
        } catch let error as PreviewServer.CannotListen {
            standardError("error: cannot listen on '\(host)' port \(port): \(error.reason); choose another with --port (0 picks a free one), "
                          + "or another loopback address with --host\n")
            throw ExitCode(74)
        } catch {
            standardError("error: the preview stopped: \(error)\n")
            throw ExitCode(74)
        }
    }

    private func standardError(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
