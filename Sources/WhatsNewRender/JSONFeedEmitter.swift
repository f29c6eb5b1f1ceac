import WhatsNewText

/// A JSON Feed 1.1, one item per version, newest first: its id and url are `app.url` with the version's
/// permalink anchor, `date_published` the version's date at midnight UTC (none without a date), and
/// `content_html` the notes as HTML (`VersionHTML`), a JSON string written by `JSONValue`.
package struct JSONFeedEmitter: Sendable {
    package init() {}

    /// The feed; nil without an http or https `app.url`.
    package func emit(_ notes: ReleaseNotes) -> String? {
        var output = OutputBuffer()
        guard emit(notes, into: &output) else { return nil }
        return output.text
    }

    @discardableResult
    package func emit(_ notes: ReleaseNotes, into output: inout OutputBuffer) -> Bool {
        guard let feed = Feed(notes) else { return false }
        // The items are written one at a time, each as `JSONValue` lays it out two levels deep.
        let head: JSONValue = .object([
            (key: "version", value: .string("https://jsonfeed.org/version/1.1")),
            (key: "title", value: .string(feed.title)),
            (key: "home_page_url", value: .string(feed.url)),
            (key: "language", value: .string(feed.language)),
            (key: "authors", value: .array([.object([(key: "name", value: .string(feed.title)), (key: "url", value: .string(feed.url))])])),
        ])
        var text = head.pretty
        text.removeLast(2)   // "\n}"
        output += text
        output += ",\n  \"items\": ["
        for (index, version) in notes.versions.enumerated() {
            let id = feed.id(of: version)
            let item: JSONValue = .object(omittingNils: [
                ("id", .string(id)),
                ("url", .string(id)),
                ("title", .string(feed.entryTitle(of: version))),
                ("content_html", .string(feed.html.render(version))),
                ("date_published", version.date.flatMap(FeedDate.rfc3339).map { .string($0) }),
            ])
            output += index == 0 ? "\n    " : ",\n    "
            output += item.pretty(level: 2)
            output.flushIfFull()
        }
        output += notes.versions.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return true
    }
}
