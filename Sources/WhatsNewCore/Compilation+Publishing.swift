import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewRender

/// What the publishing formats (release body, feeds, appcast, store metadata) need checked and prepared before anything is
/// written, found once per run by `Compiler.prepare` with the checks of `OutputChecks`: each problem is a diagnostic,
/// at the version it is about.
package struct Publishing: Sendable {
    /// The feeds the HTML changelog advertises in its `<head>`: those written in the same run, beside it.
    package var feedLinks: [HTMLEmitter.FeedLink] = []
    /// `--into`: the appcast with its descriptions filled, and whether a byte of it changed.
    var filledAppcast: [UInt8]?
    var appcastChanged = false
    /// `--format fastlane`: the files of the store metadata tree.
    package var fastlaneFiles: [FastlaneEmitter.File] = []

    /// The feed formats, in the order the HTML page lists them.
    static let feedFormats: [OutputFormat] = [.atom, .jsonFeed, .rss]

    /// Checks what the plan's publishing formats need of the selected notes (by `OutputChecks`), then lays out the
    /// store metadata; nil when that is an error.
    static func prepare(_ manifest: Manifest, notes: ReleaseNotes, selection: Selection, plan: OutputPlan, request: CompileRequest,
                        budget: inout OutputBudget, engine: DiagnosticEngine) -> Publishing? {
        let formats = Set(plan.targets.map(\.format))
        var publishing = Publishing()
        publishing.feedLinks = feedLinks(plan, notes: notes)
        guard request.template == nil, !formats.isDisjoint(with: [.releaseBody, .appcast, .fastlane] + feedFormats) else { return publishing }
        // The entries of the selected versions, in the notes' order, for the places of diagnostics.
        let entries = selection.versions(of: manifest)
        let errors = engine.errorCount
        if formats.contains(.releaseBody) {
            OutputChecks.releaseBody(notes, engine: engine)
        }
        if formats.contains(.fastlane) {
            publishing.fastlaneFiles = OutputChecks.fastlane(manifest, entries: entries, engine: engine).map(FastlaneEmitter.files) ?? []
            let bytes = publishing.fastlaneFiles.reduce(0) { $0 + $1.path.utf8.count + $1.text.utf8.count }
            if let problem = budget.spend(bytes, on: "the \(publishing.fastlaneFiles.count) files of --format fastlane") {
                engine.report(problem)
                return nil
            }
        }
        if let feed = formats.intersection(feedFormats).sorted(by: { $0.rawValue < $1.rawValue }).first {
            OutputChecks.feeds(manifest, notes: notes, entries: entries, formats: formats, naming: feed, engine: engine)
        }
        if formats.contains(.appcast) {
            if let appcast = request.appcastToFill {
                if let filled = OutputChecks.filledAppcast(appcast, notes: notes, entries: entries, budget: &budget, engine: engine) {
                    publishing.filledAppcast = filled.bytes
                    publishing.appcastChanged = filled.changed
                }
            } else {
                OutputChecks.appcastBuilds(entries, engine: engine)
            }
        }
        return engine.errorCount > errors ? nil : publishing
    }

    /// The feeds of `plan` that the HTML page can link to: in the same directory as the page.
    private static func feedLinks(_ plan: OutputPlan, notes: ReleaseNotes) -> [HTMLEmitter.FeedLink] {
        guard let page = plan.targets.first(where: { $0.format == .html }), page.path != "-" else { return [] }
        let directory = Self.directory(of: page.path)
        return feedFormats.compactMap { format in
            guard let feed = plan.targets.first(where: { $0.format == format }), feed.path != "-", Self.directory(of: feed.path) == directory,
                  let name = feed.path.split(separator: "/").last else { return nil }
            return HTMLEmitter.FeedLink(format: format, href: String(name))
        }
    }

    private static func directory(of path: String) -> Substring {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return path[..<slash]
    }
}

/// The appcast `compile --into FILE` fills: its path (for messages) and its bytes as read.
package struct AppcastInput: Sendable, Hashable {
    package let path: String
    package let bytes: [UInt8]

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

extension Compilation {
    /// The files `--format fastlane` writes below its target's directory, in order (see `FastlaneEmitter`);
    /// empty when the plan has no `fastlane` target.
    package var fastlaneFiles: [FastlaneEmitter.File] { publishing.fastlaneFiles }

    /// Whether writing `target` would leave the file as it is: `--into` found nothing to change.
    package func leavesUnchanged(_ target: OutputPlan.Target) -> Bool {
        target.format == .appcast && publishing.filledAppcast != nil && !publishing.appcastChanged
    }
}
