import ArgumentParser
import WhatsNewCore

/// Where a manifest's `file:` images may come from, for the commands that read them (compile, validate, show).
struct AssetOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The directory image files must stay inside (default: the directory of the file that declares each image).",
                                            valueName: "dir"))
    var assetsRoot: String?

    func validate() throws {
        if let assetsRoot, FileSystem.kind(of: assetsRoot) != .directory {
            throw ValidationError("--assets-root '\(assetsRoot)' is not a directory; expected an existing directory")
        }
    }

    /// `options` with the image files confined to `--assets-root`, when it is given.
    func applied(to options: ReadOptions) -> ReadOptions {
        var options = options
        options.imageFiles.assetsRoot = assetsRoot
        return options
    }
}
