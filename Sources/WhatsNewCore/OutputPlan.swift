import WhatsNewRender

/// Where each format of a `compile` run goes: standard output, one file, or one file per format in a directory.
public struct OutputPlan: Sendable, Hashable {
    public struct Target: Sendable, Hashable {
        public let format: OutputFormat
        /// A file path, or "-" for standard output.
        public let path: String
        /// The locale this target's texts are in (`--locale all`); nil: the run's `--locale`.
        public let locale: String?

        public init(format: OutputFormat, path: String, locale: String? = nil) {
            self.format = format
            self.path = path
            self.locale = locale
        }
    }

    public let targets: [Target]

    /// Plans the outputs of `--format F…` and `-o PATH`, or says why the combination cannot work.
    ///
    /// - No `-o`: one format (default `ansi`) to standard output.
    /// - `-o FILE`: one format, `--format` or else the file's extension.
    /// - `-o DIR` (an existing directory, or a path ending in `/`): every format, each under its default name.
    public static func make(formats: [OutputFormat], output: String?, outputIsDirectory: Bool) -> Result<OutputPlan, PlanError> {
        var unique: [OutputFormat] = []
        for format in formats where !unique.contains(format) { unique.append(format) }
        guard let output, output != "-" else {
            if unique.contains(.fastlane) {
                return .failure(PlanError("--format fastlane writes a directory of files, and standard output takes one file; add '-o DIRECTORY' "
                                          + "(e.g. '-o fastlane/metadata')"))
            }
            guard unique.count <= 1 else {
                return .failure(PlanError("several formats (\(names(unique))) need '-o DIRECTORY', found none (standard output takes one "
                                          + "format); add '-o DIRECTORY/', or give one --format"))
            }
            return .success(OutputPlan(targets: [Target(format: unique.first ?? .ansi, path: "-")]))
        }
        if unique == [.fastlane] {
            // The directory the tree is written into, whether it exists or not.
            let directory = output.count > 1 && output.hasSuffix("/") ? String(output.dropLast()) : output
            return .success(OutputPlan(targets: [Target(format: .fastlane, path: directory)]))
        }
        if outputIsDirectory || output.hasSuffix("/") {
            let directory = output.hasSuffix("/") ? String(output.dropLast()) : output
            let chosen = unique.isEmpty ? [OutputFormat.ansi, .markdown, .html, .json] : unique
            return .success(OutputPlan(targets: chosen.map { Target(format: $0, path: directory + "/" + $0.defaultFileName) }))
        }
        guard unique.count <= 1 else {
            return .failure(PlanError("several formats (\(names(unique))) need '-o DIRECTORY', found '\(output)', which is not a directory; "
                                      + "write '-o \(output)/' to create the directory, or give one --format"))
        }
        guard let format = unique.first ?? OutputFormat(fileExtensionOf: output) else {
            return .failure(PlanError("cannot tell the format of '\(output)' from its extension; expected .txt, .md, .html, .json, .atom or .rss, or give --format"))
        }
        return .success(OutputPlan(targets: [Target(format: format, path: output)]))
    }

    private static func names(_ formats: [OutputFormat]) -> String {
        formats.map(\.rawValue).joined(separator: ", ")
    }

    public struct PlanError: Error, Sendable, Hashable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
