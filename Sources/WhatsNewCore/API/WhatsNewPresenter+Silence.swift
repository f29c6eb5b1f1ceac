#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension WhatsNewPresenter {
    /// Why notes must not be shown at all, or nil: `WHATSNEW_DISABLE=1`, or (when `checkTerminal`) output
    /// that is not a terminal, so a script piping the host app's output never sees release notes.
    /// When this is non-nil, `show` prints nothing and records nothing.
    public static func silenceReason(checkTerminal: Bool = true, outputDescriptor: Int32 = 1,
                                     environment: (String) -> String? = StateLocation.processEnvironment) -> String? {
        if environment("WHATSNEW_DISABLE") == "1" { return "WHATSNEW_DISABLE=1" }
        if checkTerminal, isatty(outputDescriptor) != 1 { return "standard output is not a terminal" }
        return nil
    }
}
