import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewRender

extension OutputChecks {
    /// The selection every output renders: `--release` must name a version of the manifest (an error, false);
    /// versions `--platform` leaves without a feature are left out of every output (a note).
    package static func selection(_ selection: Selection, of manifest: Manifest, engine: DiagnosticEngine) -> Bool {
        if let release = selection.release, manifest.entry(for: release) == nil {
            let known = manifest.sortedVersions.prefix(8).map(\.version.description).joined(separator: ", ")
            engine.report(Diagnostic(.error, code: .unknownRelease,
                                     message: "--release \(release) is not in the manifest; expected one of its versions (\(known))"))
            return false
        }
        let emptied = selection.emptiedByPlatform(of: manifest)
        if let platform = selection.platform, !emptied.isEmpty {
            let shown = emptied.prefix(10).map(\.description).joined(separator: ", ")
            let more = emptied.count > 10 ? " and \(emptied.count - 10) more" : ""
            let which = emptied.count == 1 ? "version \(shown) has" : "versions \(shown)\(more) have"
            engine.report(Diagnostic(.note, code: .emptyAfterPlatformFilter,
                                     message: "\(which) no feature for --platform \(platform), so the outputs leave "
                                         + (emptied.count == 1 ? "it" : "them") + " out",
                                     fix: "add 'platforms: [\(platform.lowercased())]' to the features meant for \(platform.lowercased()), or choose another --platform"))
        }
        return true
    }
}
