/// An Atom 1.0 feed (RFC 4287), one entry per version, newest first. Each entry's id and link are `app.url`
/// with the version's permalink anchor; `updated` is the version's date at midnight UTC, and the feed's is the
/// newest entry's. Atom requires a date on every entry: a version without one gets the feed's (`Compiler.prepare`
/// warns `feed-undated`). The content is the notes as HTML (`VersionHTML`), escaped as `type="html"` text.
package struct AtomEmitter: Sendable {
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
        let updated = Feed.newestDate(notes).flatMap(FeedDate.rfc3339) ?? "1970-01-01T00:00:00Z"
        output += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\""
        XMLEscaping.append(feed.language, to: &output)
        output += "\">\n  <title>"
        XMLEscaping.append(feed.title, to: &output)
        output += "</title>\n  <link rel=\"alternate\" type=\"text/html\" href=\""
        XMLEscaping.append(feed.url, to: &output)
        output += "\"/>\n  <id>"
        XMLEscaping.append(feed.url, to: &output)
        output += "</id>\n  <updated>\(updated)</updated>\n  <author>\n    <name>"
        XMLEscaping.append(feed.title, to: &output)
        output += "</name>\n    <uri>"
        XMLEscaping.append(feed.url, to: &output)
        output += "</uri>\n  </author>\n  <generator>whatsnew</generator>\n"
        for version in notes.versions {
            let id = feed.id(of: version)
            output += "  <entry>\n    <title type=\"text\">"
            XMLEscaping.append(feed.entryTitle(of: version), to: &output)
            output += "</title>\n    <link rel=\"alternate\" type=\"text/html\" href=\""
            XMLEscaping.append(id, to: &output)
            output += "\"/>\n    <id>"
            XMLEscaping.append(id, to: &output)
            output += "</id>\n"
            if let date = version.date.flatMap(FeedDate.rfc3339) {
                output += "    <published>\(date)</published>\n    <updated>\(date)</updated>\n"
            } else {
                output += "    <updated>\(updated)</updated>\n"
            }
            output += "    <content type=\"html\">"
            XMLEscaping.append(feed.html.render(version), to: &output)
            output += "</content>\n  </entry>\n"
            output.flushIfFull()
        }
        output += "</feed>\n"
        return true
    }
}
