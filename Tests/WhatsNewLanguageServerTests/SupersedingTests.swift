import Threads
import XCTest
@testable import WhatsNewLanguageServer

/// A newer edit supersedes the check under way: the server's loop is driven event by event here, so the edits
/// arrive, deterministically, while the first check runs on its thread.
final class SupersedingTests: XCTestCase {
    /// What the server wrote, as JSON messages (it writes from the loop's thread only: this test's).
    private final class Output {
        var messages: [JSON] = []

        func take(_ bytes: [UInt8]) {
            guard let end = (0..<max(0, bytes.count - 3)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }),
                  let message = try? JSON.parse(Array(bytes[(end + 4)...])) else { return XCTFail("a message without a header") }
            messages.append(message)
        }

        var publications: [JSON] {
            messages.filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }.compactMap { $0["params"] }
        }
    }

    private func message(_ text: String) -> ServerEvent {
        .frame(.message(Array(text.utf8)))
    }

    private static func quoted(_ text: String) -> String {
        JSON.string(text).text
    }

    func testEditsThatArriveDuringACheckDropItsResultAndAreCheckedOnceTogether() throws {
        let events = BoundedQueue<ServerEvent>(capacity: 16)
        let output = Output()
        let server = LanguageServer(version: "test", events: events, send: output.take)
        let uri = "file:///nonexistent-whatsnew-test/notes.yaml"
        let manifest = "versions:\n  - version: 1.0.0\n    features:\n      - KEY: Maps\n"
        server.handle(message(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#))
        server.handle(message(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"yaml","version":1,"text":\#(Self.quoted(manifest.replacingOccurrences(of: "KEY", with: "titel")))}}}"#))
        XCTAssertNotNil(server.running, "the first check runs on its thread")
        for (version, key) in [(2, "title"), (3, "subtitel")] {
            server.handle(message(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"text":\#(Self.quoted(manifest.replacingOccurrences(of: "KEY", with: key)))}]}}"#))
        }
        XCTAssertEqual(server.pending, [.document(uri: uri)], "the two edits wait as one check")
        server.handle(events.receive())
        XCTAssertEqual(output.publications.count, 0, "the first check read version 1, which is no longer the text: dropped")
        XCTAssertNotNil(server.running, "the check of the newest text started")
        server.handle(events.receive())
        XCTAssertNil(server.running)
        let publications = output.publications
        XCTAssertEqual(publications.count, 1)
        XCTAssertEqual(publications.first?["version"]?.intValue, 3)
        let messages = publications.first?["diagnostics"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
        XCTAssertTrue(messages.contains { $0.contains("'subtitel'") }, "\(messages)")
        XCTAssertFalse(messages.contains { $0.contains("'titel'") }, "\(messages)")
    }
}
