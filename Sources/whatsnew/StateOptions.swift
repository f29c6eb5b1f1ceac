import ArgumentParser
import WhatsNewCore

/// Where `show` and `state` keep the presented versions: `--state-file`, else the app's default file,
/// named by `--app-id` or the manifest's `app.id`.
struct StateOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The state file; '-' keeps state in memory only (nothing is read or written).",
                                            discussion: "Default: $XDG_STATE_HOME/whatsnew/<app-id>.json, else ~/.local/state/whatsnew/<app-id>.json.",
                                            valueName: "file"))
    var stateFile: String?

    @Option(name: .customLong("app-id"), help: ArgumentHelp("The app id that names the state file (default: the manifest's app.id).",
                                                            valueName: "id"))
    var appID: String?

    func validate() throws {
        if stateFile?.isEmpty == true { throw ValidationError("--state-file is empty; expected a path, or '-' for memory only") }
    }

    /// Whether state is kept in memory only.
    var isInMemory: Bool { stateFile == "-" }

    /// Whether the manifest is needed to name the state file.
    var needsManifest: Bool { stateFile == nil && appID == nil }

    /// The store: in memory for `-`, else the file of `statePath(manifestAppID:)`.
    func makeStore(manifestAppID: String?) throws -> any StateStore {
        if isInMemory { return InMemoryStateStore() }
        return FileStateStore(path: try statePath(manifestAppID: manifestAppID))
    }

    /// The state file: `--state-file`, else the default file of `--app-id` or `manifestAppID`. A bad or
    /// missing app id is a usage error. Not for `-` (see `isInMemory`).
    func statePath(manifestAppID: String?) throws -> String {
        if let stateFile {
            return stateFile
        }
        guard let appID = appID ?? manifestAppID else {
            throw Output.usage("no app id to name the state file; expected --app-id ID, a manifest with 'app.id', or --state-file FILE")
        }
        do {
            return try StateLocation.defaultPath(appID: appID)
        } catch {
            throw Output.usage(error.message)
        }
    }
}
