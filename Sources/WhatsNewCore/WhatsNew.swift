import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewRender
import WhatsNewState
import WhatsNewTerminal
import WhatsNewText

/// The two jobs an app gives whatsnew, one call each: show its users what is new once per version, and
/// compile its manifest into a changelog.
///
/// ```swift
/// import WhatsNewCore
///
/// // At start-up: the notes of the versions this user has not seen, on the terminal, recorded.
/// try WhatsNew.show(manifest: "notes.yaml", version: "2.1.0")
///
/// // In a release script: the Markdown changelog, or the manifest's problems as the error.
/// let markdown = try WhatsNew.changelog(manifest: "notes.yaml")
/// ```
///
/// Both behave as the command line does with no options (`whatsnew show` and `whatsnew compile`), and
/// throw a `WhatsNewError` whose description is what the command would print. The types beneath
/// (`Compiler`, `WhatsNewPresenter`, the emitters) remain for what these two calls do not cover.
public enum WhatsNew {
    /// Shows on the terminal the notes of the versions the user has not seen yet, up to `version`, and records
    /// them, as `whatsnew show MANIFEST --current-version VERSION` does: WhatsNewKit's policy (the notes of
    /// `version`, or of its minor release when it has none, once), in `options.mode` (else `WHATSNEW_SHOW_MODE`,
    /// else inline), with colors and links as the terminal allows (none under `NO_COLOR` or `TERM=dumb`), in
    /// the state file of the manifest's `app.id` (`$XDG_STATE_HOME/whatsnew/<app-id>.json`, else
    /// `~/.local/state/whatsnew/<app-id>.json`).
    ///
    /// Shows, reads and records nothing when standard output is not a terminal or `WHATSNEW_DISABLE` is set
    /// to a true value: the result's `silenced` says why. Throws when the manifest has errors (the description
    /// is its diagnostics), when the version is not a version, when the state file or the terminal cannot be
    /// used, and when a signal ends the sheet or pager.
    @discardableResult
    public static func show(manifest: String, version: String, options: ShowOptions = ShowOptions()) throws(WhatsNewError) -> ShownNotes {
        let environmentMode = try ShowMode.fromEnvironment()
        let mode = options.mode ?? environmentMode ?? .inline
        let silence = SilenceRules()
        // Asked before the manifest is read: a piped run of the app costs nothing.
        if let reason = silence.reason { return ShownNotes(versions: [], silenced: reason, warnings: "") }
        guard let current = SemanticVersion(version) else {
            throw WhatsNewError(.usage, "'\(TerminalSafeText.visible(version))' is not a version; expected e.g. 1.2.0")
        }
        let engine = DiagnosticEngine()
        let loaded: Manifest?
        do {
            loaded = try Compiler().load([manifest], engine: engine)
        } catch {
            throw WhatsNewError(.io, error.description)
        }
        let printer = TextDiagnosticPrinter()
        guard let loaded, !engine.hasErrors else { throw WhatsNewError(.invalidManifest, printer.render(engine)) }
        let presenter = WhatsNewPresenter(manifest: loaded, store: try options.store(manifestAppID: loaded.app?.id),
                                          options: PresentationOptions(catchUp: options.catchUp, mode: mode), silence: silence)
        let outcome: PresentationOutcome
        do {
            outcome = try presenter.present(current: current, display: TerminalDisplay.detect(selection: Selection(locale: options.locale)))
        } catch let error as PresentationInterrupted {
            throw WhatsNewError(.interrupted(signal: error.signal), "interrupted by signal \(error.signal); nothing was recorded")
        } catch {
            throw WhatsNewError(.io, "\(error)")
        }
        let stateProblems = ([outcome.plan.stateProblem].compactMap { $0 } + outcome.plan.stateWarnings).map(printer.render)
        var warnings = (engine.diagnostics.isEmpty ? "" : printer.render(engine)) + stateProblems.joined()
        if warnings.hasSuffix("\n") { warnings.removeLast() }
        return ShownNotes(versions: outcome.mode == ShowMode.none ? [] : outcome.plan.entries.map(\.version), silenced: nil, warnings: warnings)
    }

    /// The text `whatsnew compile MANIFEST --format FORMAT` prints: by default the Markdown changelog of every
    /// version, in `locale` when given (else the manifest's default). Formats that write several files
    /// (`fastlane`) are not for this call. Throws when the manifest has errors, with its diagnostics as the
    /// description; warnings alone do not stop it.
    public static func changelog(manifest: String, format: OutputFormat = .markdown, locale: String? = nil) throws(WhatsNewError) -> String {
        let plan: OutputPlan
        switch OutputPlan.make(formats: [format], output: nil, outputIsDirectory: false) {
        case .success(let made): plan = made
        case .failure(let error): throw WhatsNewError(.usage, error.description)
        }
        let engine = DiagnosticEngine()
        let outputs: [(target: OutputPlan.Target, text: String)]?
        do {
            outputs = try Compiler().compile([manifest], plan: plan, request: CompileRequest(selection: Selection(locale: locale)), engine: engine)
        } catch {
            throw WhatsNewError(.io, error.description)
        }
        guard let text = outputs?.first?.text else { throw WhatsNewError(.invalidManifest, TextDiagnosticPrinter().render(engine)) }
        return text
    }
}
