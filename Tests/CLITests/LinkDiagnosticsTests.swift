import Foundation
import TestSupport
import XCTest

/// Link problems are reported by the rules, once per run, however many outputs `compile` writes; a refused
/// `app.url` stops `compile` before anything is written.
final class LinkDiagnosticsTests: XCTestCase {
    private static let fixture = Paths.fixtures.appendingPathComponent("invalid/rule-refused-link")

    func testARefusedLinkIsReportedOnceForSeveralOutputs() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let validate = try CommandRunner.run(["validate", "input.yaml", "--color", "never"], in: Self.fixture)
        let compile = try CommandRunner.run(["compile", "input.yaml", "--color", "never", "--format", "markdown", "--format", "html",
                                             "--format", "json", "-o", output.path], in: Self.fixture)
        XCTAssertEqual(compile.status, 0, compile.stderr)
        XCTAssertEqual(validate.stderr.components(separatedBy: "[refused-link]").count - 1, 7)
        XCTAssertEqual(compile.stderr, validate.stderr)
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path)
        XCTAssertEqual(written.count, 3, "\(written)")
        // (JSON carries each text's Markdown source as written, beside its rendered HTML.)
        for name in written where !name.hasSuffix(".json") {
            let text = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
            XCTAssertFalse(text.lowercased().contains("javascript:"), name)
        }
    }

    func testARefusedAppURLStopsCompile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-app-url-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "app: { name: App, url: \"javascript:alert(1)\" }\nversions:\n  - { version: 1.0.0, title: T, features: [] }\n"
            .write(to: directory.appendingPathComponent("notes.yaml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["compile", "notes.yaml", "--format", "json", "-o", "out.json", "--color", "never"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("error: invalid URL 'javascript:alert(1)' for 'app.url'"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
    }
}
