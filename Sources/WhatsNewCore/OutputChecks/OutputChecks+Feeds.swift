import WhatsNewDiagnostics
import WhatsNewModel
import WhatsNewRender

extension OutputChecks {
    /// The feeds (`formats`' Atom, JSON Feed and RSS, the message naming `format`) need an http or https `app.url`
    /// for their ids and links (an error), and Atom a date on the newest entry (an error); an entry without a date
    /// is a warning. `entries` are the selected versions', in the notes' order.
    package static func feeds(_ manifest: Manifest, notes: ReleaseNotes, entries: [VersionEntry], formats: Set<OutputFormat>,
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
}
