import Markdown
import WhatsNewText

/// A version's notes as an HTML fragment, for documents that carry HTML (feed entries, an appcast's
/// `<description>`): the summary's paragraphs, the features as a list (glyph, title in bold, subtitle), then the secondary action — a
/// link, or a second page as a heading and its body. Only elements, no style, class or script: feed readers
/// and Sparkle's release-notes view style it themselves. Every text goes through `HTMLRenderer`.
package struct VersionHTML {
    let texts = MarkdownTextCache()

    /// The fragment; `withTitle` starts it with the version's title as an `<h2>` (for an appcast, whose item
    /// shows nothing else of the version).
    func render(_ version: ReleaseNotes.Version, withTitle: Bool = false) -> String {
        var html: [UInt8] = []
        let renderer = HTMLRenderer()
        if withTitle {
            html += "<h2>".utf8
            renderer.append(texts.text(parsing: version.title), to: &html)
            html += "</h2>\n".utf8
        }
        if let summary = version.summary {
            // Below the features' level, as on the page: the entry's own heading is the feed's title (or the `<h2>`).
            HTMLRenderer(topHeadingLevel: 3).append(texts.document(parsing: summary), to: &html)
        }
        if !version.features.isEmpty {
            html += "<ul>\n".utf8
            for feature in version.features {
                html += "<li>".utf8
                if let image = feature.image, image.kind.isKnownGlyph {
                    HTMLEscaping.append(image.glyph, to: &html)
                    html += " ".utf8
                }
                html += "<strong>".utf8
                renderer.append(inlines: MarkdownEmitter.withoutStrong(texts.text(parsing: feature.title).inlines), to: &html)
                html += "</strong>".utf8
                var subtitle: [UInt8] = []
                renderer.append(texts.text(parsing: feature.subtitle), to: &subtitle)
                if !subtitle.isEmpty {
                    html += " — ".utf8
                    html += subtitle
                }
                html += "</li>\n".utf8
            }
            html += "</ul>\n".utf8
        }
        if let action = version.secondaryAction {
            let title = texts.text(parsing: action.title)
            switch action.kind {
            case .openURL(let url):
                if let safe = LinkPolicy.sanitized(url, allowRelative: false) {
                    html += "<p><a href=\"".utf8
                    HTMLEscaping.append(safe, to: &html)
                    html += "\">".utf8
                    var insideLink = HTMLRenderer()
                    insideLink.linksAsText = true
                    insideLink.append(title, to: &html)
                    html += "</a></p>\n".utf8
                }
            case .present(let pageTitle, let body):
                html += "<h3>".utf8
                renderer.append(pageTitle.map { texts.text(parsing: $0) } ?? title, to: &html)
                html += "</h3>\n".utf8
                HTMLRenderer(topHeadingLevel: 4).append(texts.document(parsing: body), to: &html)
            case .dismiss, .custom:
                break
            }
        }
        return String(decoding: html, as: UTF8.self)
    }
}
