#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewText

/// When notes must not be shown at all: `WHATSNEW_DISABLE` set to a true value, or output that is
/// not a terminal, so that a script piping the host app's output never sees release notes. One
/// implementation for `whatsnew show` and `WhatsNewPresenter.present`, which both show nothing and record
/// nothing when `reason` is not nil.
///
/// `SilenceRules()` applies both rules to standard output; `requiresTerminal: false` is `--no-tty-check`;
/// `SilenceRules.none` is the explicit opt-out of both (an app that renders somewhere else than a terminal,
/// and has its own switch).
public struct SilenceRules: Sendable {
    /// Whether `WHATSNEW_DISABLE` (see `disables(_:)`) silences.
    public var honoursDisableVariable: Bool
    /// Whether output that is not a terminal silences.
    public var requiresTerminal: Bool
    /// The descriptor the notes are written to (1, standard output, unless the app renders elsewhere).
    public var outputDescriptor: Int32
    /// Where `WHATSNEW_DISABLE` is looked up: the process's environment unless a test says otherwise.
    public var environment: @Sendable (String) -> String?

    public init(honoursDisableVariable: Bool = true, requiresTerminal: Bool = true, outputDescriptor: Int32 = 1,
                environment: (@Sendable (String) -> String?)? = nil) {
        self.honoursDisableVariable = honoursDisableVariable
        self.requiresTerminal = requiresTerminal
        self.outputDescriptor = outputDescriptor
        self.environment = environment ?? StateLocation.processEnvironment
    }

    /// Neither rule: notes are always shown (the explicit opt-out).
    public static let none = SilenceRules(honoursDisableVariable: false, requiresTerminal: false)

    /// The name of the variable that silences.
    public static let disableVariable = "WHATSNEW_DISABLE"

    /// Why notes must not be shown now, or nil: "WHATSNEW_DISABLE=yes", or "standard output is not a terminal".
    public var reason: String? {
        if honoursDisableVariable, let value = environment(Self.disableVariable), Self.disables(value) {
            let shown = "\(Self.disableVariable)=\(TerminalSafeText.visible(value))"
            return Self.isFalse(value) || Self.isTrue(value) ? shown : "\(shown) (not a value whatsnew knows; taken as true)"
        }
        if requiresTerminal, isatty(outputDescriptor) != 1 {
            return outputDescriptor == 1 ? "standard output is not a terminal" : "the output (descriptor \(outputDescriptor)) is not a terminal"
        }
        return nil
    }

    /// Whether a value of `WHATSNEW_DISABLE` silences: the usual true values (`1`, `true`, `yes`, `on`, in
    /// any case) do; the false values (`0`, `false`, `no`, `off`) and an empty or blank value do not. Any
    /// other value silences too: whoever sets the variable means to silence, and a misspelt value errs on
    /// the side of a script's clean output.
    public static func disables(_ value: String) -> Bool {
        !isFalse(value)
    }

    static func isTrue(_ value: String) -> Bool {
        ["1", "true", "yes", "on"].contains(normalized(value))
    }

    static func isFalse(_ value: String) -> Bool {
        ["", "0", "false", "no", "off"].contains(normalized(value))
    }

    private static func normalized(_ value: String) -> String {
        let scalars = value.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last]).lowercased()
    }
}
