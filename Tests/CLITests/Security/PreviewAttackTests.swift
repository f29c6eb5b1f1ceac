import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Issue 30: `whatsnew preview` serves the notes of a folder on a local port. A web page in the user's browser
/// must not read them through a name of its own resolved to 127.0.0.1 (DNS rebinding: a foreign `Host`), and no
/// request may read a file outside the folder, or one of the folder the manifest does not name. Each test starts
/// the built binary on a free port and sends requests as raw HTTP/1.1, with the Host header it chooses.
final class PreviewAttackTests: XCTestCase {
    private var workspace: TemporaryDirectory!
    private var server: Process!
    private var port = 0
    private static let secret = "SECRET-OUTSIDE-71ab"
    private static let inside = "SECRET-INSIDE-93c0"

    override func setUpWithError() throws {
        workspace = try TemporaryDirectory("preview-attack")
        try workspace.write("site/notes.yaml", """
            versions:
              - version: 1.0.0
                features:
                  - { title: Offline maps, subtitle: Download a region }

            """)
        try workspace.write("outside/secret.txt", Self.secret + "\n")
        try workspace.write("site/private.txt", Self.inside + "\n")
        try workspace.symlink("site/link.txt", to: "../outside/secret.txt")
    }

    /// Starts `whatsnew preview ARGUMENTS --port 0` in the workspace and reads its port from its first line.
    private func startServer(_ arguments: [String] = ["site/notes.yaml"]) throws {
        let process = Process()
        process.executableURL = Paths.binary
        process.arguments = ["preview"] + arguments + ["--port", "0"]
        process.currentDirectoryURL = workspace.url
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        server = process
        let line = Self.firstLine(of: output.fileHandleForReading)
        let prefix = "Preview: http://127.0.0.1:"
        guard line.hasPrefix(prefix), line.hasSuffix("/"), let number = Int(line.dropFirst(prefix.count).dropLast()) else {
            return XCTFail("the first line is '\(line)', expected 'Preview: http://127.0.0.1:PORT/'")
        }
        port = number
    }

    override func tearDown() {
        if let server, server.isRunning {
            server.interrupt()
            server.waitUntilExit()
        }
        server = nil
        workspace = nil
    }

    func testAForeignHostIsRefusedOnEveryPath() throws {
        try startServer()
        let (status, body) = try get("/", host: "127.0.0.1:\(port)")
        XCTAssertEqual(status, 200)
        XCTAssertTrue(body.contains("<iframe id=\"frame\""))
        for path in ["/", "/_preview/frame/changelog", "/_preview/status", "/_preview/events", "/files/notes.yaml", "/markdown"] {
            for host in ["attacker.example:\(port)", "attacker.example", "127.0.0.1:\(port).attacker.example", "localhost.attacker.example:\(port)"] {
                let (status, body) = try get(path, host: host)
                XCTAssertEqual(status, 421, "\(path) with Host \(host)")
                XCTAssertFalse(body.contains("Offline maps"), "\(path) with Host \(host)")
            }
        }
        let (missing, _) = try get("/", host: nil)
        XCTAssertEqual(missing, 421, "a request without a Host header")
    }

    func testNoFileOutsideTheManifestsOwnIsServed() throws {
        try startServer()
        let (status, body) = try get("/files/notes.yaml", host: "localhost:\(port)")
        XCTAssertEqual(status, 200)
        XCTAssertTrue(body.contains("Offline maps"))
        for path in ["/files/../outside/secret.txt", "/files/%2e%2e/outside/secret.txt", "/files/..%2foutside%2fsecret.txt",
                     "/files/link.txt", "/files/private.txt", "/files//etc/passwd", "/files/%2Fetc%2Fpasswd", "/../outside/secret.txt",
                     "/files/site/../../outside/secret.txt", "/_preview/frame/../../outside/secret.txt"] {
            let (status, body) = try get(path, host: "127.0.0.1:\(port)")
            XCTAssertTrue([400, 404].contains(status), "\(path): status \(status)")
            XCTAssertFalse(body.contains(Self.secret) || body.contains(Self.inside) || body.contains("root:"), "\(path): \(body)")
        }
    }

    func testOnlyGETAndHEADAreAnswered() throws {
        try startServer()
        let (status, _) = try send("POST /files/notes.yaml HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(status, 405)
    }

    // MARK: - --template, read as compile reads it

    private static let template = "NOTES{{#versions}} {{version}}{{/versions}}\n"

    /// A `--template` that is a symbolic link out of the working directory (absolute or climbing out), or a FIFO,
    /// stops the preview at once with status 74, as `compile --template` is refused: nothing served, no secret
    /// printed, no hang (run under `timeout 10`).
    func testATemplateLinkedOutOrAFIFOIsRefusedAtStart() throws {
        let outside = try TemporaryDirectory("preview-attack-outside")
        try outside.write("secret.mustache", Self.secret + "\n")
        let timeout = try XCTUnwrap(CommandRunner.which("timeout"), "timeout(1) is needed to hold a hang")
        let climbing = "../../" + outside.url.lastPathComponent + "/secret.mustache"
        let plants: [(plant: () throws -> Void, says: String)] = [
            ({ try self.workspace.symlink("site/t.mustache", to: outside.path("secret.mustache")) }, "is a symbolic link to '\(outside.path("secret.mustache"))', which leads out of"),
            ({ try self.workspace.symlink("site/t.mustache", to: climbing) }, "is a symbolic link to '\(climbing)', which leads out of"),
            ({ try self.workspace.symlink("site/t.mustache", to: "/proc/self/environ") }, "is a symbolic link to '/proc/self/environ', which leads out of"),
            ({ try self.workspace.mkfifo("site/t.mustache") }, "is a FIFO; expected a regular file"),
        ]
        for (plant, says) in plants {
            try? FileManager.default.removeItem(atPath: workspace.path("site/t.mustache"))
            try plant()
            let result = try CommandRunner.run(executable: timeout, ["10", Paths.binary.path, "preview", "site/notes.yaml", "--template", "site/t.mustache", "--port", "0"],
                                               in: workspace.url, environment: ["CI_SECRET": Self.secret])
            XCTAssertEqual(result.status, 74, "\(says): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(says): it served")
            XCTAssertTrue(result.stderr.contains("error: cannot read 'site/t.mustache': ") && result.stderr.contains(says), result.stderr)
            XCTAssertFalse(result.stderr.contains(Self.secret), result.stderr)
        }
    }

    /// The template replaced while the preview runs — by a link out of the folder to a template that would print a
    /// secret, by a FIFO, by one larger than the input limit — is refused each time, as compile refuses it: the
    /// status shows the error, the template view keeps the last good output, no secret is read or served, and the
    /// server goes on answering.
    func testATemplateReplacedByALinkOutAFIFOOrAHugeFileWhileRunningIsNotRead() throws {
        let outside = try TemporaryDirectory("preview-attack-outside")
        try outside.write("secret.mustache", Self.secret + "\n")
        try workspace.write("site/t.mustache", Self.template)
        try startServer(["site/notes.yaml", "--template", "site/t.mustache"])
        let (status, frame) = try get("/_preview/frame/template", host: "127.0.0.1:\(port)")
        XCTAssertEqual(status, 200)
        XCTAssertTrue(frame.contains("NOTES 1.0.0"), frame)

        let replacements: [(plant: () throws -> Void, says: String)] = [
            ({ try self.workspace.symlink("site/t.mustache", to: outside.path("secret.mustache")) }, "which leads out of the working directory"),
            ({ try self.workspace.mkfifo("site/t.mustache") }, "is a FIFO; expected a regular file"),
            ({
                // A sparse file one byte past the 64 MiB limit: read to the limit, then refused.
                FileManager.default.createFile(atPath: self.workspace.path("site/t.mustache"), contents: nil)
                let handle = try XCTUnwrap(FileHandle(forWritingAtPath: self.workspace.path("site/t.mustache")))
                try handle.truncate(atOffset: UInt64(64 << 20) + 1)
                try handle.close()
            }, "error: the template is \((64 << 20) + 1) bytes; expected at most \(64 << 20) bytes, the input size limit [input-too-large]"),
        ]
        for (plant, says) in replacements {
            try FileManager.default.removeItem(atPath: workspace.path("site/t.mustache"))
            try plant()
            let shown = try waitForStatus(containing: says)
            XCTAssertTrue(shown.contains("\"errors\":true"), shown)
            XCTAssertTrue(shown.contains("The template has errors"), shown)
            XCTAssertFalse(shown.contains(Self.secret), shown)
            let (status, frame) = try get("/_preview/frame/template", host: "127.0.0.1:\(port)")
            XCTAssertEqual(status, 200, says)
            XCTAssertTrue(frame.contains("NOTES 1.0.0"), "the last good output is gone: \(frame)")
            XCTAssertFalse(frame.contains(Self.secret), frame)
            let (fileStatus, file) = try get("/files/t.mustache", host: "127.0.0.1:\(port)")
            XCTAssertEqual(fileStatus, 404, says)
            XCTAssertFalse(file.contains(Self.secret), file)
            // Put back, the template is followed again.
            try FileManager.default.removeItem(atPath: workspace.path("site/t.mustache"))
            try workspace.write("site/t.mustache", Self.template)
            XCTAssertTrue(try waitForStatus(containing: "\"errors\":false").contains("\"problems\":[]"))
        }
        XCTAssertTrue(server.isRunning)
    }

    /// Without `--template` there is no template view: its page, frame and patch are not found, and the bar has no
    /// link to it.
    func testTheTemplateViewIsThereOnlyWithATemplate() throws {
        try startServer()
        for path in ["/template", "/_preview/frame/template", "/_preview/patch/template?since=1"] {
            let (status, body) = try get(path, host: "127.0.0.1:\(port)")
            XCTAssertEqual(status, 404, path)
            XCTAssertFalse(body.contains("Offline maps"), path)
        }
        let (status, page) = try get("/", host: "127.0.0.1:\(port)")
        XCTAssertEqual(status, 200)
        XCTAssertTrue(page.contains("<a href=\"/whatsnewkit\">"), page)
        XCTAssertFalse(page.contains("/template"), page)
    }

    /// A template that opens a section inside itself (10^12 items over 100 versions) stops at the rendering's
    /// budget, as `compile --template` does: the overlay shows the error at the section, the view keeps the last
    /// good output, and the server goes on following edits.
    func testATemplateSectionNestedInItselfStopsAtTheBudgetAndTheLastGoodOutputStays() throws {
        let versions = (0..<100).map { "  - { version: 1.\($0).0, features: [{ title: A, subtitle: a }] }\n" }.joined()
        try workspace.write("site/notes.yaml", "versions:\n" + versions)
        try workspace.write("site/t.mustache", Self.template)
        try startServer(["site/notes.yaml", "--template", "site/t.mustache"])
        try workspace.write("site/t.mustache", String(repeating: "{{#versions}}", count: 6) + "x" + String(repeating: "{{/versions}}", count: 6) + "\n")
        let shown = try waitForStatus(containing: "[output-budget-exceeded]", seconds: 300)
        XCTAssertTrue(shown.contains("site/t.mustache:1:4: error: rendering the template takes more than 4194304 steps"), shown)
        let (status, frame) = try get("/_preview/frame/template", host: "127.0.0.1:\(port)")
        XCTAssertEqual(status, 200)
        XCTAssertTrue(frame.contains("NOTES 1.99.0 1.98.0"), String(frame.prefix(2000)))
        try workspace.write("site/t.mustache", "FIXED {{versionCount}}\n")
        XCTAssertTrue(try waitForStatus(containing: "\"errors\":false").contains("\"problems\":[]"))
        let (_, fixed) = try get("/_preview/frame/template", host: "127.0.0.1:\(port)")
        XCTAssertTrue(fixed.contains("FIXED 100"), fixed)
    }

    /// The status, once it holds `text` (the watcher looks every 150 ms); fails after `seconds`.
    private func waitForStatus(containing text: String, seconds: Int = 15) throws -> String {
        var last = ""
        for _ in 0..<(seconds * 10) {
            let (_, body) = try get("/_preview/status", host: "127.0.0.1:\(port)")
            last = body
            if body.contains(text) { return body }
            usleep(100_000)
        }
        XCTFail("the status never held '\(text)': \(last)")
        return last
    }

    // MARK: - Raw HTTP

    private func get(_ path: String, host: String?) throws -> (Int, String) {
        try send("GET \(path) HTTP/1.1\r\n" + (host.map { "Host: \($0)\r\n" } ?? "") + "Connection: close\r\n\r\n")
    }

    /// Sends `request` and reads the response until the server closes the connection (the events stream is cut
    /// after its first chunk): the status and the body.
    private func send(_ request: String) throws -> (Int, String) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(connected, 0, "cannot connect to the preview on port \(port)")
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response += buffer[0..<count]
            if String(decoding: response, as: UTF8.self).contains("text/event-stream") { break }
        }
        let text = String(decoding: response, as: UTF8.self)
        let statusLine = text.split(separator: "\r\n").first ?? ""
        let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return (status, body)
    }

    private static func firstLine(of handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while bytes.count < 4096 {
            let data = handle.readData(ofLength: 1)
            guard let byte = data.first else { break }
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
