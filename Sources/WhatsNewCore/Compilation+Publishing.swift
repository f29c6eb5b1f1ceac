import YAMLTree
import SourceText
import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewRender

/// What the publishing formats (release body, feeds, appcast, store metadata) need checked and prepared before anything is
/// written, found once per run by `Compiler.prepare`: each problem is a diagnostic, at the version it is about.
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

    /// Checks what the plan's publishing formats need of the selected notes; nil when that is an error.
    static func prepare(_ manifest: Manifest, notes: ReleaseNotes, selection: Selection, plan: OutputPlan, request: CompileRequest,
                        budget: inout OutputBudget, engine: DiagnosticEngine) -> Publishing? {
        let formats = Set(plan.targets.map(\.format))
        var publishing = Publishing()
        publishing.feedLinks = feedLinks(plan, notes: notes)
        guard request.template == nil, !formats.isDisjoint(with: [.releaseBody, .appcast, .fastlane] + feedFormats) else { return publishing }
        // The entries of the selected versions, in the notes' order, for the places of diagnostics.
        let entries = selection.versions(of: manifest)
        let errors = engine.errorCount
        if formats.contains(.releaseBody), notes.versions.count != 1 {
            let count = notes.versions.isEmpty ? "no version is selected" : "\(notes.versions.count) versions are selected"
            engine.report(Diagnostic(.error, code: .releaseBodyOneVersion,
                                     message: "--format release-body writes the notes of one version, and \(count)",
                                     fix: "choose it with --release V, --release latest (the newest that is not a pre-release) or --release latest-prerelease"))
        }
        if formats.contains(.fastlane) {
            publishing.fastlaneFiles = FastlaneEmitter.files(manifest, entries: entries, engine: engine) ?? []
            let bytes = publishing.fastlaneFiles.reduce(0) { $0 + $1.path.utf8.count + $1.text.utf8.count }
            if let problem = budget.spend(bytes, on: "the \(publishing.fastlaneFiles.count) files of --format fastlane") {
                engine.report(problem)
                return nil
            }
        }
        if let feed = formats.intersection(feedFormats).sorted(by: { $0.rawValue < $1.rawValue }).first {
            checkFeeds(manifest, notes: notes, entries: entries, formats: formats, naming: feed, engine: engine)
        }
        if formats.contains(.appcast) {
            if let appcast = request.appcastToFill {
                fill(appcast, notes: notes, entries: entries, into: &publishing, budget: &budget, engine: engine)
            } else {
                for entry in entries where entry.build == nil {
                    engine.report(Diagnostic(.error, code: .missingBuild,
                                             message: "\(entry.name) has no 'build', which its appcast item needs for 'sparkle:version': Sparkle compares it with the app's CFBundleVersion to find updates",
                                             at: entry.versionLocation ?? entry.location,
                                             fix: "add 'build:' with the version's CFBundleVersion (e.g. 'build: 1234'), or leave the version out with --since or --release"))
                }
            }
        }
        return engine.errorCount > errors ? nil : publishing
    }

    /// Feeds need an http or https `app.url` for their ids and links, and a date on each entry.
    private static func checkFeeds(_ manifest: Manifest, notes: ReleaseNotes, entries: [VersionEntry], formats: Set<OutputFormat>,
                                   naming format: OutputFormat, engine: DiagnosticEngine) {
        guard notes.appURL.flatMap(Feed.baseURL) != nil else {
            let found = manifest.app?.url.map { "found '\($0)'" } ?? "found no 'app.url'"
            engine.report(Diagnostic(.error, code: .missingAppUrl,
                                     message: "--format \(format.rawValue) needs the app's http or https URL, of which each entry's id and link are made (the URL and the version's anchor, as on the HTML changelog); \(found)",
                                     at: manifest.app?.urlLocation,
                                     fix: "add 'app: { url: https://example.com/your-app }', the page where the changelog is published"))
            return
        }
        let undated = entries.filter { $0.date == nil }
        let newest = Feed.newestDate(notes)
        if formats.contains(.atom), newest == nil {
            engine.report(Diagnostic(.error, code: .atomUndated,
                                     message: "--format atom needs a date: an Atom feed's 'updated' is its newest entry's date, and none of the \(notes.versions.count) selected versions has one",
                                     fix: "add 'date: YYYY-MM-DD' to the newest version"))
            return
        }
        for entry in undated {
            let atom = formats.contains(.atom) ? " (its Atom entry, which must have one, takes the feed's date, \(newest ?? ""))" : ""
            engine.report(Diagnostic(.warning, code: .feedUndated,
                                     message: "\(entry.name) has no date, so its feed entry has none\(atom)",
                                     at: entry.versionLocation ?? entry.location,
                                     fix: "add 'date: YYYY-MM-DD' to the version"))
        }
    }

    /// Fills the appcast of `--into`; a version that no item is for is a warning at that version.
    private static func fill(_ appcast: AppcastInput, notes: ReleaseNotes, entries: [VersionEntry], into publishing: inout Publishing,
                             budget: inout OutputBudget, engine: DiagnosticEngine) {
        let filled: AppcastFiller.Filled
        do {
            filled = try AppcastFiller.fill(appcast.bytes, with: notes, budget: budget.remaining)
        } catch {
            let file = SourceFile(name: appcast.path, contents: appcast.bytes)
            let range = error.line > 0 ? SourceRange(at: file.mark(line: error.line, scalarColumn: max(0, error.column - 1))) : nil
            engine.report(Diagnostic(.error, code: error.isUnavailable ? .xmlUnavailable : .invalidAppcast,
                                     message: error.isUnavailable ? "cannot read the appcast: \(error.message)" : "invalid appcast: \(error.message)",
                                     file: error.isUnavailable ? nil : file, range: range))
            return
        }
        if let over = filled.overBudget {
            let file = SourceFile(name: appcast.path, contents: appcast.bytes)
            engine.report(Diagnostic(.error, code: .outputBudgetExceeded,
                                     message: "filling '\(appcast.path)' writes a version's notes into every item for it, and with the run's other outputs "
                                         + "comes to more than \(budget.limit) bytes at this item, after \(over.filledItems) filled; expected at most "
                                         + "\(OutputBudget.bytesPerInputByte) per input byte (at least \(OutputBudget.floor) in all)",
                                     file: file, range: SourceRange(at: file.mark(atOffset: over.item.startTag.lowerBound)),
                                     fix: "remove the items that repeat a version, or leave versions out with --release or --since"))
            return
        }
        _ = budget.spend(filled.bytes.count)
        publishing.filledAppcast = filled.bytes
        publishing.appcastChanged = filled.changed
        let locations = Dictionary(entries.map { ($0.version, $0.versionLocation ?? $0.location) }, uniquingKeysWith: { first, _ in first })
        for version in filled.versionsWithoutItem {
            engine.report(Diagnostic(.warning, code: .appcastNoItem,
                                     message: "version \(version.displayVersion) has no item in '\(appcast.path)': no item's sparkle:shortVersionString\(version.build.map { " or sparkle:version ('\($0)')" } ?? "") names it, so its notes are not written there",
                                     at: locations[version.version] ?? nil,
                                     fix: "add its item with generate_appcast first, or leave the version out with --release or --since"))
        }
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
