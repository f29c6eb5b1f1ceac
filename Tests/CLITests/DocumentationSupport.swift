import Foundation
import TestSupport

/// The shell code blocks of `README.md` and `docs/*.md`, run as a reader would run them.
///
/// A block is fenced with an info string: its first word is the language, the rest are attributes.
/// - ```` ```sh ```` — every line is a command (a line ending in `\` goes on); each must exit 0.
/// - ```` ```console ```` — a line starting with `$ ` is a command, the lines up to the next `$ ` are what it
///   prints (standard output and standard error, as a terminal shows them), compared exactly but for
///   trailing spaces. A command must exit 0, unless what it prints shows an error (`: error: `, `::error `,
///   `whatsnew: error:`, `"severity":"error"`, "error(s) generated"), then it must fail; a command followed by `$ echo $?` is
///   checked by that line instead.
///   A line `…` stands for the rest of what it prints, a line ending in ` …` for the rest of that line.
/// - `no-run` — not run: installation, `make` targets, the test suite itself. Keep these few.
/// - `cwd=DIR` — run in DIR (relative to the repository) instead of the repository's root.
///
/// Each document runs in a copy of the repository's examples (`docs/`, `Fixtures/`, `Templates/`,
/// `Schemas/`) in a temporary directory, its blocks in order (a later block sees what an earlier one
/// wrote), with the built `whatsnew` first on `PATH` and `HOME` at `<tmp>/home/ada`. The temporary
/// directory's path is removed from what commands print, so `/home/ada/.local/state/…` reads as documented.
///
/// `WHATSNEW_RECORD_GOLDENS=1` (`make goldens`) writes what the commands print now into the documents.
struct DocumentedCommands {
    struct Block: Sendable {
        let document: String
        /// The 1-based line of the opening fence.
        let line: Int
        let language: String
        let attributes: [String]
        let lines: [String]
        /// The heading the block stands under ("`duplicate-key`", "Set-up"), for messages.
        let heading: String

        var runs: Bool { Self.shellLanguages.contains(language) && !attributes.contains("no-run") }
        var directory: String? { attributes.first { $0.hasPrefix("cwd=") }.map { String($0.dropFirst(4)) } }
        var place: String { "\(document):\(line) (under '\(heading)')" }

        static let shellLanguages: Set<String> = ["sh", "console", "shell", "bash"]
    }

    struct Command: Sendable {
        let text: String
        /// The line of the document the command is on.
        let line: Int
        /// What the document shows it printing (console blocks), or nil (sh blocks: not compared).
        let expected: [String]?
        /// The index range of `expected` in the block's lines, to record.
        let outputLines: Range<Int>?
    }

    struct Outcome: Sendable {
        let command: Command
        let output: String
        let status: Int32
    }

    struct BlockResult: Sendable {
        let block: Block
        let commands: [Command]
        let outcomes: [Outcome]
        /// Why the block failed, one message per problem.
        let failures: [String]
    }

    static let documents: [String] = {
        let docs = Paths.repositoryRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    // MARK: Parsing

    static func blocks(in document: String) throws -> [Block] {
        let text = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
        return blocks(inText: text, document: document)
    }

    static func blocks(inText text: String, document: String) -> [Block] {
        var blocks: [Block] = []
        var heading = document
        var open: (line: Int, fence: String, info: [String], lines: [String])?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            if var current = open {
                if line.trimmingCharacters(in: .whitespaces) == current.fence {
                    blocks.append(Block(document: document, line: current.line, language: current.info.first ?? "",
                                        attributes: Array(current.info.dropFirst()), lines: current.lines, heading: heading))
                    open = nil
                } else {
                    current.lines.append(line)
                    open = current
                }
                continue
            }
            if line.hasPrefix("```") {
                let fence = String(line.prefix { $0 == "`" })
                let info = line.dropFirst(fence.count).split(separator: " ").map(String.init)
                open = (index + 1, fence, info, [])
            } else if line.hasPrefix("#") {
                heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            }
        }
        return blocks
    }

    static func commands(of block: Block) -> [Command] {
        var commands: [Command] = []
        var index = 0
        let lines = block.lines
        func take(_ first: String) -> String {
            var text = first
            while text.hasSuffix("\\"), index < lines.count {
                // (The backslash stays: the shell reads it and the line break as one space.)
                text += "\n" + lines[index]
                index += 1
            }
            return text
        }
        if block.language == "console" {
            while index < lines.count {
                let line = lines[index]
                let lineNumber = block.line + 1 + index
                index += 1
                guard line.hasPrefix("$ ") else { continue }
                let text = take(String(line.dropFirst(2)))
                let start = index
                while index < lines.count, !lines[index].hasPrefix("$ ") { index += 1 }
                commands.append(Command(text: text, line: lineNumber, expected: Array(lines[start..<index]), outputLines: start..<index))
            }
        } else {
            while index < lines.count {
                let line = lines[index]
                let lineNumber = block.line + 1 + index
                index += 1
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                commands.append(Command(text: take(line), line: lineNumber, expected: nil, outputLines: nil))
            }
        }
        return commands
    }

    // MARK: Running

    /// Runs every runnable block of `document`, in order, in one sandbox.
    static func run(_ document: String) throws -> [BlockResult] {
        try run(blocks: blocks(in: document).filter(\.runs))
    }

    /// Runs `blocks`, in order, in one sandbox of their own.
    static func run(blocks: [Block]) throws -> [BlockResult] {
        guard !blocks.isEmpty else { return [] }
        let sandbox = try Sandbox()
        return try blocks.map { try run($0, in: sandbox) }
    }

    /// The lines a command printed, as the document would show them.
    static func normalized(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Whether a command printed what a document shows: the same lines, except that a line `…` stands for
    /// the rest of the output, and a line ending in ` …` for the rest of that line (for what is too long to
    /// show, such as the help texts' examples at 80 columns).
    static func matches(shown: [String], actual: [String]) -> Bool {
        for (index, line) in shown.enumerated() {
            if line == "…" { return index <= actual.count }
            guard index < actual.count else { return false }
            if line.hasSuffix(" …") {
                guard actual[index].hasPrefix(line.dropLast()) else { return false }
            } else if actual[index] != line {
                return false
            }
        }
        return shown.count == actual.count
    }

    static func showsError(_ lines: [String]) -> Bool {
        lines.contains { line in
            line.contains(": error: ") || line.hasPrefix("::error ") || line.hasPrefix("whatsnew: error:") || line.contains(#""severity":"error""#)
                || line.hasSuffix(" error generated.") || line.hasSuffix(" errors generated.") || line.hasPrefix("Error: ")
        }
    }

    private static let separator = "\u{1E}"

    private static func run(_ block: Block, in sandbox: Sandbox) throws -> BlockResult {
        let commands = commands(of: block)
        var script = "unset XDG_STATE_HOME WHATSNEW_CURRENT_VERSION WHATSNEW_DISABLE COLORTERM NO_COLOR COLUMNS\ncd \"$WHATSNEW_DOC_ROOT\"\n"
        if let directory = block.directory { script += "cd \(directory) || exit 99\n" }
        for (index, command) in commands.enumerated() {
            script += "{\n\(command.text)\n} 2>&1\n__status=$?\nprintf '\(separator)%d %d\\n' \(index) $__status\n(exit $__status)\n"
        }
        let scriptURL = sandbox.url.appendingPathComponent("block-\(block.line).sh")
        try Data(script.utf8).write(to: scriptURL)
        let result = try CommandRunner.run(executable: URL(fileURLWithPath: "/usr/bin/timeout"),
                                           ["300", "/bin/bash", scriptURL.path], in: sandbox.repository,
                                           environment: sandbox.environment)
        var outcomes: [Outcome] = []
        var failures: [String] = []
        let pieces = result.stdout.replacingOccurrences(of: sandbox.url.path, with: "").components(separatedBy: separator)
        // pieces[0] is the first command's output; each later piece starts with "INDEX STATUS\n" of the previous.
        var output = pieces.first ?? ""
        for piece in pieces.dropFirst() {
            let header = piece.prefix { $0 != "\n" }
            let parts = header.split(separator: " ")
            guard parts.count == 2, let index = Int(parts[0]), let status = Int32(parts[1]), index < commands.count else { break }
            outcomes.append(Outcome(command: commands[index], output: output, status: status))
            output = String(piece.dropFirst(header.count + 1))
        }
        if outcomes.count < commands.count {
            failures.append("\(block.place): the block stopped after \(outcomes.count) of \(commands.count) commands (exit \(result.status))\n"
                + result.stdout.suffix(2000) + result.stderr.suffix(2000))
        }
        for (position, outcome) in outcomes.enumerated() {
            let command = outcome.command
            let where_ = "\(block.document):\(command.line) (under '\(block.heading)'): $ \(command.text)"
            let followedByEcho = position + 1 < commands.count && commands[position + 1].text.trimmingCharacters(in: .whitespaces) == "echo $?"
            let actual = normalized(outcome.output)
            if let expected = command.expected {
                let shown = normalized(expected.joined(separator: "\n"))
                if !matches(shown: shown, actual: actual) {
                    failures.append("\(where_)\nprints something else than the document shows (- document, + now):\n"
                        + Golden.lineDiff(expected: shown.joined(separator: "\n"), actual: actual.joined(separator: "\n")))
                }
                if !followedByEcho {
                    let failing = showsError(shown)
                    if failing && outcome.status == 0 {
                        failures.append("\(where_)\nexits 0, but the document shows an error")
                    } else if !failing && outcome.status != 0 {
                        failures.append("\(where_)\nexits \(outcome.status), but the document shows no error:\n" + actual.joined(separator: "\n"))
                    }
                }
            } else if outcome.status != 0 && !followedByEcho {
                failures.append("\(where_)\nexits \(outcome.status):\n" + actual.joined(separator: "\n"))
            }
        }
        return BlockResult(block: block, commands: commands, outcomes: outcomes, failures: failures)
    }

    /// Writes what the console blocks' commands printed into `document` (record mode).
    static func record(_ results: [BlockResult], into document: String) throws {
        let url = Paths.repositoryRoot.appendingPathComponent(document)
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // From the end, so earlier line numbers stay valid.
        var replacements: [(range: Range<Int>, lines: [String])] = []
        for result in results where result.block.language == "console" {
            for outcome in result.outcomes {
                guard let range = outcome.command.outputLines else { continue }
                let start = result.block.line + range.lowerBound
                replacements.append((start..<(start + range.count), normalized(outcome.output)))
            }
        }
        for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            lines.replaceSubrange(replacement.range, with: replacement.lines)
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
    }

    /// A temporary copy of what the documents' commands read, with a home directory of its own.
    final class Sandbox {
        let directory: TemporaryDirectory
        var url: URL { directory.url }
        var repository: URL { url.appendingPathComponent("repo") }
        var home: URL { url.appendingPathComponent("home/ada") }

        init() throws {
            directory = try TemporaryDirectory("docs")
            let manager = FileManager.default
            try manager.createDirectory(at: repository, withIntermediateDirectories: true)
            try manager.createDirectory(at: home, withIntermediateDirectories: true)
            for name in ["docs", "Fixtures", "Templates", "Schemas", "README.md"] {
                try manager.copyItem(at: Paths.repositoryRoot.appendingPathComponent(name), to: repository.appendingPathComponent(name))
            }
        }

        var environment: [String: String] {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            return [
                "PATH": Paths.binary.deletingLastPathComponent().path + ":" + path,
                "HOME": home.path,
                "WHATSNEW_DOC_ROOT": repository.path,
                "TERM": "dumb", "LC_ALL": "C.UTF-8",
            ]
        }
    }
}

/// The diagnostic codes the sources report, and those `docs/diagnostics.md` documents.
enum DiagnosticCodes {
    /// Every code the sources can report, with the first place that reports it. A code is a case of
    /// `DiagnosticCode` (`.duplicateKey`, `DiagnosticCode.corruptStateFile`) or a kebab-case string literal (YAMLTree,
    /// which knows no catalog) on a line that makes a diagnostic (`code: …`, `code = …`, `Code = …`, `error(…`,
    /// `warning(…`, `warn(…`, `report(…`), or `schema-` and a keyword the schema evaluator records a failure of
    /// (`record("minItems"`, `check("maximum"`, `reportClosest("anyOf"`, `.keyword = "propertyNames"`). Generated files are not sources: the
    /// catalog (`DiagnosticCatalog+Entries.swift`, which declares the cases) is made from the documentation, so it
    /// names every documented code.
    static func inSources() throws -> [String: String] {
        let root = Paths.repositoryRoot
        let sources = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [:] }
        let kebab = try NSRegularExpression(pattern: #""([a-z][a-z0-9]*(?:-[a-z0-9]+)+)""#)
        let cases = try Self.cases()
        let member = try NSRegularExpression(pattern: #"(?:DiagnosticCode)?\.([a-z][A-Za-z0-9]*)\b"#)
        let diagnosticLine = try NSRegularExpression(pattern: #"\bcode:|\bcode =|Code =|\b(?:error|warning|warn|report)\([".]"#)
        let evaluatorCall = try NSRegularExpression(pattern: #"\b(?:record|check|reportClosest)\(([^,]*),"#)
        let keyword = try NSRegularExpression(pattern: #""([A-Za-z]+)""#)
        let keywordAssignment = try NSRegularExpression(pattern: #"\.keyword = "([A-Za-z]+)""#)
        var codes: [String: String] = [:]
        func matches(_ expression: NSRegularExpression, in text: String) -> [String] {
            expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            }
        }
        for case let path as String in walker where path.hasSuffix(".swift") && !path.hasSuffix("+Text.swift")
            && !path.hasSuffix("DiagnosticCatalog+Entries.swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                let place = "Sources/\(path):\(index + 1)"
                var found: [String] = []
                if diagnosticLine.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found += matches(kebab, in: line)
                    found += matches(member, in: line).compactMap { cases[$0] }
                }
                if path.hasSuffix("SchemaEvaluator.swift") {
                    for argument in matches(evaluatorCall, in: line) { found += matches(keyword, in: argument).map { "schema-" + $0 } }
                    found += matches(keywordAssignment, in: line).map { "schema-" + $0 }
                }
                for code in found where codes[code] == nil { codes[code] = place }
            }
        }
        return codes
    }

    /// The cases of `DiagnosticCode` by name, with the code each spells, read from the generated catalog.
    static func cases() throws -> [String: String] {
        let path = Paths.repositoryRoot.appendingPathComponent("Sources/WhatsNewDiagnostics/Catalog/DiagnosticCatalog+Entries.swift")
        let text = try String(contentsOf: path, encoding: .utf8)
        let declaration = try NSRegularExpression(pattern: #"^    case (\w+) = "([^"]+)"$"#, options: .anchorsMatchLines)
        var cases: [String: String] = [:]
        for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            if let name = Range(match.range(at: 1), in: text), let code = Range(match.range(at: 2), in: text) {
                cases[String(text[name])] = String(text[code])
            }
        }
        return cases
    }

    struct Section {
        let code: String
        let line: Int
        let severity: String?
    }

    /// The `### `code`` entries of the document, with their severity lines.
    static func sections(of text: String) -> [Section] {
        var sections: [Section] = []
        var current: (code: String, line: Int, severity: String?)?
        func close() {
            if let current { sections.append(Section(code: current.code, line: current.line, severity: current.severity)) }
            current = nil
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("#") {
                close()
                if line.hasPrefix("### `"), line.hasSuffix("`") {
                    current = (String(line.dropFirst(5).dropLast()), index + 1, nil)
                }
            } else if current != nil, current?.severity == nil, let range = line.range(of: "**Severity:** ") {
                current?.severity = String(line[range.upperBound...].prefix { $0.isLetter })
            }
        }
        close()
        return sections
    }

    /// The documented codes, with the line of their entry.
    static func documented() throws -> [String: Int] {
        let text = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        var codes: [String: Int] = [:]
        for section in sections(of: text) { codes[section.code] = section.line }
        return codes
    }
}

/// The files `compile -o DIR/` writes, as `docs/outputs.md` documents them and as the binary writes them.
enum OutputNames {
    struct Documented {
        /// For each `--format`, the files it writes into the directory.
        var formats: [String: [String]] = [:]
        /// What is written without `--format`.
        var defaultFiles: [String] = []
    }

    /// Reads the rows of the table between `<!-- output-files -->` and `<!-- /output-files -->`:
    /// `| `format` | `file`, `file` | … |`, and the row whose format is `(none)` for the default.
    static func documented() throws -> Documented {
        let text = try String(contentsOf: Paths.repositoryRoot.appendingPathComponent("docs/outputs.md"), encoding: .utf8)
        var result = Documented()
        guard let start = text.range(of: "<!-- output-files -->"), let end = text.range(of: "<!-- /output-files -->") else { return result }
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0] != "`--format`" else { continue }
            let files = cells[1].components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            if cells[0] == "(none)" {
                result.defaultFiles = files
            } else if cells[0].hasPrefix("`"), cells[0].hasSuffix("`") {
                result.formats[String(cells[0].dropFirst().dropLast())] = files
            }
        }
        return result
    }

    /// Whether `path` is the documented `pattern`, where `<name>` stands for one path component.
    static func path(_ path: String, matches pattern: String) -> Bool {
        let parts = path.split(separator: "/"), wanted = pattern.split(separator: "/")
        guard parts.count == wanted.count else { return false }
        return zip(parts, wanted).allSatisfy { part, want in
            guard let open = want.firstIndex(of: "<"), let close = want.firstIndex(of: ">") else { return part == want }
            let prefix = want[..<open], suffix = want[want.index(after: close)...]
            return part.count > prefix.count + suffix.count && part.hasPrefix(prefix) && part.hasSuffix(suffix)
        }
    }

    /// The formats `compile --format` accepts, from its usage error.
    static func acceptedFormats() throws -> [String] {
        let result = try CommandRunner.run(["compile", "Fixtures/notes.yaml", "--format", "?"], in: Paths.repositoryRoot)
        guard let range = result.stderr.range(of: "Please provide one of ") else { return [] }
        let rest = result.stderr[range.upperBound...]
        // A few values are listed on the line ('a', 'b' or 'c'), more one per line ("the following:" then "  - a").
        guard rest.hasPrefix("the following:") else {
            return rest.prefix { $0 != "\n" }.components(separatedBy: "'").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        return rest.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("  - ") }.map { String($0.dropFirst(4)) }
    }

    /// The files (relative paths, sorted) `compile Fixtures/notes.yaml --release 1.2.0 --platform ios ARGUMENTS -o DIR/`
    /// writes. (The fixture has features limited to platforms, which whatsnewkit-json refuses without `--platform`.)
    static func written(_ arguments: [String]) throws -> [String] {
        let directory = try TemporaryDirectory("outputs")
        try directory.mkdir("out")
        let out = directory.path("out") + "/"
        let result = try CommandRunner.run(["compile", "Fixtures/notes.yaml", "--release", "1.2.0", "--platform", "ios"] + arguments + ["-o", out],
                                           in: Paths.repositoryRoot)
        guard result.status == 0 else { throw DocumentationTests.DocumentationError(description: "compile \(arguments): \(result.stderr)") }
        guard let walker = FileManager.default.enumerator(atPath: out) else { return [] }
        var files: [String] = []
        for case let path as String in walker {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: out + path, isDirectory: &isDirectory), !isDirectory.boolValue { files.append(path) }
        }
        return files.sorted()
    }
}
