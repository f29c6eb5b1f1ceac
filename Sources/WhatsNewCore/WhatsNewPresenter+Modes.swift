#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import WhatsNewModel
import WhatsNewRender
import WhatsNewTerminal
import WhatsNewText

extension WhatsNewPresenter {
    /// Decides, shows the notes in `options.mode` and records them: `inline` prints them (recorded once
    /// printed); `sheet` and `pager` wait for the user on the terminal (recorded when dismissed); `auto` is the
    /// pager when the notes do not fit the sheet, else the sheet; `none` shows and records nothing. The sheet,
    /// the pager and `auto` run only when both `display.input` and `display.output` are terminals, and print
    /// what `inline` prints otherwise. The silence rules apply first, as in `present(current:record:render:)`.
    ///
    /// Throws `PresentationInterrupted` when a signal ends the sheet or pager (nothing recorded), and
    /// `TerminalError` when the terminal cannot be set up.
    @discardableResult
    public func present(current: SemanticVersion, record: Bool = true, display: TerminalDisplay) throws -> PresentationOutcome {
        if options.mode == .none {
            var outcome = try present(current: current, record: false) { _, _ in }
            outcome.mode = outcome.plan.entries.isEmpty || outcome.silenced != nil ? nil : ShowMode.none
            return outcome
        }
        var shownAs: ShowMode?
        var outcome = try present(current: current, record: record) { entries, manifest in
            var shown = manifest
            shown.versions = entries
            let notes = ReleaseNotes(shown, selection: display.selection)
            let onTerminal = isatty(display.input) == 1 && isatty(display.output) == 1
            let mode = options.mode.resolved(onTerminal: onTerminal, notesFit: InteractivePresentation.notesFitSheet(
                notes, capabilities: display.capabilities, maxHeight: display.maxHeight, output: display.output))
            shownAs = mode
            guard mode == .sheet || mode == .pager else {
                let text = ANSIEmitter(capabilities: display.capabilities, width: display.width).emit(notes)
                return TerminalSession.write(Array(text.utf8), to: display.output)
            }
            let presentation = InteractivePresentation(notes: notes, capabilities: display.capabilities, mode: mode,
                                                       maxHeight: display.maxHeight, opensLinks: display.opensLinks,
                                                       input: display.input, output: display.output)
            switch try presentation.run() {
            case .interrupted(let signal):
                throw PresentationInterrupted(signal: signal)
            case .dismissed(let links):
                let text = links.map { "Link: \(TerminalSafeText.visible($0))\n" }.joined()
                TerminalSession.write(Array(text.utf8), to: display.output)
            }
        }
        outcome.mode = shownAs
        return outcome
    }
}
