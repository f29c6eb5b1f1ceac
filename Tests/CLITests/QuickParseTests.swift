import ArgumentParser
import XCTest
@testable import whatsnew

/// `ShowCommand.quick` and `ValidateCommand.quick` read the command lines they accept exactly as the argument
/// parser does, and leave every other one to it.
final class QuickParseTests: XCTestCase {
    /// Every stored property of `command`, nested option groups included, as text. A property the quick
    /// parser forgot to set describes itself as an unparsed definition, so it differs from the parsed one.
    private func fields(_ value: Any) -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            let label = child.label ?? "?"
            let wrapped = Mirror(reflecting: child.value).children.first { $0.label == "_parsedValue" }?.value
            if let wrapped, case let inner = Mirror(reflecting: wrapped), inner.displayStyle == .enum,
               let payload = inner.children.first, payload.label == "value",
               Mirror(reflecting: payload.value).displayStyle == .struct, payload.value is ParsableArguments {
                return fields(payload.value).map { "\(label).\($0)" }
            }
            return ["\(label) = \(String(describing: child.value))"]
        }
    }

    func testTheQuickParserBuildsTheCommandTheArgumentParserBuilds() throws {
        let lines: [[String]] = [
            ["notes.yaml"],
            ["notes.yaml", "--current-version", "1.2.0"],
            ["--current-version=1.2.0", "notes.yaml", "--state-file", "/tmp/s.json", "--no-tty-check"],
            ["notes.yaml", "--app-id", "com.example.app", "--mode", "sheet", "--max-height", "12", "--width", "100"],
            ["-", "--catch-up", "--dry-run", "--explain", "--force", "--no-record", "--open-links", "--locale", "de"],
            ["notes.yaml", "--color", "never", "--state-file=-", "--mode=auto", "--width=+40"],
        ]
        for line in lines {
            let quick = try XCTUnwrap(ShowCommand.quick(line), "the quick parser refused \(line)")
            let parsed = try ShowCommand.parse(line)
            let quickFields = fields(quick)
            XCTAssertEqual(quickFields, fields(parsed), "\(line)")
            XCTAssertTrue(quickFields.contains { $0.hasPrefix("_input._maxInputBytes = ") }, "the option groups are compared too: \(quickFields)")
            XCTAssertFalse(quickFields.contains { $0.contains("definition") }, "every property is set: \(quickFields)")
        }
    }

    func testCommandLinesTheQuickParserCannotReadAsTheArgumentParserDoesAreLeftToIt() {
        let lines: [[String]] = [
            [],                                                             // no manifest: the argument parser's error
            ["a.yaml", "b.yaml"],                                           // two manifests
            ["notes.yaml", "-h"], ["notes.yaml", "--help"],                 // help
            ["notes.yaml", "--current-version"],                            // a missing value
            ["notes.yaml", "--current-version", "--force"],                 // a value that is an option
            ["notes.yaml", "--mode", "sheet", "--mode", "pager"],           // an option twice
            ["notes.yaml", "--force", "--force"],                           // a flag twice
            ["notes.yaml", "--force=yes"],                                  // a flag with a value
            ["notes.yaml", "--width", "wide"],                              // not a number
            ["notes.yaml", "--width", "5"],                                 // refused by validate()
            ["notes.yaml", "--color", "sometimes"],                         // not a choice
            ["notes.yaml", "--max-input-bytes", "10"],                      // not read by the quick parser
            ["--", "notes.yaml"],                                           // the terminator
            ["notes.yaml", "--unknown"],
        ]
        for line in lines {
            XCTAssertNil(ShowCommand.quick(line), "\(line)")
        }
    }

    func testTheQuickValidateBuildsTheCommandTheArgumentParserBuilds() throws {
        let lines: [[String]] = [
            ["notes.yaml"],
            ["a.yaml", "fragments", "-"],
            ["notes.yaml", "--diagnostics", "github", "--strict"],
            ["--diagnostics=sarif", "notes.yaml", "--color", "always", "--schema", "custom.json"],
            ["notes.yaml", "--diagnostics", "json", "--color=never", "--schema=s.json"],
        ]
        for line in lines {
            let quick = try XCTUnwrap(ValidateCommand.quick(line), "the quick parser refused \(line)")
            let quickFields = fields(quick)
            XCTAssertEqual(quickFields, fields(try ValidateCommand.parse(line)), "\(line)")
            XCTAssertTrue(quickFields.contains { $0.hasPrefix("_diagnosticsOptions._diagnostics = ") }, "\(quickFields)")
            XCTAssertFalse(quickFields.contains { $0.contains("definition") }, "every property is set: \(quickFields)")
        }
        for line in [[], ["notes.yaml", "--diagnostics", "xml"], ["notes.yaml", "--refs", "r.yaml"], ["notes.yaml", "--lint", "appstore"],
                     ["notes.yaml", "--strict", "--strict"], ["notes.yaml", "--max-depth", "3"], ["notes.yaml", "--help"]] {
            XCTAssertNil(ValidateCommand.quick(line), "\(line)")
        }
    }
}
