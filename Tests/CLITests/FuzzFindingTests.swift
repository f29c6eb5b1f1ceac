import Foundation
import TestSupport
import XCTest

/// Every input under `Fixtures/fuzz/` once made whatsnew crash, hang or misread valid input (found by
/// `make fuzz` or while hardening); each runs through the binary in every command and format and must end
/// with its expected exit code and a diagnostic, never a signal.
final class FuzzFindingTests: XCTestCase {
    /// The exit code `validate` must give each finding (and `compile`, unless a format refuses the input).
    private let expectedStatus: [String: Int32] = [
        "mixed-case-url-scheme.yaml": 0,
    ]

    private var directory: URL { Paths.fixtures.appendingPathComponent("fuzz") }

    func testEveryFindingHasAnExpectation() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(Set(names), Set(expectedStatus.keys), "add each new finding to expectedStatus")
    }

    func testFindingsEndWithTheirExitCodeInEveryCommand() throws {
        for (name, status) in expectedStatus.sorted(by: { $0.key < $1.key }) {
            let validate = try CommandRunner.run(["validate", name], in: directory)
            XCTAssertEqual(validate.status, status, "\(name): \(validate.stderr)")
            if status == 1 { XCTAssertTrue(validate.stderr.contains(" error: "), "\(name): \(validate.stderr)") }
            for format in ["ansi", "markdown", "html", "json", "whatsnewkit-json"] {
                for color in format == "ansi" ? ["never", "always"] : ["never"] {
                    let compile = try CommandRunner.run(["compile", name, "--format", format, "--color", color], in: directory)
                    XCTAssertTrue(compile.status == status || (compile.status == 1 && format == "whatsnewkit-json"),
                                  "\(name) as \(format): status \(compile.status)\n\(compile.stderr)")
                    XCTAssertEqual(compile.stdout.isEmpty, compile.status != 0, "\(name) as \(format): output only on success")
                }
            }
        }
    }
}
