import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewRender

extension OutputChecks {
    /// `--format whatsnewkit-json`: what WhatsNewKit cannot express (see `WhatsNewKitJSONEmitter`) is an error (a
    /// pre-release, features limited to platforms without `--platform`, a key for two kinds of value, an image file
    /// `--refs` could not read back from `refsFile`), what it drops a warning (a layout, a title's color, Markdown,
    /// translations no `--locale` chose among). The plan, or nil when that is an error.
    package static func whatsNewKit(_ manifest: Manifest, selection: Selection, refsFile: String? = nil, assetsRoot: String? = nil,
                                    engine: DiagnosticEngine) -> WhatsNewKitPlan? {
        var check = WhatsNewKitCheck(manifest: manifest, selection: selection, engine: engine,
                                     paths: refsFile.map { RefsImagePaths(refsFile: $0, assetsRoot: assetsRoot) })
        return check.run()
    }
}
