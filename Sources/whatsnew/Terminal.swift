#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the command line learns about its terminal.
enum Terminal {
    /// The environment, for color and hyperlink detection.
    static var environment: [String: String] {
        var values: [String: String] = [:]
        for name in ["COLORTERM", "TERM", "FORCE_HYPERLINK", "COLORFGBG"] {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// The width for terminal output: the terminal's, else `COLUMNS`, else 80.
    static func width() -> Int {
        var size = winsize()
        if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }), columns >= 20 { return columns }
        return 80
    }

    /// Whether a run that exits right after its work leaves its trees to the exit instead of freeing them
    /// (`Compiler.leavesMemoryForExit`): yes, unless `WHATSNEW_FREE_MEMORY_AT_EXIT` is set — for leak checkers,
    /// which cannot follow Swift's enum payloads to the memory that is kept.
    static var leavesMemoryForExit: Bool { getenv("WHATSNEW_FREE_MEMORY_AT_EXIT") == nil }
}
