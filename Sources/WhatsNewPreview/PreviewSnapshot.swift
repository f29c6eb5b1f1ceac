import WhatsNewCore

/// What the preview knows after reading the inputs: the last manifest without errors (the pages show it), the last
/// template without errors, and the problems of the latest reading (the overlay shows them), with the files to watch.
struct PreviewSnapshot: Sendable {
    /// Counts every reading of the inputs.
    var generation = 0
    /// The generation of `manifest`: the pages change when it does.
    var renderedGeneration = 0
    /// The last manifest that had no errors; nil until there is one.
    var manifest: Manifest?
    /// The latest reading's diagnostics, each as `validate` prints it.
    var problems: [String] = []
    /// "1 error and 2 warnings", as `validate` ends; nil without a diagnostic.
    var summary: String?
    /// Whether an input of the latest reading could not be read at all (missing, not a file, too large).
    var unreadable = false
    /// Whether the latest reading found errors (then `manifest` is an older one, or none).
    var hasErrors = false
    /// The files whose change means the inputs must be read again.
    var watched: [String] = []
    /// The last `--template` that parsed and rendered without errors; nil until there is one (or without one).
    var template: TemplateEmitter?
    /// The text `template` was read from.
    var templateBytes: [UInt8]?
    /// What rendering `template` found (unknown variables), reported again while it is unchanged; nil until it
    /// has been rendered.
    var templateFindings: DiagnosticEngine.Findings?
    /// Whether the `--template` file could not be read at all in the latest reading.
    var templateUnreadable = false
    /// Whether the latest reading's errors include the template's (then `template` is an older one, or none).
    var templateHasErrors = false
    /// Whether the latest reading's errors include the manifest's.
    var manifestHasErrors = false
}
