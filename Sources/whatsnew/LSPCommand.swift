import ArgumentParser
import WhatsNewLanguageServer

struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        _superCommandName: WhatsNewCommand.name,
        abstract: "Serve the Language Server Protocol on standard input and output, for editors.",
        discussion: """
        An editor starts 'whatsnew lsp' and speaks LSP 3.17 to it (JSON-RPC with Content-Length headers). It shows validate's diagnostics on the unsaved text of every open manifest, its fragments and its --refs files, and offers completion, hover, go to definition, find references, rename, an outline and quick fixes. Nothing is written to disk.

        Configuration: a '.whatsnew.yaml' at the workspace's root, or the client's initializationOptions, with refs (the --refs files), fragments (directories read as one manifest), lint (appstore, playstore), strict and maxDiagnostics. See docs/lsp.md for VS Code, Neovim and Helix.

        Exit codes: 0 after 'shutdown' and 'exit', 1 when the input ends or 'exit' comes without 'shutdown'.
        """
    )

    func run() throws {
        let code = LanguageServer.run(version: WhatsNewCommand.configuration.version)
        if code != 0 { throw ExitCode(code) }
    }
}
