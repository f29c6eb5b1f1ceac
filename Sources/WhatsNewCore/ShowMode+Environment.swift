import WhatsNewState
import WhatsNewTerminal
import WhatsNewText

extension ShowMode {
    /// The mode `WHATSNEW_SHOW_MODE` names; nil when it is unset or empty. A value that is not a mode is a
    /// usage error, which says what was found and what is expected.
    package static func fromEnvironment(_ environment: (String) -> String? = StateLocation.processEnvironment) throws(WhatsNewError) -> ShowMode? {
        guard let value = environment(environmentVariable), !value.isEmpty else { return nil }
        guard let mode = ShowMode(name: value) else {
            throw WhatsNewError(.usage, "\(environmentVariable) must be one of \(valueList), found '\(TerminalSafeText.visible(value))'")
        }
        return mode
    }
}
