import ArgumentParser
import WhatsNewCore

/// `show --mode`, `WHATSNEW_SHOW_MODE` and `--max-height`: parsed and refused here as usage errors (exit 64).
enum ShowModeOptions {
    /// The heights `--max-height` accepts, in rows (a border above and below, at least one line between).
    static let maxHeights = 3...1000

    #if os(macOS)
    static let linkOpener = "open"
    #else
    static let linkOpener = "xdg-open"
    #endif

    static func validate(mode: String?, maxHeight: Int?) throws {
        if let mode, ShowMode(name: mode) == nil {
            throw ValidationError("--mode must be one of \(ShowMode.valueList), found '\(TerminalSafeText.visible(mode))'")
        }
        if let maxHeight, !maxHeights.contains(maxHeight) {
            throw ValidationError("--max-height must be between \(maxHeights.lowerBound) and \(maxHeights.upperBound) rows, found \(maxHeight)")
        }
    }

    /// The mode of `--mode`, else of `WHATSNEW_SHOW_MODE` (empty counts as unset), else inline.
    static func mode(_ option: String?) throws -> ShowMode {
        if let option, let mode = ShowMode(name: option) { return mode }
        do {
            return try ShowMode.fromEnvironment() ?? .inline
        } catch {
            throw Output.usage(error.description)
        }
    }
}
