import ArgumentParser
import WhatsNewCore

/// `compile --refs-out FILE`: the registries a `whatsnewkit-json` output refers to, for the app to register.
struct WhatsNewKitOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("With --format whatsnewkit-json: also write the images and actions it refers to by key, which the app registers (WhatsNewKit's decoder userInfo), as a --refs file (.yaml, .yml or .json).",
                                            valueName: "file"))
    var refsOut: String?

    /// Usage errors: `--refs-out` without a `whatsnewkit-json` output, with `--template`, or with another extension.
    func validate(formats: [OutputFormat], template: String?) throws {
        guard let refsOut else { return }
        guard formats.contains(.whatsNewKitJSON) else {
            throw ValidationError("--refs-out writes the registries of a whatsnewkit-json output, and this run writes none; add --format whatsnewkit-json, or leave --refs-out out")
        }
        if template != nil {
            throw ValidationError("--refs-out cannot be used with --template, which renders every output instead of whatsnewkit-json; leave one of them out")
        }
        guard WhatsNewKitRefsFormat(fileExtensionOf: refsOut) != nil else {
            throw ValidationError("cannot tell the format of --refs-out '\(refsOut)' from its extension; expected .yaml, .yml or .json (the formats of --refs)")
        }
    }

    /// A usage error when `--refs-out` names the same file as an output of the run.
    func clash(with targets: [OutputPlan.Target]) -> ExitCode? {
        guard let refsOut, let target = targets.first(where: { $0.path == refsOut || FileSystem.sameFile($0.path, refsOut) }) else { return nil }
        return Output.usage("--refs-out '\(refsOut)' is also the \(target.format.rawValue) output '\(target.path)'; expected two different files")
    }
}
