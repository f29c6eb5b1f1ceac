import WhatsNewCore

extension ValidateCommand {
    /// `validate` as CI runs it, built without the argument parser's reflection (some 14 M instructions,
    /// more than checking a small manifest): the inputs with `--diagnostics`, `--color`, `--schema` and
    /// `--strict`, each as the argument parser reads it; nil for any other command line (help, `--refs`,
    /// `--lint`, the input limits, any error), which the argument parser then reads and words.
    /// `QuickParseTests` holds that both give the same command.
    static func quick(_ arguments: [String]) -> ValidateCommand? {
        guard let line = QuickArguments(arguments, options: ["--diagnostics", "--color", "--schema"], flags: ["--strict"]),
              !line.positionals.isEmpty, let color = line.color,
              let format = line.values["--diagnostics"].map(DiagnosticFormat.init(rawValue:)) ?? .text
        else { return nil }
        var command = ValidateCommand()
        command.inputs = line.positionals
        command.input = .quickDefaults
        command.assets = .quickDefaults
        command.diagnosticsOptions = DiagnosticsOptions(quick: format)
        command.colorOptions = ColorOptions(quick: color)
        command.refs = []
        command.lint = []
        command.schema = line.values["--schema"]
        command.strict = line.flags.contains("--strict")
        do {
            try command.input.validate()
            try command.assets.validate()
        } catch {
            return nil
        }
        return command
    }
}
