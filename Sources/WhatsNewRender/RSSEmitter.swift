/// An RSS 2.0 feed, one item per version, newest first: its link and permanent guid are `app.url` with the
/// version's permalink anchor, `pubDate` the version's date at midnight UTC in RFC 822 (none without a date),
/// and `description` the notes as HTML (`VersionHTML`), escaped.
package struct RSSEmitter: Sendable {
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
        let words = PageText.forPage(locale: notes.locale, defaultLocale: notes.defaultLocale)
        output += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\">\n  <channel>\n    <title>"
        XMLEscaping.append(feed.title, to: &output)
        output += "</title>\n    <link>"
        XMLEscaping.append(feed.url, to: &output)
        output += "</link>\n    <description>"
        XMLEscaping.append(words.documentTitle(appName: notes.appName), to: &output)
        output += "</description>\n    <language>"
        XMLEscaping.append(feed.language, to: &output)
        output += "</language>\n    <generator>whatsnew</generator>\n"
        if let newest = Feed.newestDate(notes).flatMap(FeedDate.rfc822) {
            output += "    <lastBuildDate>\(newest)</lastBuildDate>\n"
        }
        for version in notes.versions {
            let id = feed.id(of: version)
            output += "    <item>\n      <title>"
            XMLEscaping.append(feed.entryTitle(of: version), to: &output)
            output += "</title>\n      <link>"
            XMLEscaping.append(id, to: &output)
            output += "</link>\n      <guid isPermaLink=\"true\">"
            XMLEscaping.append(id, to: &output)
            output += "</guid>\n"
            if let date = version.date.flatMap(FeedDate.rfc822) {
                output += "      <pubDate>\(date)</pubDate>\n"
            }
            output += "      <description>"
            XMLEscaping.append(feed.html.render(version), to: &output)
            output += "</description>\n    </item>\n"
            output.flushIfFull()
        }
        output += "  </channel>\n</rss>\n"
        return true
    }
}
