import ArgumentParser
import WhatsNewCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the command line learns about its terminal.
enum Terminal {
    /// The environment, for color and hyperlink detection.
    static var environment: [String: String] { TerminalCapabilities.processEnvironment }

    /// The widths `--width` accepts, in columns.
    static let widths = ANSIEmitter.widths

    /// The width for terminal output: `--width` when given, else the terminal's (see `TerminalDisplay.width(of:)`).
    static func width(_ option: Int?) -> Int {
        option ?? TerminalDisplay.width(of: 1)
    }

    /// Refuses a `--width` outside `widths` as a usage error (exit 64).
    static func validate(width: Int?) throws {
        guard let width, !widths.contains(width) else { return }
        throw ValidationError("--width must be between \(widths.lowerBound) and \(widths.upperBound) columns, found \(width)")
    }

    /// Whether a run that exits right after its work leaves its trees to the exit instead of freeing them
    /// (`Compiler.leavesMemoryForExit`): yes, unless `WHATSNEW_FREE_MEMORY_AT_EXIT` is set — for leak checkers,
    /// which cannot follow Swift's enum payloads to the memory that is kept.
    static var leavesMemoryForExit: Bool { getenv("WHATSNEW_FREE_MEMORY_AT_EXIT") == nil }
}
