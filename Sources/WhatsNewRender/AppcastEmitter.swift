/// A Sparkle appcast: RSS 2.0 with the Sparkle namespace, one `<item>` per version, newest first, each with
/// `sparkle:version` (the version's `build`, which Sparkle compares with the app's CFBundleVersion),
/// `sparkle:shortVersionString` (the version), `pubDate` in RFC 822 and the notes as HTML in a CDATA section
/// of `<description>`. It has no enclosures (whatsnew knows no archives): fill an appcast that
/// `generate_appcast` wrote with `--into` (`AppcastFiller`) instead, or add them. With an `app.url`, each item
/// links to its version on the changelog page. `Compiler.prepare` refuses a version without a `build`.
package struct AppcastEmitter: Sendable {
    /// The namespace of Sparkle's elements and attributes.
    package static let sparkleNamespace = "http://www.andymatuschak.org/xml-namespaces/sparkle"

    package init() {}

    package func emit(_ notes: ReleaseNotes) -> String {
        var output = OutputBuffer()
        emit(notes, into: &output)
        return output.text
    }

    package func emit(_ notes: ReleaseNotes, into output: inout OutputBuffer) {
        let words = PageText.forPage(locale: notes.locale, defaultLocale: notes.defaultLocale)
        let url = notes.appURL.flatMap(Feed.baseURL)
        let html = VersionHTML()
        output += "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\" xmlns:sparkle=\"\(Self.sparkleNamespace)\">\n  <channel>\n    <title>"
        XMLEscaping.append(notes.appName ?? words.releaseNotes, to: &output)
        output += "</title>\n"
        if let url {
            output += "    <link>"
            XMLEscaping.append(url, to: &output)
            output += "</link>\n"
        }
        output += "    <description>"
        XMLEscaping.append(words.documentTitle(appName: notes.appName), to: &output)
        output += "</description>\n    <language>"
        XMLEscaping.append(HTMLEmitter.languageTag(notes.locale ?? notes.defaultLocale ?? "en"), to: &output)
        output += "</language>\n"
        for version in notes.versions {
            output += "    <item>\n      <title>"
            XMLEscaping.append(version.displayVersion, to: &output)
            output += "</title>\n"
            if let url {
                output += "      <link>"
                XMLEscaping.append(url + "#" + version.anchor, to: &output)
                output += "</link>\n"
            }
            if let date = version.date.flatMap(FeedDate.rfc822) {
                output += "      <pubDate>\(date)</pubDate>\n"
            }
            if let build = version.build {
                output += "      <sparkle:version>"
                XMLEscaping.append(build, to: &output)
                output += "</sparkle:version>\n"
            }
            output += "      <sparkle:shortVersionString>"
            XMLEscaping.append(version.version.description, to: &output)
            output += "</sparkle:shortVersionString>\n      <description>"
            XMLEscaping.appendCDATA(html.render(version, withTitle: true), to: &output)
            output += "</description>\n    </item>\n"
            output.flushIfFull()
        }
        output += "  </channel>\n</rss>\n"
    }
}
