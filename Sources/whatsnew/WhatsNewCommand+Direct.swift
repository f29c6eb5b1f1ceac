import ArgumentParser
import Glibc

extension WhatsNewCommand {
    /// The arguments after the program's name.
    private static var arguments: ArraySlice<String> { CommandLine.arguments.dropFirst() }

    /// `whatsnew --version`, and `whatsnew SUBCOMMAND ARGUMENT…` parsed by the subcommand's own parser; nil
    /// when only the root's parser can be trusted to answer as it does (help, completion scripts, any error).
    ///
    /// The root's parser first parses every command line twice more, as the two commands that ask for a
    /// completion script (`--generate-completion-script [SHELL]`), then as the root command: together some
    /// 8 M instructions (about 60% of `whatsnew --version`), on every run of every command. A subcommand whose
    /// configuration names `whatsnew` as its super-command skips the first, and parsing it directly skips the
    /// second; its usage still reads `whatsnew SUBCOMMAND`. A command line that names none of the root's own
    /// words (help, versions, completion scripts) parses to the same command either way, and anything the
    /// subcommand's parser refuses is parsed again by the root's, which words the error as it always has.
    static func parseDirectly() -> (any ParsableCommand)? {
        let arguments = arguments
        if arguments.elementsEqual(["--version"]) {
            print(version)
            Glibc.exit(0)
        }
        guard let name = arguments.first, !arguments.contains(where: namesRootWork),
              let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
              subcommand.configuration._superCommandName == Self.name
        else { return nil }
        let rest = Array(arguments.dropFirst())
        if subcommand == ShowCommand.self, let show = ShowCommand.quick(rest) { return show }
        if subcommand == ValidateCommand.self, let validate = ValidateCommand.quick(rest) { return validate }
        return try? subcommand.parseAsRoot(rest)
    }

    /// Whether `argument` may ask for something only the root's parser does: help (`help`, `-h`, `--help`,
    /// `-help`), the version, a completion script, the help dump, or a custom completion (`---completion`).
    private static func namesRootWork(_ argument: String) -> Bool {
        argument == "help" || argument == "-h" || argument.hasPrefix("--help") || argument == "-help"
            || argument.hasPrefix("--version") || argument.hasPrefix("--generate-completion-script")
            || argument.hasPrefix("--experimental") || argument.hasPrefix("---")
    }
}
