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
}
