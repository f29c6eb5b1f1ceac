extension ShowCommand {
    /// `show` as every start of an app runs it, built without the argument parser: its reflection over the
    /// command's 25 options costs some 14 M instructions (callgrind), several times what `show` itself does
    /// when there is nothing new to show. Only the common options are read here, each as the argument parser
    /// reads it; nil for any other command line (help, the input limits, `--assets-root`, any error), which
    /// the argument parser then reads and words. `QuickParseTests` holds that both give the same command.
    static func quick(_ arguments: [String]) -> ShowCommand? {
        guard let line = QuickArguments(arguments,
                                        options: ["--current-version", "--state-file", "--app-id", "--locale", "--width", "--mode",
                                                  "--max-height", "--color"],
                                        flags: ["--catch-up", "--dry-run", "--explain", "--force", "--no-record", "--no-tty-check",
                                                "--open-links"]),
              line.positionals.count == 1, let manifest = line.positionals.first,
              let width = line.integer("--width"), let maxHeight = line.integer("--max-height"), let color = line.color
        else { return nil }

        var command = ShowCommand()
        command.manifest = manifest
        command.currentVersion = line.values["--current-version"]
        var state = StateOptions()
        state.stateFile = line.values["--state-file"]
        state.appID = line.values["--app-id"]
        command.state = state
        command.catchUp = line.flags.contains("--catch-up")
        command.dryRun = line.flags.contains("--dry-run")
        command.explain = line.flags.contains("--explain")
        command.force = line.flags.contains("--force")
        command.noRecord = line.flags.contains("--no-record")
        command.noTtyCheck = line.flags.contains("--no-tty-check")
        command.locale = line.values["--locale"]
        command.width = width
        command.mode = line.values["--mode"]
        command.maxHeight = maxHeight
        command.openLinks = line.flags.contains("--open-links")
        command.input = .quickDefaults
        command.assets = .quickDefaults
        command.colorOptions = ColorOptions(quick: color)
        do {
            try command.validate()
            try command.state.validate()
            try command.input.validate()
            try command.assets.validate()
        } catch {
            return nil
        }
        return command
    }
}
