import ArgumentParser
import WhatsNewCore

/// `compile --locale all`: a file per locale of the manifest for the per-locale formats (ansi, markdown, html,
/// release-body), `CHANGELOG.de.md`, `changelog.de.html`…; the other formats are written once, in the default
/// locale.
extension CompileCommand {
    /// The `--locale` that asks for every locale.
    static let everyLocale = "all"

    /// The files go where `-o` says, each with its locale in its name: standard output cannot take them, and a
    /// template renders one output.
    func validateEveryLocale() throws {
        guard let output, output != "-" else {
            throw ValidationError("--locale all writes one file per locale of the manifest (CHANGELOG.de.md, changelog.de.html, …), "
                                  + "which standard output cannot take; add '-o DIRECTORY/' (e.g. -o site/), or give one --locale")
        }
        if template != nil {
            throw ValidationError("--locale all cannot render a --template (it renders one output); give one --locale, or leave out --template")
        }
    }

    /// The usage error when an output of `plan` is read too, or clashes with `--refs-out`; nil otherwise.
    func clash(_ plan: OutputPlan) -> ExitCode? {
        whatsNewKit.clash(with: plan.targets) ?? Output.outputOverwritingAnInput(
            plan.targets.map(\.path) + (whatsNewKit.refsOut.map { [$0] } ?? []), inputs: inputs, otherFiles: refs + (template.map { [$0] } ?? []))
    }

    /// Reads the manifest, plans a file per locale it is written in (`Manifest.writtenLocales`), and prepares
    /// every target. The plan's paths are checked against the inputs once they are known.
    func prepareEveryLocale(_ compiler: Compiler, plan: OutputPlan, request: CompileRequest, engine: DiagnosticEngine,
                            printer: TextDiagnosticPrinter) throws -> (OutputPlan, Compilation?) {
        // As `Compiler.prepare(_ inputs:…)` reads: the manifest is freed once its notes are resolved.
        var loading = compiler
        loading.leavesMemoryForExit = false
        guard let manifest = try loading.load(inputs, engine: engine), !engine.hasErrors else { return (plan, nil) }
        let planned: OutputPlan
        switch plan.forEveryLocale(manifest.writtenLocales) {
        case .success(let made): planned = made
        case .failure(let error):
            Output.standardError(printer.render(engine))
            throw Output.usage(error.description)
        }
        if let usage = clash(planned) {
            Output.standardError(printer.render(engine))
            throw usage
        }
        return (planned, compiler.prepare(manifest, plan: planned, request: request, engine: engine))
    }
}
