#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewRender
import WhatsNewText

extension TerminalDisplay {
    /// How `whatsnew show` draws without options: colors and links as the terminal on `output` and the
    /// environment allow (see `TerminalCapabilities.usesColorByDefault(on:)` and `detect(useColor:environment:)`),
    /// at the terminal's width (see `width(of:)`), keys read from `input`.
    public static func detect(selection: Selection = Selection(), input: Int32 = 0, output: Int32 = 1) -> TerminalDisplay {
        let capabilities = TerminalCapabilities.detect(useColor: TerminalCapabilities.usesColorByDefault(on: output),
                                                       environment: TerminalCapabilities.processEnvironment)
        return TerminalDisplay(capabilities: capabilities, width: width(of: output), selection: selection, input: input, output: output)
    }

    /// The width for terminal output to `descriptor`: the terminal's (at most the widest of `ANSIEmitter.widths`),
    /// else `COLUMNS` when it is a number within `ANSIEmitter.widths` (anything else is ignored), else 80.
    public static func width(of descriptor: Int32 = 1) -> Int {
        let widths = ANSIEmitter.widths
        var size = winsize()
        if isatty(descriptor) == 1, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, Int(size.ws_col) >= widths.lowerBound {
            return min(Int(size.ws_col), widths.upperBound)
        }
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), widths.contains(columns) { return columns }
        return 80
    }
}
