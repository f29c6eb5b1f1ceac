import ArgumentParser
import WhatsNewCore

extension DiagnosticFormat: ExpressibleByArgument {}

/// `--diagnostics text|json|github|sarif`: the format of what goes to standard error.
struct DiagnosticsOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "How to write diagnostics to standard error: text (for people), json, github (workflow commands) or sarif (SARIF 2.1.0).",
        valueName: "format"))
    var diagnostics: DiagnosticFormat = .text

    /// Whether the format prints each diagnostic's JSON Pointer (which costs a walk of the tree each).
    var printsPointers: Bool { diagnostics == .json || diagnostics == .sarif }

    /// The diagnostics of `engine` in the chosen format; text ends with a summary line and is colored
    /// when `useColor` says so.
    func render(_ engine: DiagnosticEngine, useColor: Bool) -> String {
        switch diagnostics {
        case .text: TextDiagnosticPrinter(useColor: useColor).render(engine)
        case .json: JSONDiagnosticFormatter().render(engine)
        case .github: GitHubDiagnosticFormatter().render(engine)
        case .sarif: SARIFDiagnosticFormatter(toolVersion: WhatsNewCommand.configuration.version).render(engine)
        }
    }
}
