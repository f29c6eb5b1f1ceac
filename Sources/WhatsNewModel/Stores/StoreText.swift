import Markdown
import WhatsNewText

/// A version's notes as the stores show them ("What's New in This Version", Google Play's release notes):
/// plain text, one line per feature, `• Title — subtitle`. `--format fastlane` writes it, and the store limits
/// (`--lint`, and the errors of `--format fastlane`) count it.
///
/// Neither store renders Markdown, so the texts are their plain text (`PlainTextRenderer`: a link is its
/// words, struck text keeps its `~~`). There are no glyphs: App Store Connect refuses some emoji in "What's
/// New", and the bullet reads the same in every language. The version's title and actions are left out:
/// the store shows the version itself, and its own "Update" button. A line break in a text continues the
/// line under the title, indented. Control characters and bidi embeddings and overrides are shown as
/// `\u{…}`, as every other output shows them; the direction marks right-to-left text needs are kept.
package enum StoreText {
    /// The notes of features given as Markdown (title, subtitle), one line each, ending in a line break
    /// (empty without features).
    package static func notes(_ features: [(title: String, subtitle: String)]) -> String {
        var text = ""
        for feature in features {
            let title = plain(feature.title), subtitle = plain(feature.subtitle)
            text += "• " + title
            if !subtitle.isEmpty { text += " — " + subtitle }
            text += "\n"
        }
        return text
    }

    /// The length a store counts: UTF-16 code units, as JavaScript's `length` in App Store Connect's and Play
    /// Console's forms and Java's `String.length()` count — an emoji outside the Basic Multilingual Plane is 2,
    /// `é` written as `e` and a combining accent is 2. It is never less than the count of Unicode scalars or of
    /// characters, so a text within it is within the limit however a store counts.
    package static func length(_ text: String) -> Int {
        text.utf16.count
    }

    private static func plain(_ markdown: String) -> String {
        let text = PlainTextRenderer.render(MarkdownText(parsing: markdown))
        var shown = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if scalar == "\n" {
                shown += "\n  "
            } else if value < 0x20 || (value >= 0x7F && value < 0xA0) || BidiControls.contains(scalar) {
                shown += BidiControls.visible(scalar)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
