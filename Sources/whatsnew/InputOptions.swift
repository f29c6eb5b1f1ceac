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

    @Option(name: .long, help: "How many nodes YAML aliases may expand to, per input byte.")
    var aliasBudget: Int = YAMLLimits().aliasExpansionPerByte

    func validate() throws {
        guard maxInputBytes > 0 else { throw ValidationError("--max-input-bytes must be positive, found \(maxInputBytes)") }
        guard maxDepth > 0 else { throw ValidationError("--max-depth must be positive, found \(maxDepth)") }
        guard aliasBudget >= 0 else { throw ValidationError("--alias-budget must not be negative, found \(aliasBudget)") }
    }

    var readOptions: ReadOptions {
        var limits = YAMLLimits()
        limits.maxInputBytes = maxInputBytes
        limits.maxDepth = maxDepth
        limits.aliasExpansionPerByte = aliasBudget
        return ReadOptions(assumeFilename: assumeFilename, limits: limits)
    }
}
