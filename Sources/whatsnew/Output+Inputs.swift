import ArgumentParser
import WhatsNewCore

extension Output {
    /// A usage error when an output would replace one of the files read (`compile in.json -o in.json`, a
    /// link to an input, a fragment of an input directory, a `--refs` file or the template); nil otherwise.
    static func outputOverwritingAnInput(_ outputs: [String], inputs: [String], otherFiles: [String]) -> ExitCode? {
        var read = otherFiles
        for input in inputs where input != "-" {
            read.append(input)
            if FileSystem.kind(of: input) == .directory, let fragments = try? FileSystem.fragmentFiles(in: input, extensions: [".yaml", ".yml", ".json"]) {
                read += fragments.paths
            }
        }
        for output in outputs where output != "-" {
            if let input = read.first(where: { FileSystem.sameFile(output, $0) }) {
                let named = input == output ? "'\(output)'" : "'\(output)' (the same file as '\(input)')"
                return usage("the output \(named) is an input of this run; expected an output path that is not read: "
                             + "pick another -o, or write to a directory")
            }
        }
        return nil
    }

    /// Reads the one manifest a command works from: its diagnostics go to standard error, errors in it stop the
    /// command (exit 1), and a file that cannot be read exits 74.
    static func loadManifest(_ path: String, readOptions: ReadOptions, engine: DiagnosticEngine,
                             printer: TextDiagnosticPrinter) throws -> Manifest {
        let loaded: Manifest?
        do {
            loaded = try Compiler(readOptions: readOptions).load([path], engine: engine)
        } catch {
            throw fail(error)
        }
        standardError(printer.render(engine))
        guard let loaded, !engine.hasErrors else { throw inputErrors }
        return loaded
    }

    /// Says so on standard error when a change was not stored because the state file is corrupt.
    static func warnIfSkipped(_ result: StateUpdateResult, what: String) {
        if case .skipped = result {
            standardError("whatsnew: warning: not recording \(what): the state file is corrupt and was left untouched\n")
        }
    }
}
