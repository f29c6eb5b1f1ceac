import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `whatsnew init`: writes a starter manifest that validates, and never overwrites anything.
final class InitCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("whatsnew-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try? FileManager.default.removeItem(at: directory)
    }

    private func starter() throws -> String {
        let result = try CommandRunner.run(["init", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testCreatesNotesYAMLThatValidates() throws {
        let result = try CommandRunner.run(["init"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "created notes.yaml; check it with: whatsnew validate notes.yaml\n")
        XCTAssertEqual(result.stderr, "")
        let manifest = directory.appendingPathComponent("notes.yaml")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        XCTAssertEqual(text, try starter())
        XCTAssertTrue(text.hasPrefix("# yaml-language-server: $schema=https://whatsnew.dev/schemas/whatsnew.schema.json\n"))

        let validate = try CommandRunner.run(["validate", "notes.yaml"], in: directory)
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertEqual(validate.stderr, "", "no warnings either")
        XCTAssertEqual(try directoryEntries(), ["notes.yaml"], "no temporary file is left behind")
    }

    func testTheStarterSatisfiesTheSchemaAndTheFixtureHygiene() throws {
        let manifest = directory.appendingPathComponent("starter.yaml")
        let result = try CommandRunner.run(["init", manifest.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        try SchemaValidator.assertValid([manifest], against: SchemaValidator.manifestSchema, hygiene: true)
    }

    func testADirectoryGetsNotesYAMLInside() throws {
        let result = try CommandRunner.run(["init", directory.path + "/"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("notes.yaml").path))
    }

    func testRefusesToOverwriteAnExistingFile() throws {
        let manifest = directory.appendingPathComponent("notes.yaml")
        try Data("keep me\n".utf8).write(to: manifest)
        let result = try CommandRunner.run(["init"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr,
                       "whatsnew: error: 'notes.yaml' exists; init writes only new files\n")
        XCTAssertEqual(try String(contentsOf: manifest, encoding: .utf8), "keep me\n")
    }

    func testRefusesToReplaceASymbolicLink() throws {
        let link = directory.appendingPathComponent("notes.yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "elsewhere.yaml")
        let result = try CommandRunner.run(["init"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "elsewhere.yaml")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("elsewhere.yaml").path))
    }

    func testAMissingDirectoryOrAFileInThePathIsAnIOError() throws {
        let missing = try CommandRunner.run(["init", "no-such-directory/notes.yaml"], in: directory)
        XCTAssertEqual(missing.status, 74)
        XCTAssertEqual(missing.stderr, "whatsnew: error: cannot write 'no-such-directory/notes.yaml': No such file or directory\n")
        try Data().write(to: directory.appendingPathComponent("plain-file"))
        let notDirectory = try CommandRunner.run(["init", "plain-file/notes.yaml"], in: directory)
        XCTAssertEqual(notDirectory.status, 74)
        XCTAssertEqual(notDirectory.stderr, "whatsnew: error: cannot write 'plain-file/notes.yaml': 'plain-file' is a regular file, not a directory; "
                       + "expected a directory on the way to the file: choose another path\n")
    }

    func testAnUnwritableDirectoryIsAnIOError() throws {
        let readOnly = directory.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path) }
        let target = readOnly.appendingPathComponent("notes.yaml").path
        let result: CommandResult
        if geteuid() == 0 {
            // Permissions do not stop root: run the binary as the unprivileged user 'nobody' instead.
            guard let setpriv = CommandRunner.which("setpriv") else {
                throw XCTSkip("running as root without setpriv(1): cannot make a directory unwritable")
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
            result = try CommandRunner.run(executable: setpriv, [
                "--reuid=65534", "--regid=65534", "--clear-groups", Paths.binary.path, "init", target,
            ])
        } else {
            result = try CommandRunner.run(["init", target])
        }
        XCTAssertEqual(result.status, 74, result.stderr)
        XCTAssertEqual(result.stderr, "whatsnew: error: cannot write '\(target)': Permission denied\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: readOnly.path), [])
    }

    func testHelpShowsAWorkedExample() throws {
        let help = try CommandRunner.run(["init", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("  $ whatsnew init\n  created notes.yaml"), help.stdout)
        XCTAssertTrue(help.stdout.contains("$schema=https://whatsnew.dev/schemas/whatsnew.schema.json"), help.stdout)
        let root = try CommandRunner.run(["--help"])
        XCTAssertTrue(root.stdout.contains("init"), root.stdout)
    }

    private func directoryEntries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
