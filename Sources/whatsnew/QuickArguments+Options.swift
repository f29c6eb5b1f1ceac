import WhatsNewCore
import YAMLTree

// The option groups as the quick parsers build them (see `ShowCommand.quick`): each default the same
// expression as the option's own, which `QuickParseTests` compares with what the argument parser builds.

extension InputOptions {
    /// No input option given.
    static var quickDefaults: InputOptions {
        var options = InputOptions()
        options.assumeFilename = nil
        options.maxInputBytes = YAMLLimits().maxInputBytes
        options.maxDepth = YAMLLimits().maxDepth
        options.aliasBudget = YAMLLimits().aliasExpansionPerByte
        options.maxDiagnostics = DiagnosticEngine.defaultLimit
        return options
    }
}

extension AssetOptions {
    /// No `--assets-root`.
    static var quickDefaults: AssetOptions {
        var options = AssetOptions()
        options.assetsRoot = nil
        return options
    }
}

extension ColorOptions {
    /// `--color` as given (`.auto` when it is not).
    init(quick color: ColorChoice) {
        self.init()
        self.color = color
    }
}

extension DiagnosticsOptions {
    /// `--diagnostics` as given (`.text` when it is not).
    init(quick format: DiagnosticFormat) {
        self.init()
        diagnostics = format
    }
}

extension QuickArguments {
    /// `--color`: nil when its value is not a choice.
    var color: ColorChoice? { values["--color"].map(ColorChoice.init(rawValue:)) ?? .auto }
}
