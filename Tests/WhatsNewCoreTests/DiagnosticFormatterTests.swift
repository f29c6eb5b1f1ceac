import Foundation
import XCTest
import YAMLTree
@testable import WhatsNewCore
@testable import SourceText
@testable import WhatsNewText
@testable import WhatsNewDiagnostics
@testable import WhatsNewModel

/// The json, github and sarif formats, above all with hostile messages and paths: newlines, `%`,
/// commas, colons, quotes, backslashes, control characters and bidirectional overrides.
final class DiagnosticFormatterTests: XCTestCase {
    static let hostileName = "dir/we,ird: 100%\n\"name\"\u{1B}.yaml"
    static let hostileMessage = "line one\nline two\r\n100% done, key: \"x\" \\ tab\there ESC\u{1B}[31m NUL\u{0} "
        + "bidi\u{202E}x sep\u{2028} 日本 🎉 ::error::injected"

    /// A diagnostic with every field set and hostile text in each, and a second, plain one.
    private func hostileDiagnostics() -> [Diagnostic] {
        let file = SourceFile(name: Self.hostileName, text: "app:\n  id: x\n  id: y\n")
        let range = SourceRange(start: file.mark(line: 3, scalarColumn: 2), end: file.mark(line: 3, scalarColumn: 4))
        let first = SourceRange(start: file.mark(line: 2, scalarColumn: 2), end: file.mark(line: 2, scalarColumn: 4))
        let hostile = Diagnostic(.error, code: .duplicateKey, message: Self.hostileMessage, file: file, range: range,
                                 notes: [Diagnostic.Note("first, here: 50%\n\"ok\"", range: first)],
                                 fix: "fix\nit, now: 1%", path: "/app/a~1b/\"q\"")
        let plain = Diagnostic(.warning, code: .unusedReference, message: "image 'star' is never used")
        return [hostile, plain]
    }

    // MARK: json

    func testJSONRoundTripsHostileTextExactly() throws {
        let output = JSONDiagnosticFormatter().render(hostileDiagnostics())
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.count, 2)
        XCTAssertEqual(objects[0]["message"] as? String, Self.hostileMessage)
        XCTAssertEqual(objects[0]["file"] as? String, Self.hostileName)
        XCTAssertEqual(objects[0]["fix"] as? String, "fix\nit, now: 1%")
        XCTAssertEqual(objects[0]["path"] as? String, "/app/a~1b/\"q\"")
        let notes = try XCTUnwrap(objects[0]["notes"] as? [[String: Any]])
        XCTAssertEqual(notes.first?["message"] as? String, "first, here: 50%\n\"ok\"")
        XCTAssertEqual(notes.first?["file"] as? String, Self.hostileName, "a note without a file is in the diagnostic's file")
        XCTAssertEqual(notes.first?["line"] as? Int, 2)
        XCTAssertEqual(objects[1]["file"] as? NSNull, NSNull())
        XCTAssertEqual(objects[1]["line"] as? NSNull, NSNull())
        XCTAssertEqual((objects[1]["notes"] as? [Any])?.count, 0)
    }

    func testJSONHasOneLinePerDiagnosticAndNoRawControlCharacters() {
        let output = JSONDiagnosticFormatter().render(hostileDiagnostics())
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 5, output)
        XCTAssertEqual(lines.first, "[")
        XCTAssertEqual(lines[3], "]")
        XCTAssertEqual(lines.last, "")
        XCTAssertFalse(output.unicodeScalars.contains { $0 != "\n" && (TerminalSafeText.isUnsafe($0) || $0 == "\u{2028}") })
        XCTAssertTrue(output.contains(#""message":"line one\nline two\r\n100% done, key: \"x\" \\ tab\there ESC\u001b[31m NUL\u0000 bidi\u202ex sep\u2028 日本 🎉 ::error::injected""#),
                      output)
    }

    func testJSONObjectsHaveEveryKeyInOrder() {
        let output = JSONDiagnosticFormatter().render([hostileDiagnostics()[1]])
        XCTAssertEqual(output, """
        [
          {"code":"unused-reference","severity":"warning","message":"image 'star' is never used","file":null,"line":null,\
        "column":null,"endLine":null,"endColumn":null,"path":null,"notes":[],"fix":null}
        ]

        """)
        XCTAssertEqual(JSONDiagnosticFormatter().render([]), "[]\n")
    }

    // MARK: github

    /// What the runner makes of one workflow command line (actions/runner `ActionCommand.TryParseV2`):
    /// the command, its properties unescaped, and its message unescaped.
    private func parseWorkflowCommand(_ line: Substring) -> (command: String, properties: [String: String], data: String)? {
        guard line.hasPrefix("::"), let separator = line.dropFirst(2).range(of: "::") else { return nil }
        let info = line[line.index(line.startIndex, offsetBy: 2)..<separator.lowerBound]
        let parts = info.split(separator: " ", maxSplits: 1)
        var properties: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: ",") {
                let keyValue = pair.split(separator: "=", maxSplits: 1)
                guard keyValue.count == 2 else { continue }
                var value = String(keyValue[1])
                for (escaped, raw) in [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")] {
                    value = value.replacingOccurrences(of: escaped, with: raw)
                }
                properties[String(keyValue[0])] = value
            }
        }
        var data = String(line[separator.upperBound...])
        for (escaped, raw) in [("%0D", "\r"), ("%0A", "\n"), ("%25", "%")] {
            data = data.replacingOccurrences(of: escaped, with: raw)
        }
        return (String(parts[0]), properties, data)
    }

    func testGitHubCommandsSurviveTheRunnersParser() throws {
        let output = GitHubDiagnosticFormatter().render(hostileDiagnostics())
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 3, "one line per diagnostic:\n\(output)")
        XCTAssertFalse(output.contains("\r"))
        XCTAssertFalse(output.unicodeScalars.contains { $0 != "\n" && TerminalSafeText.isUnsafe($0) })

        let first = try XCTUnwrap(parseWorkflowCommand(lines[0]))
        XCTAssertEqual(first.command, "error")
        XCTAssertEqual(first.properties, [
            "file": "dir/we,ird: 100%\n\"name\"\\u{1B}.yaml", "line": "3", "col": "3", "endLine": "3", "endColumn": "5",
            "title": "duplicate-key",
        ])
        XCTAssertEqual(first.data, "line one\nline two\r\n100% done, key: \"x\" \\ tab\\u{9}here ESC\\u{1B}[31m NUL\\u{0} "
            + "bidi\\u{202E}x sep\u{2028} 日本 🎉 ::error::injected"
            + "\nfix: fix\nit, now: 1%"
            + "\ndir/we,ird: 100%\n\"name\"\\u{1B}.yaml:2:3: note: first, here: 50%\n\"ok\"")

        let second = try XCTUnwrap(parseWorkflowCommand(lines[1]))
        XCTAssertEqual(second.command, "warning")
        XCTAssertEqual(second.properties, ["title": "unused-reference"])
        XCTAssertEqual(second.data, "image 'star' is never used")
    }

    func testGitHubEscapesExactly() {
        XCTAssertEqual(GitHubDiagnosticFormatter.escape("a%b\r\nc:d,e", inProperty: false), "a%25b%0D%0Ac:d,e")
        XCTAssertEqual(GitHubDiagnosticFormatter.escape("a%b\r\nc:d,e", inProperty: true), "a%25b%0D%0Ac%3Ad%2Ce")
        XCTAssertEqual(GitHubDiagnosticFormatter.escape("%0A", inProperty: false), "%250A", "an escape-like text stays text")
        XCTAssertEqual(GitHubDiagnosticFormatter.escape("\u{1B}[2J\u{7}", inProperty: false), "\\u{1B}[2J\\u{7}")
    }

    func testGitHubSeveritiesAndRanges() {
        let file = SourceFile(name: "notes.yaml", text: "a:\n  b: 1\n  c: 2\nd: 3\n")
        func command(_ severity: Severity, from start: (Int, Int), to end: (Int, Int)) -> String {
            let range = SourceRange(start: file.mark(line: start.0, scalarColumn: start.1 - 1),
                                    end: file.mark(line: end.0, scalarColumn: end.1 - 1))
            return GitHubDiagnosticFormatter().render([Diagnostic(severity, code: .unknownKey, message: "m", file: file, range: range)])
        }
        XCTAssertEqual(command(.error, from: (2, 3), to: (2, 4)),
                       "::error file=notes.yaml,line=2,col=3,endLine=2,endColumn=4,title=unknown-key::m\n")
        XCTAssertEqual(command(.warning, from: (2, 3), to: (2, 3)),
                       "::warning file=notes.yaml,line=2,col=3,endLine=2,endColumn=3,title=unknown-key::m\n", "an empty range")
        XCTAssertEqual(command(.note, from: (1, 1), to: (4, 5)),
                       "::notice file=notes.yaml,line=1,endLine=4,title=unknown-key::m\n", "columns only within one line")
        XCTAssertEqual(command(.error, from: (2, 3), to: (3, 1)),
                       "::error file=notes.yaml,line=2,col=3,endLine=2,endColumn=7,title=unknown-key::m\n",
                       "a range that ends past a line break ends on the line before")
        XCTAssertEqual(command(.error, from: (1, 1), to: (4, 1)),
                       "::error file=notes.yaml,line=1,endLine=3,title=unknown-key::m\n")
        XCTAssertEqual(GitHubDiagnosticFormatter().render([Diagnostic(.error, code: .unknownKey, message: "m", file: file)]),
                       "::error file=notes.yaml,title=unknown-key::m\n")
        XCTAssertEqual(GitHubDiagnosticFormatter().render([]), "")
    }

    // MARK: sarif

    private func sarif(_ diagnostics: [Diagnostic]) throws -> [String: Any] {
        let output = SARIFDiagnosticFormatter(toolVersion: "9.8.7").render(diagnostics)
        XCTAssertTrue(output.hasSuffix("}\n"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    func testSARIFRoundTripsHostileTextAndEncodesTheURI() throws {
        let log = try sarif(hostileDiagnostics())
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(run["columnKind"] as? String, "unicodeCodePoints")
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "whatsnew")
        XCTAssertEqual(driver["version"] as? String, "9.8.7")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, ["duplicate-key", "unused-reference"])
        let encoded = "dir/we%2Cird%3A%20100%25%0A%22name%22%1B.yaml"
        let artifacts = try XCTUnwrap(run["artifacts"] as? [[String: Any]])
        XCTAssertEqual(artifacts.map { ($0["location"] as? [String: Any])?["uri"] as? String }, [encoded])

        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["level"] as? String }, ["error", "warning"])
        XCTAssertEqual(results.map { $0["ruleIndex"] as? Int }, [0, 1])
        XCTAssertEqual((results[0]["message"] as? [String: Any])?["text"] as? String, Self.hostileMessage)
        let location = try XCTUnwrap((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((location["artifactLocation"] as? [String: Any])?["uri"] as? String, encoded)
        XCTAssertEqual((location["artifactLocation"] as? [String: Any])?["index"] as? Int, 0)
        XCTAssertEqual(location["region"] as? [String: Int], ["startLine": 3, "startColumn": 3, "endLine": 3, "endColumn": 5])
        let related = try XCTUnwrap(results[0]["relatedLocations"] as? [[String: Any]])
        XCTAssertEqual(related.first?["id"] as? Int, 1)
        XCTAssertEqual((related.first?["message"] as? [String: Any])?["text"] as? String, "first, here: 50%\n\"ok\"")
        XCTAssertEqual(results[0]["properties"] as? [String: String], ["fix": "fix\nit, now: 1%", "path": "/app/a~1b/\"q\""])
        XCTAssertNil(results[1]["locations"], "a diagnostic without a file has no location")
    }

    func testSARIFWithNoDiagnosticsIsAnEmptyRun() throws {
        let run = try XCTUnwrap((try sarif([]))["runs"] as? [[String: Any]])
        XCTAssertEqual(run.count, 1)
        XCTAssertEqual((run[0]["results"] as? [Any])?.count, 0)
        XCTAssertEqual((run[0]["artifacts"] as? [Any])?.count, 0)
    }

    func testSARIFURIsAreURIReferences() {
        XCTAssertEqual(SARIFDiagnosticFormatter.uri(forPath: "notes.yaml"), "notes.yaml")
        XCTAssertEqual(SARIFDiagnosticFormatter.uri(forPath: "docs/release-notes_v2.yaml"), "docs/release-notes_v2.yaml")
        XCTAssertEqual(SARIFDiagnosticFormatter.uri(forPath: "/tmp/a b#c?.yaml"), "file:///tmp/a%20b%23c%3F.yaml")
        XCTAssertEqual(SARIFDiagnosticFormatter.uri(forPath: "c:notes.yaml"), "c%3Anotes.yaml", "never read as a scheme")
        XCTAssertEqual(SARIFDiagnosticFormatter.uri(forPath: "日本.yaml"), "%E6%97%A5%E6%9C%AC.yaml")
        XCTAssertEqual(SARIFDiagnosticFormatter.uri(forPath: "<stdin>"), "%3Cstdin%3E")
    }

    func testSARIFIsDeterministic() {
        let formatter = SARIFDiagnosticFormatter(toolVersion: "1.0.0")
        XCTAssertEqual(formatter.render(hostileDiagnostics()), formatter.render(hostileDiagnostics()))
        // Rules and artifacts come out sorted, whatever order the results are in.
        func header(_ output: String) -> Substring { output[..<output.range(of: "\"results\"")!.lowerBound] }
        XCTAssertEqual(header(formatter.render(hostileDiagnostics().reversed())), header(formatter.render(hostileDiagnostics())))
    }

    // MARK: text

    func testTextNeverWritesControlCharactersRaw() {
        let output = TextDiagnosticPrinter().render(hostileDiagnostics()[0])
        XCTAssertFalse(output.unicodeScalars.contains { $0 != "\n" && TerminalSafeText.isUnsafe($0) }, output)
        XCTAssertTrue(output.hasPrefix("dir/we,ird: 100%\\u{A}\"name\"\\u{1B}.yaml:3:3: error: line one\\u{A}line two"), output)
    }

    // MARK: catalog

    func testTheCatalogDescribesEachCodeFromItsDocumentation() {
        XCTAssertEqual(DiagnosticCatalog.shortDescription(of: "duplicate-key"), "A key appears twice in one mapping; the note points at the first.")
        XCTAssertEqual(DiagnosticCatalog.entry(for: .duplicateKey).severity, .error)
        XCTAssertEqual(DiagnosticCatalog.entry(named: "duplicate-feature")?.severity, .warning)
        XCTAssertNil(DiagnosticCatalog.entry(named: "brand-new-rule"))
        XCTAssertEqual(DiagnosticCatalog.shortDescription(of: "brand-new-rule"), "brand-new-rule", "no text is made up for a code the catalog lacks")
        XCTAssertGreaterThan(DiagnosticCatalog.all.count, 100)
        XCTAssertEqual(DiagnosticCatalog.all.map(\.code), DiagnosticCode.allCases, "one entry per code, in the order of the cases")
        for entry in DiagnosticCatalog.all {
            XCTAssertFalse(entry.summary.isEmpty, entry.code.rawValue)
            XCTAssertTrue(entry.documentation.hasPrefix(entry.summary.prefix(20)), entry.code.rawValue)
            XCTAssertFalse(entry.documentation.contains("```"), entry.code.rawValue)
        }
    }
}
