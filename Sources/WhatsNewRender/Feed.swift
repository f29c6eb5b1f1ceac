import Markdown
import WhatsNewText

/// What the three feeds (Atom, JSON Feed, RSS) share: the app's URL their links and ids are made of, their
/// title and language, each entry's id, title and date, and the escaping of XML text.
package struct Feed {
    /// `app.url` without a fragment: each entry's id and link is it with the version's permalink anchor, as on
    /// the HTML changelog (`https://example.com/trails#v1.2.0`).
    package let url: String
    package let title: String
    /// The language of the texts (a BCP 47 tag).
    package let language: String
    package let html = VersionHTML()

    /// The feed of `notes`; nil without an http or https `app.url` (`Compiler.prepare` reports it).
    package init?(_ notes: ReleaseNotes) {
        guard let url = notes.appURL.flatMap(Self.baseURL) else { return nil }
        self.url = url
        let words = PageText.forPage(locale: notes.locale, defaultLocale: notes.defaultLocale)
        title = notes.appName ?? words.releaseNotes
        language = HTMLEmitter.languageTag(notes.locale ?? notes.defaultLocale ?? "en")
    }

    /// An http or https URL without its fragment, or nil.
    package static func baseURL(_ url: String) -> String? {
        guard let safe = LinkPolicy.sanitized(url, allowRelative: false) else { return nil }
        let lowered = safe.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }
        return safe.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
    }

    package func id(of version: ReleaseNotes.Version) -> String {
        url + "#" + version.anchor
    }

    /// `1.2.0 — What's New in Trails`, as plain text.
    func entryTitle(of version: ReleaseNotes.Version) -> String {
        let title = PlainTextRenderer.render(html.texts.text(parsing: version.title))
        return title.isEmpty ? version.displayVersion : version.displayVersion + " — " + title
    }

    /// The date of the newest version that has one (feeds are newest first).
    package static func newestDate(_ notes: ReleaseNotes) -> String? {
        notes.versions.lazy.compactMap(\.date).first { FeedDate.rfc3339($0) != nil }
    }
}

/// XML text and attribute values: `HTMLEscaping` escapes `&<>"'` and replaces every character XML 1.0 does
/// not allow (C0 controls but tab and line feed, noncharacters), so its output is also well-formed XML.
enum XMLEscaping {
    static func append(_ text: String, to output: inout OutputBuffer) {
        HTMLEscaping.append(text, to: &output.bytes)
    }

    /// `html` as the content of a CDATA section: a `]]>` in it would end the section, so the section is split
    /// between its `]]` and `>` (`]]]]><![CDATA[>`).
    static func appendCDATA(_ html: String, to output: inout OutputBuffer) {
        output += "<![CDATA["
        output += html.replacing("]]>", with: "]]]]><![CDATA[>")
        output += "]]>"
    }
}
