import ArgumentParser
import WhatsNewCore
import YAMLTree

/// How inputs are read, shared by every command that reads a manifest.
struct InputOptions: ParsableArguments {
    @Option(name: .long, help: "The file name to use for standard input ('-') in diagnostics; its extension picks YAML or JSON.")
    var assumeFilename: String?

    @Option(name: .long, help: "The largest input read, in bytes.")
    var maxInputBytes: Int = YAMLLimits().maxInputBytes

    @Option(name: .long, help: "The deepest nesting of sequences and mappings.")
    var maxDepth: Int = YAMLLimits().maxDepth

    @Option(name: .long, help: "How many bytes YAML aliases may expand to, per input byte (each alias counts its anchor's text and 16 per node; at least 64 KiB in all).")
    var aliasBudget: Int = YAMLLimits().aliasExpansionPerByte

    @Option(name: .long, help: ArgumentHelp(
        "How many diagnostics to print (the first ones by file, line and column; the rest are counted); 0 prints every one.",
        valueName: "n"))
    var maxDiagnostics: Int = DiagnosticEngine.defaultLimit

    func validate() throws {
        guard maxDiagnostics >= 0 else { throw ValidationError("--max-diagnostics must not be negative, found \(maxDiagnostics)") }
        guard maxInputBytes > 0 else { throw ValidationError("--max-input-bytes must be positive, found \(maxInputBytes)") }
        guard maxDepth > 0 else { throw ValidationError("--max-depth must be positive, found \(maxDepth)") }
        guard aliasBudget >= 0 else { throw ValidationError("--alias-budget must not be negative, found \(aliasBudget)") }
    }

    /// An engine that keeps `--max-diagnostics` diagnostics.
    func makeEngine(strict: Bool = false) -> DiagnosticEngine {
        DiagnosticEngine(strict: strict, limit: maxDiagnostics == 0 ? nil : maxDiagnostics)
    }

    var readOptions: ReadOptions {
        var limits = YAMLLimits()
        limits.maxInputBytes = maxInputBytes
        limits.maxDepth = maxDepth
        limits.aliasExpansionPerByte = aliasBudget
        return ReadOptions(assumeFilename: assumeFilename, limits: limits)
    }
}
