import Foundation
import TestSupport
import XCTest

/// `whatsnew --help` and the help of every subcommand, found from the binary's own help (its SUBCOMMANDS
/// sections), so a new subcommand is held to the same: at 80 columns no line is wider, the argument parser
/// alone wraps the prose (a help string breaks lines only between paragraphs and list items), and every
/// `$ …` example, run in a copy of `Fixtures/help/`, prints what the help shows (see `DocumentedCommands`:
/// `…` stands for what is too long to show).
final class HelpTextTests: XCTestCase {
    private static let columns = 80

    /// Every command as its words after `whatsnew`: [] for the root, then ["compile"], ["tip", "show"], ….
    private static let commands: [[String]] = {
        var found: [[String]] = []
        var pending: [[String]] = [[]]
        while let command = pending.first {
            pending.removeFirst()
            found.append(command)
            let help = (try? help(of: command)) ?? ""
            pending += subcommands(in: help).map { command + [$0] }
        }
        return found
    }()

    private static func help(of command: [String]) throws -> String {
        let result = try CommandRunner.run(command + ["--help"], environment: ["COLUMNS": String(columns)])
        guard result.status == 0, result.stderr.isEmpty else {
            throw DocumentationTests.DocumentationError(description: "whatsnew \(command.joined(separator: " ")) --help: exit \(result.status), \(result.stderr)")
        }
        return result.stdout
    }

    /// The names in the SUBCOMMANDS section of a help text (`help`, the argument parser's own, left out).
    static func subcommands(in help: String) -> [String] {
        var names: [String] = []
        var inSection = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") && !line.isEmpty { inSection = line == "SUBCOMMANDS:" }
            // An entry is "  name   abstract", the name two spaces in; its wrapped abstract is further in.
            guard inSection, line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
            let name = line.dropFirst(2).prefix { $0 != " " }
            if !name.isEmpty, !name.hasPrefix("See"), name != "help" { names.append(String(name)) }
        }
        return names
    }

    /// The columns a line takes on a terminal: two for a wide character or an emoji, none for a joiner or a
    /// variation selector.
    static func width(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            if value == 0x200D || (0xFE00...0xFE0F).contains(value) || scalar.properties.generalCategory == .nonspacingMark { return width }
            let wide = scalar.properties.isEmojiPresentation || (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0x20000...0x3FFFD).contains(value)
            return width + (wide ? 2 : 1)
        }
    }

    func testEverySubcommandIsFound() throws {
        let names = Self.commands.map { $0.joined(separator: " ") }
        for expected in ["", "compile", "validate", "show", "tip", "tip show", "tip donate", "state", "state merge", "import", "init", "schema", "dump-tree"] {
            XCTAssertTrue(names.contains(expected), "'\(expected)' is not found in \(names)")
        }
        // The same as the argument parser's own description of the commands.
        let dump = try Self.dumpedCommands()
        XCTAssertEqual(Set(names), Set(dump.keys))
    }

    func testEveryLineFitsEightyColumns() throws {
        for command in Self.commands {
            for (number, line) in try Self.help(of: command).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.width(line) > Self.columns {
                XCTFail("whatsnew \(command.joined(separator: " ")) --help, line \(number + 1), is \(Self.width(line)) columns wide:\n\(line)")
            }
        }
    }

    func testTheOverviewIsWrappedByTheArgumentParserAlone() throws {
        for command in Self.commands {
            for problem in Self.overviewProblems(in: try Self.help(of: command)) {
                XCTFail("whatsnew \(command.joined(separator: " ")) --help:\n\(problem)")
            }
        }
    }

    /// The symptom of a help string with its own line breaks, in the overview (what comes before USAGE): a line
    /// that ends though the next word would have fit on it ("… 64 usage" / "error," / "74 an input …"), or an
    /// example or list item the argument parser had to wrap, its rest at the left margin.
    static func overviewProblems(in help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let overview = lines.prefix { !$0.hasPrefix("USAGE:") }
        var problems: [String] = []
        for (a, b) in zip(overview, overview.dropFirst()) where !a.isEmpty && !b.isEmpty && !b.hasPrefix(" ") {
            if a.hasPrefix(" ") {
                problems.append("\(a)\n\(b)\nan example or list item is wrapped, or a paragraph follows it without a blank line")
                continue
            }
            // The argument parser breaks a line at its last space within the width, so a word that fits in the
            // width less one would have stayed on the line.
            if width(a) + 1 + width(b.prefix { $0 != " " }) <= columns - 1 {
                problems.append("\(a)\n\(b)\nthe line ends before its paragraph does: the help string has a line break inside it")
            }
        }
        return problems
    }

    /// The help strings as written (the argument parser's `--experimental-dump-help`): a paragraph is one line,
    /// a list or an example is followed by a blank line, and an option's help has no line break at all, so the
    /// help reads well at any width.
    func testHelpStringsBreakLinesOnlyBetweenParagraphsAndItems() throws {
        for (name, command) in try Self.dumpedCommands() {
            let place = "whatsnew \(name)"
            XCTAssertFalse((command["abstract"] as? String ?? "").contains("\n"), "\(place): the abstract has a line break")
            for problem in Self.discussionProblems(in: command["discussion"] as? String ?? "") {
                XCTFail("\(place): \(problem)")
            }
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                let abstract = argument["abstract"] as? String ?? ""
                XCTAssertFalse(abstract.contains("\n"), "\(place), \(argument["valueName"] ?? "?"): a line break in its help:\n\(abstract)")
            }
        }
    }

    /// Two lines of a discussion with a single line break between them where the second is not indented: a
    /// paragraph broken in two, or a paragraph right after a list or an example.
    static func discussionProblems(in discussion: String) -> [String] {
        let lines = discussion.split(separator: "\n", omittingEmptySubsequences: false)
        return zip(lines, lines.dropFirst()).filter { a, b in !a.isEmpty && !b.isEmpty && !b.hasPrefix(" ") }.map { a, b in
            "a line break inside a paragraph, or no blank line after a list:\n\(a)\n\(b)"
        }
    }

    func testEveryExampleInTheHelpPrintsWhatItShows() throws {
        var examples = 0
        for command in Self.commands {
            let name = "whatsnew \(command.joined(separator: " ")) --help"
            let lines = Self.exampleLines(in: try Self.help(of: command))
            guard !lines.isEmpty else { continue }
            let block = DocumentedCommands.Block(document: name, line: 0, language: "console", attributes: ["cwd=Fixtures/help"],
                                                 lines: lines, heading: "Example")
            let results = try DocumentedCommands.run(blocks: [block])
            examples += results.flatMap(\.commands).count
            for failure in results.flatMap(\.failures) { XCTFail(failure) }
        }
        XCTAssertGreaterThan(examples, 30)
    }

    /// The example sessions of a help text, their indentation taken off: from each `  $ ` line, the lines
    /// indented under it (and blank ones) up to the next paragraph.
    static func exampleLines(in help: String) -> [String] {
        var lines: [String] = []
        var inExample = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  $ ") {
                inExample = true
            } else if !line.isEmpty && !line.hasPrefix("  ") {
                inExample = false
            }
            guard inExample else { continue }
            lines.append(String(line.dropFirst(2)))
        }
        return lines
    }

    func testExampleSessionsAreReadFromTheHelp() {
        let help = "OVERVIEW: x\n\nExample:\n  $ whatsnew a \\\n      --b\n  out\n\n  more\n  $ whatsnew c\n\nProse.\n  item\n"
        XCTAssertEqual(Self.exampleLines(in: help), ["$ whatsnew a \\", "    --b", "out", "", "more", "$ whatsnew c", ""])
        let block = DocumentedCommands.Block(document: "d", line: 0, language: "console", attributes: [], lines: Self.exampleLines(in: help), heading: "h")
        XCTAssertEqual(DocumentedCommands.commands(of: block).map(\.text), ["whatsnew a \\\n    --b", "whatsnew c"])
        XCTAssertTrue(DocumentedCommands.matches(shown: ["a", "b …"], actual: ["a", "b c d"]))
        XCTAssertTrue(DocumentedCommands.matches(shown: ["a", "…"], actual: ["a", "b", "c"]))
        XCTAssertFalse(DocumentedCommands.matches(shown: ["a", "b …"], actual: ["a", "x c"]))
        XCTAssertFalse(DocumentedCommands.matches(shown: ["a"], actual: ["a", "b"]))
    }

    /// What `whatsnew --help` printed before its help strings were rewritten: both checks find its breaks.
    func testTheChecksFindTheBrokenLinesOfTheOldHelp() {
        let rendered = """
        OVERVIEW: Compile one manifest of release notes into terminal text, Markdown,
        HTML and JSON.

        Example:
          whatsnew validate notes.yaml

        Exit codes: 0 success (warnings allowed), 1 the input has errors, 64 usage
        error,
        74 an input could not be read or an output could not be written.

        USAGE: whatsnew <subcommand>
        """
        XCTAssertEqual(Self.overviewProblems(in: rendered).map { $0.split(separator: "\n").prefix(2) }, [["error,", "74 an input could not be read or an output could not be written."]])
        XCTAssertEqual(Self.overviewProblems(in: "OVERVIEW: x\n\n  $ whatsnew compile notes.yaml --into appcast.xml       # fill its\ndescriptions\n").count, 1)
        let written = """
        Exit codes: 0 success (warnings allowed), 1 the input has errors, 64 usage error,
        74 an input could not be read or an output could not be written.
        """
        XCTAssertEqual(Self.discussionProblems(in: written).count, 1)
        XCTAssertEqual(Self.discussionProblems(in: "Example:\n  $ whatsnew a\n  out\n\nProse.\n  item\n  item\n\nMore.").count, 0)
        XCTAssertEqual(Self.discussionProblems(in: "Example:\n  $ whatsnew a\nProse.").count, 1)
        XCTAssertEqual(Self.width("│ ⚡ Try --parallel │"), 21)
        XCTAssertEqual(Self.subcommands(in: "SUBCOMMANDS:\n  show                    Show it\n                          wrapped\n  help   x\n\n  See 'x'\n"), ["show"])
    }

    /// The commands `--experimental-dump-help` describes, by their words after `whatsnew` ("" for the root).
    private static func dumpedCommands() throws -> [String: [String: Any]] {
        let result = try CommandRunner.run(["--experimental-dump-help"])
        guard let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
              let root = object["command"] as? [String: Any] else {
            throw DocumentationTests.DocumentationError(description: "--experimental-dump-help: \(result.stdout.prefix(200))")
        }
        var found: [String: [String: Any]] = [:]
        func walk(_ command: [String: Any], _ words: [String]) {
            found[words.joined(separator: " ")] = command
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                guard let name = sub["commandName"] as? String, name != "help" else { continue }
                walk(sub, words + [name])
            }
        }
        walk(root, [])
        return found
    }
}
