import Foundation
import TestSupport
import XCTest

/// Issue 31: `whatsnew lsp` reads its workspace's `.whatsnew.yaml`, the `--refs` files and fragment directories it
/// names, and whatever the client sends. A workspace from a stranger may plant a FIFO or a link out of the folder at
/// each of them, and a client may claim a message of any size: nothing may hang, no secret from outside may reach
/// the client, and the server still answers and exits as LSP says. Each session is written to standard input at
/// once and the binary runs under `timeout 10`.
final class LanguageServerAttackTests: XCTestCase {
    private var workspace: TemporaryDirectory!
    private var outside: TemporaryDirectory!
    private static let secret = "SECRET-OUTSIDE-31aa"
    private static let manifest = "versions:\n  - version: 1.0.0\n    features:\n      - title: Maps\n        image: star\n"

    override func setUpWithError() throws {
        workspace = try TemporaryDirectory("lsp-attack")
        outside = try TemporaryDirectory("lsp-attack-outside")
        try outside.write("secret.yaml", "images:\n  star: { systemName: \(Self.secret) }\nrefs: [\(Self.secret)]\n")
        try workspace.write("notes.yaml", Self.manifest)
    }

    override func tearDown() {
        workspace = nil
        outside = nil
    }

    private static func frame(_ json: String) -> Data {
        Data("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8)
    }

    /// A session: initialize, open `notes.yaml`, hover on its reference, shutdown, exit.
    private func session(root: String) -> Data {
        let uri = "file://" + root + "/notes.yaml"
        let text = Self.manifest.replacingOccurrences(of: "\n", with: "\\n")
        var data = Data()
        data += Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file://\#(root)","capabilities":{}}}"#)
        data += Self.frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":"\#(text)"}}}"#)
        data += Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":4,"character":16}}}"#)
        data += Self.frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
        data += Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        return data
    }

    private func run(_ input: Data) throws -> CommandResult {
        let timeout = try XCTUnwrap(CommandRunner.which("timeout"), "timeout(1) is needed to hold a hang")
        let result = try CommandRunner.run(executable: timeout, ["10", Paths.binary.path, "lsp"], in: workspace.url, stdin: input)
        XCTAssertNotEqual(result.status, 124, "the server hung (killed by timeout): \(result.stderr)")
        XCTAssertFalse(result.stdout.contains(Self.secret), "a secret from outside reached the client:\n\(result.stdout)")
        XCTAssertFalse(result.stderr.contains(Self.secret))
        return result
    }

    private func assertServed(_ result: CommandResult, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stdout.contains(#""id":3,"result":null"#), "no answer to shutdown:\n\(result.stdout)", file: file, line: line)
        XCTAssertTrue(result.stdout.contains(#""method":"textDocument/publishDiagnostics""#), result.stdout, file: file, line: line)
    }

    func testASettingsFileThatIsAFIFOIsNotWaitedOn() throws {
        try workspace.mkfifo(".whatsnew.yaml")
        let result = try run(session(root: workspace.path))
        assertServed(result)
        XCTAssertTrue(result.stdout.contains("expected a regular file for"), "the FIFO is not reported:\n\(result.stdout)")
    }

    func testASettingsFileThatLinksOutOfTheWorkspaceIsNotRead() throws {
        try workspace.symlink(".whatsnew.yaml", to: outside.path("secret.yaml"))
        let result = try run(session(root: workspace.path))
        assertServed(result)
        XCTAssertTrue(result.stdout.contains("window/showMessage"), "the refused settings file is not reported:\n\(result.stdout)")
    }

    func testRefsThatAreAFIFOOrALinkOutAreRefusedWithADiagnostic() throws {
        try workspace.mkfifo("fifo.yaml")
        try workspace.symlink("link.yaml", to: outside.path("secret.yaml"))
        try workspace.write(".whatsnew.yaml", "refs: [fifo.yaml]\n")
        let fifo = try run(session(root: workspace.path))
        assertServed(fifo)
        XCTAssertTrue(fifo.stdout.contains(#""code":"io-error""#), fifo.stdout)
        try workspace.write(".whatsnew.yaml", "refs: [link.yaml]\n")
        let link = try run(session(root: workspace.path))
        assertServed(link)
        XCTAssertTrue(link.stdout.contains(#""code":"io-error""#), link.stdout)
        XCTAssertFalse(link.stdout.contains("SECRET"), link.stdout)
    }

    func testAFragmentDirectoryWithAFIFOAndALinkOutSkipsThem() throws {
        try workspace.mkdir("notes.d")
        try workspace.write("notes.d/versions.yaml", Self.manifest + "images:\n  star: { systemName: star.fill }\n")
        try workspace.mkfifo("notes.d/fifo.yaml")
        try workspace.symlink("notes.d/link.yaml", to: outside.path("secret.yaml"))
        try workspace.write(".whatsnew.yaml", "fragments: [notes.d]\n")
        let uri = "file://" + workspace.path + "/notes.d/versions.yaml"
        var input = Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file://\#(workspace.path)","capabilities":{}}}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":"versions: []\n"}}}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/completion","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":0,"character":0}}}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let result = try run(input)
        assertServed(result)
        XCTAssertEqual(result.stdout.components(separatedBy: #""code":"fragment-skipped""#).count - 1, 2, result.stdout)
    }

    /// A claimed length of a gigabyte is neither allocated nor waited for past the end of input: an error, then
    /// exit code 1 (the input ended without `shutdown`).
    func testAHugeClaimedLengthIsAnErrorAndTheEndOfInputEndsTheServer() throws {
        var input = Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        input += Data("Content-Length: 1073741824\r\n\r\n{\"jsonrpc\":".utf8)
        let result = try run(input)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("a message of 1073741824 bytes is over the limit of 67108864 bytes"), result.stdout)
    }
}
