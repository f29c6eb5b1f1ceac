import ArgumentParser
import WhatsNewCore

/// `whatsnew state list|record V|forget V|reset|merge FILE…|path`: what `show` has recorded as presented.
struct StateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        _superCommandName: WhatsNewCommand.name,
        abstract: "List or change the versions 'show' has recorded as presented.",
        discussion: """
        Example:
          $ whatsnew state record 1.1 notes.yaml
          $ whatsnew state list notes.yaml
          1.1.0
          $ whatsnew state forget 1.1 --app-id com.example.trails
          $ whatsnew state path --app-id com.example.trails
          /home/ada/.local/state/whatsnew/com.example.trails.json

        The state file is $XDG_STATE_HOME/whatsnew/<app-id>.json, else ~/.local/state/whatsnew/<app-id>.json; the app id comes from --app-id or the manifest's app.id. --state-file FILE names the file directly. Changes are written atomically under a lock on <file>.lock, so they never lose a version a concurrent 'show' records. The state merges without loss across devices (see docs/state.md): conflict copies a sync tool leaves beside the file are merged on every read and removed on the next write; 'state merge' merges other copies by hand.

        Exit codes: 0 success; 1 the manifest has errors (it is read for its app.id); 64 a usage error (no or invalid app id, invalid version); 74 the state file cannot be read or written, or is corrupt (record, forget).
        """,
        subcommands: [List.self, Record.self, Forget.self, Reset.self, Merge.self, Path.self]
    )
}

/// The state file a `state` subcommand works on, and how it reports.
struct StateTarget: ParsableArguments {
    @Argument(help: ArgumentHelp("A manifest whose app.id names the state file; read only when neither --app-id nor --state-file is given.",
                                 valueName: "manifest"))
    var manifest: String?

    @OptionGroup var state: StateOptions
    @OptionGroup var colorOptions: ColorOptions

    var printer: TextDiagnosticPrinter { TextDiagnosticPrinter(useColor: colorOptions.useColor(for: 2)) }

    /// The state file store; in-memory state is refused, since a `state` command would have nothing to act on.
    func store(for command: String) throws -> FileStateStore {
        if state.isInMemory {
            throw Output.usage("'--state-file -' keeps state in memory only, so 'whatsnew state \(command)' has nothing to work on; "
                                  + "expected a state file")
        }
        var appID: String?
        if state.needsManifest, let manifest {
            let engine = DiagnosticEngine()
            let loaded: Manifest?
            do {
                loaded = try Compiler().load([manifest], engine: engine)
            } catch {
                throw Output.fail(error)
            }
            guard let loaded else {
                Output.standardError(printer.render(engine))
                throw Output.inputErrors
            }
            appID = loaded.app?.id
            if appID == nil {
                throw Output.usage("the manifest '\(TerminalSafeText.visible(manifest))' has no 'app.id' to name the state file; "
                                      + "expected one, or --app-id ID, or --state-file FILE")
            }
        }
        return FileStateStore(path: try state.statePath(manifestAppID: appID))
    }

    /// Reads the state, reporting a corrupt file as a warning (it then reads as empty).
    func read(_ store: FileStateStore) throws -> StateReading {
        let reading: StateReading
        do {
            reading = try store.read()
        } catch {
            throw Output.fail(error)
        }
        report(reading)
        return reading
    }

    /// Prints a reading's problems: a corrupt state file, conflict copies left in place.
    func report(_ reading: StateReading) {
        if let problem = reading.problem { Output.standardError(printer.render(problem)) }
        for warning in reading.warnings { Output.standardError(printer.render(warning)) }
    }

    /// Applies a change; a corrupt state file is reported and left untouched, and the command fails (74).
    func update(_ store: FileStateStore, doing action: String,
                _ change: (inout SyncedState, Stamp) -> Void) throws -> StateUpdateResult {
        let result: StateUpdateResult
        do {
            result = try store.update(change)
        } catch {
            throw Output.fail(error)
        }
        if case .skipped(let problem) = result {
            Output.standardError(printer.render(problem))
            Output.standardError("whatsnew: error: cannot \(action): the state file '\(TerminalSafeText.visible(store.path))' "
                                 + "is corrupt and was left untouched\n")
            throw Output.ioError
        }
        return result
    }
}

extension StateCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Print the presented versions, oldest first, one per line.",
            usage: "whatsnew state list [<options>] [<manifest>]",
            discussion: """
            Example:
              $ whatsnew state record 1.0 --app-id com.example.trails
              $ whatsnew state list --app-id com.example.trails
              1.0.0

            A corrupt state file is reported as a warning and lists nothing; it is left untouched. Conflict copies beside the state file are listed with it, then written into it and removed.
            """
        )

        @OptionGroup var target: StateTarget

        func run() throws {
            let store = try target.store(for: "list")
            let reading = try target.read(store)
            Output.standardOutput(reading.sortedVersions.map { "\($0)\n" }.joined())
            if !reading.mergedCopies.isEmpty, reading.problem == nil {
                do {
                    try store.mergeConflictCopies()
                } catch {
                    throw Output.fail(error)
                }
            }
        }
    }

    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "record",
            abstract: "Mark a version as presented, as 'show' does after showing it.",
            usage: "whatsnew state record [<options>] <version> [<manifest>]",
            discussion: """
            Example:
              $ whatsnew state record 1.2 notes.yaml
              $ whatsnew state list notes.yaml
              1.2.0

            The version is stored in canonical form (1.2 is 1.2.0; build metadata is dropped). 'show' then treats it as seen: nothing is shown for 1.2.0, nor for a 1.2.x patch that falls back to 1.2.0's notes.
            """
        )

        @Argument(help: ArgumentHelp("The version to mark as presented.", valueName: "version"))
        var version: String

        @OptionGroup var target: StateTarget

        func run() throws {
            let version = try VersionArgument.parse(version, for: "<version>").canonical
            let store = try target.store(for: "record")
            _ = try target.update(store, doing: "record \(version)") { state, stamp in state.recordPresented(version, at: stamp) }
        }
    }

    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Forget one presented version, so 'show' shows it again.",
            usage: "whatsnew state forget [<options>] <version> [<manifest>]",
            discussion: """
            Example:
              $ whatsnew state record 1.1 --app-id com.example.trails
              $ whatsnew state forget v1.1 --app-id com.example.trails

            The version is compared in canonical form (v1.1 is 1.1.0). Forgetting a version that was not recorded changes nothing and says so.
            """
        )

        @Argument(help: ArgumentHelp("The version to forget.", valueName: "version"))
        var version: String

        @OptionGroup var target: StateTarget

        func run() throws {
            let version = try VersionArgument.parse(version, for: "<version>").canonical
            let store = try target.store(for: "forget")
            let result = try target.update(store, doing: "forget \(version)") { state, stamp in state.forget(version, at: stamp) }
            if case .unchanged = result {
                Output.standardError("whatsnew: note: \(version) is not recorded in '\(TerminalSafeText.visible(store.path))'; nothing to forget\n")
            }
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset",
            abstract: "Forget everything on every device: presented versions and tips.",
            usage: "whatsnew state reset [<options>] [<manifest>]",
            discussion: """
            Example:
              $ whatsnew state reset --app-id com.example.trails
              $ whatsnew state list --app-id com.example.trails

            Writes a reset record newer than every record in the state: every copy this state is merged with (on another device, in a conflict copy) drops what it holds from before the reset. A corrupt state file is replaced.
            """
        )

        @OptionGroup var target: StateTarget

        func run() throws {
            let store = try target.store(for: "reset")
            do {
                try store.reset()
            } catch {
                throw Output.fail(error)
            }
        }
    }

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge other copies of the state file into it.",
            usage: "whatsnew state merge [<options>] <file> ...",
            discussion: """
            Example:
              $ whatsnew state merge backup.json --app-id com.example.trails
              merged 'backup.json': 1 presented version, 0 forgotten, 1 donation, …

            Each file is read as strictly as the state file (format 1 or 2) and merged record by record: nothing either copy holds is lost, and the files are left as they are. If one is corrupt, it is reported and nothing is merged (exit 74).
            """
        )

        @Argument(help: ArgumentHelp("Copies of the state file to merge in.", valueName: "file"))
        var files: [String]

        @OptionGroup var state: StateOptions
        @OptionGroup var colorOptions: ColorOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("no files to merge; expected one or more copies of the state file") }
            if state.isInMemory { throw ValidationError("'--state-file -' keeps state in memory only; expected a state file to merge into") }
        }

        func run() throws {
            let printer = TextDiagnosticPrinter(useColor: colorOptions.useColor(for: 2))
            let store = FileStateStore(path: try state.statePath(manifestAppID: nil))
            let readings: [StateReading]
            do {
                readings = try store.merge(files: files)
            } catch {
                throw Output.fail(error)
            }
            var failed = false
            for reading in readings {
                if let problem = reading.problem {
                    Output.standardError(printer.render(problem))
                    failed = true
                }
            }
            if failed {
                Output.standardError("whatsnew: error: nothing was merged into '\(TerminalSafeText.visible(store.path))'\n")
                throw Output.ioError
            }
            for (file, reading) in zip(files, readings) {
                Output.standardOutput("merged '\(TerminalSafeText.visible(file))': \(Self.summary(of: reading.state))\n")
            }
        }

        /// How many records of each kind a copy holds.
        static func summary(of state: SyncedState) -> String {
            func count(_ number: Int, _ singular: String, _ plural: String) -> String { "\(number) \(number == 1 ? singular : plural)" }
            let displays = state.displays.keys.reduce(0) { $0 + state.displayCount(ofTip: $1) }
            return [count(state.presented.count, "presented version", "presented versions"),
                    "\(state.forgotten.count) forgotten",
                    count(state.donations.values.reduce(0) { $0 + $1.count }, "donation", "donations"),
                    count(state.statuses.count, "tip status", "tip statuses"),
                    count(state.parameters.count, "parameter", "parameters"),
                    count(displays, "tip display", "tip displays")].joined(separator: ", ")
        }
    }

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "path",
            abstract: "Print the path of the state file (it need not exist yet).",
            usage: "whatsnew state path [<options>] [<manifest>]",
            discussion: """
            Example:
              $ XDG_STATE_HOME=/tmp/state whatsnew state path --app-id com.example.trails
              /tmp/state/whatsnew/com.example.trails.json
            """
        )

        @OptionGroup var target: StateTarget

        func run() throws {
            Output.standardOutput(try target.store(for: "path").path + "\n")
        }
    }
}
