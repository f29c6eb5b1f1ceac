import Foundation
import TestSupport
import XCTest

/// Every stage that may split its work over two threads (see `Parallelism`) writes the same bytes on one:
/// with `WHATSNEW_THREADS=1` and pinned to one processor (`taskset -c 0`).
final class OneThreadTests: XCTestCase {
    /// A manifest above every stage's threshold: 300 versions (resolving from 256, rendering from 128) in
    /// more than 128 KB (parsing), with an error in the last version and a warning in the first.
    private func largeManifest() throws -> URL {
        var text = "app:\n  id: com.example.threads\n  name: Threads\n  url: https://example.com\nversions:\n"
        for index in 0..<300 {
            text += "  - version: 1.\(index).0\n    date: 2026-01-01\n    features:\n"
            for feature in 0..<4 {
                text += "      - title: Feature \(feature) of \(index), with *emphasis* and `code` in its title\n"
                text += "        subtitle: A subtitle long enough to make the manifest large: \(String(repeating: "words ", count: 12))\n"
                text += "        kind: added\n"
            }
        }
        text += "  - version: 9.9\n    features: []\n"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("one-thread-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("notes.yaml")
        try Data(text.utf8).write(to: url)
        XCTAssertGreaterThan(text.utf8.count, 128 * 1024)
        return url
    }

    func testOneThreadWritesWhatTwoWrite() throws {
        let manifest = try largeManifest()
        let fixed = manifest.deletingLastPathComponent().appendingPathComponent("fixed.yaml")
        try Data(try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: "  - version: 9.9\n    features: []\n", with: "").utf8)
            .write(to: fixed)
        let taskset = ["/usr/bin/taskset", "/bin/taskset"].first { FileManager.default.isExecutableFile(atPath: $0) }
        for arguments in [["validate", manifest.path], ["validate", manifest.path, "--diagnostics", "json"],
                          ["compile", fixed.path, "--format", "html"], ["compile", fixed.path, "--format", "markdown"],
                          ["compile", fixed.path, "--format", "ansi"]] {
            let two = try CommandRunner.run(arguments)
            let one = try CommandRunner.run(arguments, environment: ["WHATSNEW_THREADS": "1"])
            XCTAssertEqual(one.stdout, two.stdout, "\(arguments)")
            XCTAssertEqual(one.stderr, two.stderr, "\(arguments)")
            XCTAssertEqual(one.status, two.status, "\(arguments)")
            XCTAssertFalse(two.stdout.isEmpty && two.stderr.isEmpty, "\(arguments) wrote something")
            if let taskset {
                let pinned = try CommandRunner.run(executable: URL(fileURLWithPath: taskset), ["-c", "0", Paths.binary.path] + arguments)
                XCTAssertEqual(pinned.stdout, two.stdout, "\(arguments) on one processor")
                XCTAssertEqual(pinned.stderr, two.stderr, "\(arguments) on one processor")
            }
        }
    }
}
