import ArgumentParser
import WhatsNewCore

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        _superCommandName: WhatsNewCommand.name,
        abstract: "Explain a diagnostic code: what it means, an example, and the fix.",
        discussion: """
        The code is the one in brackets at the end of a diagnostic, as in [duplicate-key]. Without a code, every code is listed with its severity. The same text, with the examples' input files, is in docs/diagnostics.md.

        Example:
          $ whatsnew explain duplicate-key
          duplicate-key: error

          A key appears twice in one mapping; the note points at the first.
          …
        """
    )

    @Argument(help: "The code to explain, with or without its brackets: duplicate-key, [unknown-key].")
    var code: String?

    func run() throws {
        guard let code else {
            let width = DiagnosticCatalog.all.map(\.code.rawValue.count).max() ?? 0
            for entry in DiagnosticCatalog.all {
                let padding = String(repeating: " ", count: width - entry.code.rawValue.count)
                Output.standardOutput("\(entry.code.rawValue)\(padding)  \(entry.severity.rawValue)\n")
            }
            return
        }
        let name = code.hasPrefix("[") && code.hasSuffix("]") && code.count > 2 ? String(code.dropFirst().dropLast()) : code
        guard let entry = DiagnosticCatalog.entry(named: name) else {
            let suggestion = Suggestion.phrase(for: name, in: DiagnosticCatalog.all.map(\.code.rawValue))
            throw ValidationError("unknown diagnostic code '\(name)'\(suggestion); 'whatsnew explain' lists every code")
        }
        Output.standardOutput("\(entry.code.rawValue): \(entry.severity.rawValue)\n\n\(entry.documentation)\n")
    }
}
