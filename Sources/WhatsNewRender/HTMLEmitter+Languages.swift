import Markdown

extension HTMLEmitter {
    /// The page in one language of `--locale all`, beside this one: the `<head>`'s `hreflang` alternates and the
    /// visible language switcher link to it.
    package struct LanguageLink: Sendable, Hashable {
        /// The BCP 47 tag (`hreflang`, and the `lang` of its name).
        package let language: String
        /// The page's path relative to this one.
        package let href: String
        /// The language's name in itself (`Deutsch`), or its code.
        package let name: String
        /// Whether it is this page.
        package let isCurrent: Bool
        /// Whether it is the default locale's page (also `hreflang="x-default"`).
        package let isDefault: Bool

        package init(language: String, href: String, name: String, isCurrent: Bool, isDefault: Bool) {
            self.language = language
            self.href = href
            self.name = name
            self.isCurrent = isCurrent
            self.isDefault = isDefault
        }
    }

    /// A `<link rel="alternate" hreflang>` line for each language's page, this one included, and `x-default` for
    /// the default locale's.
    func languageAlternates() -> String {
        var lines = languages.map { link in
            "<link rel=\"alternate\" hreflang=\"\(HTMLEscaping.escape(link.language))\" href=\"\(HTMLEscaping.escape(link.href))\">\n"
        }
        if let fallback = languages.first(where: \.isDefault) {
            lines.append("<link rel=\"alternate\" hreflang=\"x-default\" href=\"\(HTMLEscaping.escape(fallback.href))\">\n")
        }
        return lines.joined()
    }

    /// The visible language switcher: each language's page by its own name, the current one marked
    /// `aria-current`. Nothing when the page has no other languages.
    func languageSwitcher(words: PageText, wordsLanguage: String) -> String {
        guard languages.count > 1 else { return "" }
        var html = "<nav class=\"languages\" aria-label=\"\(HTMLEscaping.escape(words.languages))\"\(wordsLanguage)>\n<ul role=\"list\">\n"
        for link in languages {
            html += "<li><a href=\"\(HTMLEscaping.escape(link.href))\" hreflang=\"\(HTMLEscaping.escape(link.language))\" "
            html += "lang=\"\(HTMLEscaping.escape(link.language))\" dir=\"auto\"\(link.isCurrent ? " aria-current=\"page\"" : "")>"
            html += HTMLEscaping.escape(link.name)
            html += "</a></li>\n"
        }
        return html + "</ul>\n</nav>\n"
    }
}
