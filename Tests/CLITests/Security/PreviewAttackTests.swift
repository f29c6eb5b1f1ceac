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
        let process = Process()
        process.executableURL = Paths.binary
        process.arguments = ["preview", "site/notes.yaml", "--port", "0"]
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
        let (status, _) = try send("POST /files/notes.yaml HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(status, 405)
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
