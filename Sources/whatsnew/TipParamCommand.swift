import ArgumentParser
import WhatsNewCore

/// `whatsnew tip param NAME VALUE [--transient]`: sets a parameter (TipKit's `@Parameter`).
struct TipParamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "param",
        abstract: "Set a parameter (for tip rules on parameters).",
        usage: "whatsnew tip param [<options>] <name> <value>",
        discussion: """
        Example:
          $ whatsnew tip param loggedIn true --app-id com.example.trails
          $ whatsnew tip param offline true --transient --app-id com.example.trails

        VALUE is read as true/false, a number, else a string. A parameter is kept in the state for every later run and device; with --transient it lasts this run of the app only: the session of WHATSNEW_TIPS_SESSION, else of the process that runs whatsnew (a shell script, a program), kept beside the state file.
        """
    )

    @Argument(help: "The parameter: letters, digits and _ . - : /")
    var name: String

    @Argument(help: "The value: true, false, a number, or a string.")
    var value: String

    @Flag(name: .long, help: "Keep the value for this run of the app only (never in the state, never synced).")
    var transient = false

    @OptionGroup var target: TipTargetOptions

    func validate() throws {
        try TipStateTarget.checkName(name, of: "parameter")
    }

    func run() throws {
        let parsed = ParameterValue(parsing: value)
        do {
            if transient {
                guard let file = try TipStateTarget(state: target.state).transientFile(manifestAppID: try target.manifestAppID()) else {
                    return
                }
                try file.set(name, to: parsed)
            } else {
                Output.warnIfSkipped(try target.store().setParameter(name, to: parsed), what: "the parameter")
            }
        } catch let error as IOError {
            throw Output.fail(error)
        }
    }
}
