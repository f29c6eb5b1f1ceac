import Foundation
import Markdown
import WhatsNewIO
import WhatsNewModel
import WhatsNewText

/// One self-contained HTML page: inline CSS, no script, no external request, `lang` set, light and dark color
/// schemes, responsive down to 320 px, landmarks and heading order, alt text, a print style.
///
/// - `changelog`: a header with the app's icon, name and link; a version index (a sticky sidebar on wide
///   screens, a disclosure on phones); every version newest first with its badge, title, date, pre-release
///   badge and permalink, and a permalink per feature.
/// - `showcase`: one version laid out like WhatsNewKit's sheet, its Layout values as CSS: a card on wide
///   screens, the whole screen on phones with its footer pinned.
///
/// Every user string goes through `HTMLRenderer` or `HTMLEscaping` and carries `dir="auto"` (or is a `<bdi>`),
/// and `lang` when it was picked in another language than the page's; the page's own words come from
/// `PageText`; colors reach the CSS only as values parsed by `Color` and shaded by `HTMLStyle`; links are only
/// http, https, mailto; image files are inlined as data URIs.
package struct HTMLEmitter: Sendable {
    package enum Page: String, Sendable, CaseIterable {
        case changelog, showcase
    }

    package var page: Page
    /// The feeds written beside the page, which its `<head>` advertises.
    package var feeds: [FeedLink] = []
    /// The same page in each language of `--locale all` (this one among them): `hreflang` alternates in the
    /// `<head>` and a language switcher at the top.
    package var languages: [LanguageLink] = []

    package init(page: Page) {
        self.page = page
    }

    /// The page; image files are read as `imageFiles` allows (one that cannot be read shows its alt text).
    package func emit(_ notes: ReleaseNotes, imageFiles: ImageFileOptions = ImageFileOptions()) -> String {
        var html = OutputBuffer()
        emit(notes, context: Context(notes: notes, images: ImageFileLoader(options: imageFiles)), threads: nil, into: &html)
        return html.text
    }

    /// Writes the page into `html`, flushing it between features (the caller flushes the rest); a long
    /// changelog's articles are rendered on two threads as `rendering` says.
    package func emit(_ notes: ReleaseNotes, imageFiles: ImageFileOptions = ImageFileOptions(),
                      rendering: TwoThreadRendering = TwoThreadRendering(), into html: inout OutputBuffer) {
        // One loader for both threads: each file is read once, and the total limit counts it once.
        let images = ImageFileLoader(options: imageFiles)
        let threads = Threads(rendering: rendering) { Context(notes: notes, images: images) }
        emit(notes, context: Context(notes: notes, images: images), threads: threads, into: &html)
    }

    /// How the articles may be rendered on two threads: the background thread makes a context of its own.
    private struct Threads {
        let rendering: TwoThreadRendering
        let makeContext: @Sendable () -> Context
    }

    /// Writes the page into `html`, its articles on two threads when `threads` says how.
    private func emit(_ notes: ReleaseNotes, context: Context, threads: Threads?, into html: inout OutputBuffer) {
        let words = context.words
        let title: String
        switch page {
        case .changelog:
            title = words.documentTitle(appName: notes.appName)
        case .showcase:
            let versionTitle = notes.versions.first.map { PlainTextRenderer.render(MarkdownText(parsing: $0.title)) }
            title = [versionTitle, notes.appName].compactMap { $0 }.joined(separator: " — ")
        }
        html += """
        <!DOCTYPE html>
        <html lang="\(HTMLEscaping.escape(context.pageLanguage))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="generator" content="whatsnew">
        \(feedLinks(title: title.isEmpty ? words.releaseNotes : title))\(languageAlternates())<title>\(HTMLEscaping.escape(title.isEmpty ? words.releaseNotes : title))</title>
        <style>
        \(HTMLStyle.css(accent: context.accent))</style>
        </head>
        <body class="\(page.rawValue)">
        <a class="skip-link" href="#main"\(context.wordsLanguage)>\(HTMLEscaping.escape(words.skipToNotes))</a>

        """
        switch page {
        case .changelog:
            changelog(notes, context: context, threads: threads, into: &html)
        case .showcase:
            if let version = notes.versions.first {
                showcase(version, context: context, into: &html)
            } else {
                html += languageSwitcher(words: words, wordsLanguage: context.wordsLanguage)
                html += "<main id=\"main\"><p\(context.wordsLanguage)>\(HTMLEscaping.escape(words.noVersion))</p></main>\n"
            }
        }
        html += "</body>\n</html>\n"
    }

    // MARK: Pages

    private func changelog(_ notes: ReleaseNotes, context: Context, threads: Threads?, into html: inout OutputBuffer) {
        html += languageSwitcher(words: context.words, wordsLanguage: context.wordsLanguage)
        header(notes, context: context, into: &html)
        html += "<div class=\"page-layout\">\n"
        // Each title is parsed once, for the index and its article.
        let titles = notes.versions.map { context.texts.text(parsing: $0.title) }
        if notes.versions.count > 1 { index(notes, titles: titles, context: context, into: &html) }
        html += "<main id=\"main\">\n"
        let versions = notes.versions
        let articles: TwoThreadRendering.Renderer = { range, html in
            for index in range { article(versions[index], title: titles[index], context: context, into: &html) }
        }
        if let threads {
            // The background thread renders with a context of its own, but with the titles parsed above (a
            // parse takes several microseconds): the threads read different versions' titles.
            threads.rendering.render(versions.count, into: &html, here: articles, elsewhere: { [self] in
                let context = threads.makeContext()
                return { range, html in
                    for index in range { article(versions[index], title: titles[index], context: context, into: &html) }
                }
            })
        } else {
            articles(versions.indices, &html)
        }
        if notes.versions.isEmpty { html += "<p\(context.wordsLanguage)>\(HTMLEscaping.escape(context.words.noVersions))</p>\n" }
        html += "</main>\n</div>\n<footer class=\"site-footer\">\n<p\(context.wordsLanguage)>"
        html.escaped(context.words.compiledBy)
        html += "</p>\n</footer>\n"
    }

    /// The app's icon, name and link above the page's heading.
    private func header(_ notes: ReleaseNotes, context: Context, into html: inout OutputBuffer) {
        html += "<header class=\"site-header\">\n"
        let url = notes.appURL.flatMap { LinkPolicy.sanitized($0, allowRelative: false) }
        if notes.appName != nil || url != nil {
            html += "<div class=\"brand\">\n"
            if let icon = notes.appIcon { appIcon(icon, context: context, into: &html) }
            html += "<p class=\"app-name\" dir=\"auto\">"
            if let url {
                html += "<a href=\""
                html.escaped(url)
                html += "\">"
                html.escaped(notes.appName ?? url)
                html += "</a>"
            } else {
                html.escaped(notes.appName ?? "")
            }
            html += "</p>\n</div>\n"
        }
        html += "<h1\(context.wordsLanguage)>"
        html.escaped(context.words.releaseNotes)
        html += "</h1>\n</header>\n"
    }

    /// The app's icon: decorative beside its name (its alt text is the name unless it has one of its own).
    private func appIcon(_ image: ReleaseNotes.Image, context: Context, into html: inout OutputBuffer) {
        if case .file(let path, let directory) = image.kind, let (uri, _) = context.dataURI(path: path, directory: directory) {
            html += "<img class=\"app-icon\" src=\"\(uri)\" alt=\"\">\n"
            return
        }
        guard image.kind.isKnownGlyph else { return }
        html += "<span class=\"app-icon app-icon-glyph\" aria-hidden=\"true\">"
        html.escaped(image.glyph)
        html += "</span>\n"
    }

    /// The version index: a list of versions and dates, a sticky sidebar on wide screens and a disclosure on
    /// phones. A title most versions share ("What's New") is left out of it; the others are shown.
    private func index(_ notes: ReleaseNotes, titles: [MarkdownText], context: Context, into html: inout OutputBuffer) {
        let words = context.words
        let shared = Self.sharedTitle(notes.versions)
        html += "<nav class=\"version-index\" aria-label=\"\(HTMLEscaping.escape(words.versions))\"\(context.wordsLanguage)>\n"
        html += "<details class=\"index-disclosure\">\n<summary>"
        html.escaped(words.versions)
        html += " <span class=\"index-count\">(\(notes.versions.count))</span></summary>\n<ol class=\"index-list\" role=\"list\">\n"
        for (version, title) in zip(notes.versions, titles) {
            html += "<li><a href=\"#"
            html.escaped(version.anchor)
            html += "\"><span class=\"index-version\">"
            html.escaped(version.displayVersion)
            html += "</span>"
            if version.title != shared || version.version.isPrerelease {
                html += "<bdi class=\"index-title\""
                html += context.language(version.languages.language(of: .title))
                html += ">"
                if version.version.isPrerelease {
                    html += "<span class=\"badge\"\(context.wordsLanguage)>\(HTMLEscaping.escape(words.preRelease))</span> "
                }
                if version.title != shared { html.markdown(title) }
                html += "</bdi>"
            }
            if let date = version.date { self.date(date, context: context, into: &html) }
            html += "</a></li>\n"
        }
        html += "</ol>\n</details>\n</nav>\n"
    }

    /// The title most versions have when more than one has it, else nil.
    static func sharedTitle(_ versions: [ReleaseNotes.Version]) -> String? {
        var counts: [String: Int] = [:]
        for version in versions { counts[version.title, default: 0] += 1 }
        guard let most = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }), most.value > 1 else { return nil }
        return most.key
    }

    /// A `<time>` with the date in the page's words (the ISO date as written when it is not a date).
    private func date(_ date: String, context: Context, into html: inout OutputBuffer) {
        html += "<time datetime=\""
        html.escaped(date)
        html += "\""
        if let human = context.words.humanDate(date) {
            html += context.wordsLanguage
            html += ">"
            html.escaped(human)
        } else {
            html += ">"
            html.escaped(date)
        }
        html += "</time>"
    }

    private func article(_ version: ReleaseNotes.Version, title: MarkdownText, context: Context, into html: inout OutputBuffer) {
        html += "<article class=\"version\" id=\""
        html.escaped(version.anchor)
        html += "\" aria-labelledby=\""
        html.escaped(version.anchor)
        html += "-title\">\n<header class=\"version-header\">\n<h2 id=\""
        html.escaped(version.anchor)
        html += "-title\""
        html += context.titleStyle(version.titleColor)
        html += "><span class=\"version-number\">"
        html.escaped(version.displayVersion)
        html += "</span> <span class=\"version-title\" dir=\"auto\""
        html += context.language(version.languages.language(of: .title))
        html += ">"
        html.markdown(title)
        html += "</span></h2>\n<p class=\"version-meta\">"
        if version.version.isPrerelease {
            html += "<span class=\"badge\"\(context.wordsLanguage)>\(HTMLEscaping.escape(context.words.preRelease))</span> "
        }
        if let date = version.date {
            self.date(date, context: context, into: &html)
            html += " "
        }
        html += "<a class=\"permalink-mark\" href=\"#"
        html.escaped(version.anchor)
        html += "\" aria-label=\""
        html.escaped(context.words.linkTo(version: version.displayVersion))
        html += "\"\(context.wordsLanguage)>#</a></p>\n</header>\n"
        summary(version, headingLevel: 2, context: context, into: &html)
        featureList(version, context: context, headingLevel: 3, permalinks: true, into: &html)
        if let action = version.secondaryAction {
            secondary(action, of: version, context: context, headingLevel: 3, into: &html)
        }
        html += "</article>\n"
    }

    /// The sheet; a `present` page comes before it (hidden until pushed, when it hides the sheet and the
    /// language switcher that follow it: a sibling selector needs no script and no `:has()`).
    private func showcase(_ version: ReleaseNotes.Version, context: Context, into html: inout OutputBuffer) {
        if let action = version.secondaryAction, case .present(let pageTitle, let body) = action.kind {
            pushedPage(title: pageTitle, actionTitle: action.title, body: body, of: version, context: context, into: &html)
        }
        html += languageSwitcher(words: context.words, wordsLanguage: context.wordsLanguage)
        html += "<main id=\"main\" class=\"sheet\" style=\"\(HTMLStyle.layoutVariables(version.layout))\">\n"
        html += "<h1 class=\"sheet-title\" dir=\"auto\"\(context.language(version.languages.language(of: .title)))\(context.titleStyle(version.titleColor))>"
        html.markdown(context.texts.text(parsing: version.title))
        html += "</h1>\n"
        summary(version, headingLevel: 1, context: context, into: &html)
        featureList(version, context: context, headingLevel: 2, permalinks: false, into: &html)
        html += "<footer class=\"sheet-footer\">\n"
        if let action = version.secondaryAction {
            if case .present = action.kind {
                pushedPageLink(action, of: version, context: context, into: &html)
            } else {
                secondary(action, of: version, context: context, headingLevel: 2, into: &html)
            }
        }
        // The primary action continues to the app's page; without one there is nowhere to go, and no button.
        if let url = context.notes.appURL.flatMap({ LinkPolicy.sanitized($0, allowRelative: false) }) {
            let primary = version.primaryAction
            html += "<a class=\"primary-button\" href=\""
            html.escaped(url)
            html += "\" dir=\"auto\"\(context.language(version.languages.language(of: .primaryTitle))) style=\""
            html += context.buttonStyle(background: primary.backgroundColor, foreground: primary.foregroundColor)
            html += "\">"
            html.markdown(context.texts.text(parsing: primary.title), insideLink: true)
            html += "</a>\n"
        }
        html += "</footer>\n</main>\n"
    }

    /// The showcase's `present` action: a link to its page, pushed over the sheet (`pushedPage`).
    private func pushedPageLink(_ action: ReleaseNotes.SecondaryAction, of version: ReleaseNotes.Version, context: Context,
                                into html: inout OutputBuffer) {
        html += "<p class=\"secondary-action\" dir=\"auto\"\(context.language(version.languages.language(of: .secondaryTitle)))"
        html += context.linkStyle(action.foregroundColor)
        html += "><a id=\""
        html.escaped(version.anchor)
        html += "-open\" href=\"#"
        html.escaped(version.anchor)
        html += "-page\">"
        html.markdown(context.texts.text(parsing: action.title), insideLink: true)
        html += "</a></p>\n"
    }

    /// The showcase's `present` page as a page pushed in place of the sheet, without script: hidden until its link
    /// makes it the `:target`, then shown instead of the sheet, with a back link to the link that opened it (where
    /// focus returns). Printed after the sheet. It is a page of its own: its `h1` is the page's title, else the
    /// action's.
    private func pushedPage(title: String?, actionTitle: String, body: String, of version: ReleaseNotes.Version, context: Context,
                            into html: inout OutputBuffer) {
        let languages = version.languages
        html += "<section class=\"pushed-page\" id=\""
        html.escaped(version.anchor)
        html += "-page\" tabindex=\"-1\" aria-labelledby=\""
        html.escaped(version.anchor)
        html += "-page-title\">\n<div class=\"pushed-card\">\n<p class=\"pushed-bar\"><a class=\"back-link\" href=\"#"
        html.escaped(version.anchor)
        html += "-open\"\(context.wordsLanguage)><span class=\"back-chevron\" aria-hidden=\"true\">‹</span>"
        html.escaped(context.words.back)
        html += "</a></p>\n<div class=\"page\" dir=\"auto\"\(context.language(languages.language(of: .pageBody)))>\n<h1 id=\""
        html.escaped(version.anchor)
        html += "-page-title\" dir=\"auto\""
        html += context.language(languages.language(of: title == nil ? .secondaryTitle : .pageTitle))
        html += ">"
        html.markdown(context.texts.text(parsing: title ?? actionTitle))
        html += "</h1>\n"
        html.markdown(context.texts.document(parsing: body), topHeadingLevel: 2)
        html += "</div>\n</div>\n</section>\n"
    }

    // MARK: Parts

    /// A version's `summary` as `<div class="version-summary">` of block elements (its headings below
    /// `headingLevel`, the version's), with its own `lang` when it fell back to another language; nothing when
    /// it has none or it writes nothing.
    private func summary(_ version: ReleaseNotes.Version, headingLevel: Int, context: Context, into html: inout OutputBuffer) {
        guard let summary = version.summary else { return }
        var body: [UInt8] = []
        HTMLRenderer(topHeadingLevel: headingLevel + 1).append(context.texts.document(parsing: summary), to: &body)
        guard !body.isEmpty else { return }
        html += "<div class=\"version-summary\" dir=\"auto\""
        html += context.language(version.languages.language(of: .summary))
        html += ">\n"
        html.bytes += body
        html += "</div>\n"
    }

    private func featureList(_ version: ReleaseNotes.Version, context: Context, headingLevel: Int, permalinks: Bool,
                             into html: inout OutputBuffer) {
        guard !version.features.isEmpty else { return }
        html += "<ul class=\"features\" role=\"list\">\n"
        let headingStart = "<div class=\"feature-text\">\n<h\(headingLevel) class=\"feature-title\" dir=\"auto\""
        let headingEnd = "</h\(headingLevel)>\n"
        for feature in version.features {
            let title = context.texts.text(parsing: feature.title)
            let anchor = feature.anchor
            html += "<li class=\"feature\" id=\""
            html.escaped(anchor)
            html += "\">\n"
            icon(feature, context: context, into: &html)
            html += headingStart
            html += context.language(version.languages.language(of: .featureTitle(feature.index)))
            html += ">"
            if permalinks {
                html += "<a class=\"permalink\" href=\"#"
                html.escaped(anchor)
                html += "\">"
                html.markdown(title, insideLink: true)
                html += "</a>"
            } else {
                html.markdown(title)
            }
            html += headingEnd
            // A one-line change (no subtitle) has no paragraph for it.
            if feature.hasSubtitle {
                html += "<p class=\"feature-subtitle\" dir=\"auto\""
                html += context.language(version.languages.language(of: .featureSubtitle(feature.index)))
                html += ">"
                html.markdown(context.texts.text(parsing: feature.subtitle))
                html += "</p>\n"
            }
            html += "</div>\n</li>\n"
            html.flushIfFull()
        }
        html += "</ul>\n"
    }

    /// The feature's image. It is decorative (hidden from screen readers, which read the title next to it)
    /// unless it has alt text of its own; a symbol without a glyph is a plain dot.
    private func icon(_ feature: ReleaseNotes.Feature, context: Context, into html: inout OutputBuffer) {
        guard let image = feature.image else {
            html += "<span class=\"icon icon-generic\" aria-hidden=\"true\"></span>\n"
            return
        }
        // (Compared as kept: the alt is the title, where the input writes it, unless the image has one.)
        let ownAlt = image.altText != feature.titleText ? context.texts.text(parsing: image.alt) : nil
        let label = ownAlt.map(PlainTextRenderer.render)
        // An image file (an SVG included) is only ever an <img> with a data URI: never markup of the page.
        if case .file(let path, let directory) = image.kind, let (uri, type) = context.dataURI(path: path, directory: directory) {
            html += type == .svg ? "<span class=\"icon icon-file icon-svg\"" : "<span class=\"icon icon-file\""
            html += context.tintStyle(image.color)
            html += "><img src=\""
            html += uri
            html += "\" alt=\""
            if let label { html.escaped(label) }
            html += "\""
            if label != nil { html += context.language(image.altLanguage) }
            html += "></span>\n"
            return
        }
        let glyph = image.kind.isKnownGlyph
        html += glyph ? "<span class=\"icon\"" : "<span class=\"icon icon-generic\""
        html += context.tintStyle(image.color)
        if let label {
            html += " role=\"img\" aria-label=\""
            html.escaped(label)
            html += "\""
            html += context.language(image.altLanguage)
        } else {
            html += " aria-hidden=\"true\""
        }
        html += ">"
        if glyph { html.escaped(image.glyph) }
        html += "</span>\n"
    }

    /// The secondary action: a link, or a `present` page in a disclosure. The actions only an app can
    /// perform (`dismiss`, `custom`) are left out of a page.
    private func secondary(_ action: ReleaseNotes.SecondaryAction, of version: ReleaseNotes.Version, context: Context, headingLevel: Int,
                           into html: inout OutputBuffer) {
        let title = context.texts.text(parsing: action.title)
        let style = context.linkStyle(action.foregroundColor)
        let titleLanguage = context.language(version.languages.language(of: .secondaryTitle))
        switch action.kind {
        case .openURL(let url):
            guard let safe = LinkPolicy.sanitized(url, allowRelative: false) else { return }
            html += "<p class=\"secondary-action\" dir=\"auto\"\(titleLanguage)><a href=\""
            html.escaped(safe)
            html += "\""
            html += style
            html += ">"
            html.markdown(title, insideLink: true)
            html += "</a></p>\n"
        case .present(let pageTitle, let body):
            html += "<details class=\"secondary-action\" dir=\"auto\"\(style)>\n<summary\(titleLanguage)>"
            html.markdown(title)
            html += "</summary>\n<div class=\"page\" dir=\"auto\"\(context.language(version.languages.language(of: .pageBody)))>\n"
            if let pageTitle {
                html += "<h\(headingLevel) dir=\"auto\"\(context.language(version.languages.language(of: .pageTitle)))>"
                html.markdown(context.texts.text(parsing: pageTitle))
                html += "</h\(headingLevel)>\n"
            }
            html.markdown(context.texts.document(parsing: body), topHeadingLevel: pageTitle == nil ? headingLevel : headingLevel + 1)
            html += "</div>\n</details>\n"
        case .dismiss, .custom:
            break
        }
    }

    /// The pieces of the built-in page whose markup a template cannot write itself — the color styles shaded
    /// for contrast, the icons with their inlined images, and the `lang` attributes of texts in another
    /// language — keyed by version and feature anchor, so `Templates/changelog.html.mustache` gives exactly
    /// the built-in changelog.
    struct TemplateParts {
        var titleStyles: [String: String] = [:]
        var linkStyles: [String: String] = [:]
        var icons: [String: String] = [:]
        /// The ` lang="…"` of a version's text (by anchor and field), or none.
        var languages: [String: [ReleaseNotes.TextLanguages.Field: String]] = [:]
        /// The `<time>` of each version's date.
        var dates: [String: String] = [:]
        var appIcon = ""
        /// ` lang="…"` on the page's own words when they are not in the page's language.
        var wordsLanguage = ""
        var pageLanguage = ""
        var words = PageText.english
    }

    static func templateParts(_ notes: ReleaseNotes, imageFiles: ImageFileOptions) -> TemplateParts {
        let context = Context(notes: notes, images: ImageFileLoader(options: imageFiles))
        let emitter = HTMLEmitter(page: .changelog)
        var parts = TemplateParts(wordsLanguage: context.wordsLanguage, pageLanguage: context.pageLanguage, words: context.words)
        if let icon = notes.appIcon {
            var html = OutputBuffer()
            emitter.appIcon(icon, context: context, into: &html)
            parts.appIcon = html.text
        }
        for version in notes.versions {
            parts.titleStyles[version.anchor] = context.titleStyle(version.titleColor)
            if let action = version.secondaryAction { parts.linkStyles[version.anchor] = context.linkStyle(action.foregroundColor) }
            var languages: [ReleaseNotes.TextLanguages.Field: String] = [:]
            var fields: [ReleaseNotes.TextLanguages.Field] = [.title, .primaryTitle, .secondaryTitle, .pageTitle, .pageBody, .summary]
            for feature in version.features { fields += [.featureTitle(feature.index), .featureSubtitle(feature.index)] }
            for field in fields { languages[field] = context.language(version.languages.language(of: field)) }
            parts.languages[version.anchor] = languages
            if let date = version.date {
                var html = OutputBuffer()
                emitter.date(date, context: context, into: &html)
                parts.dates[version.anchor] = html.text
            }
            for feature in version.features {
                var html = OutputBuffer()
                emitter.icon(feature, context: context, into: &html)
                parts.icons[feature.anchor] = html.text
            }
        }
        return parts
    }

    /// A BCP 47 tag for `lang`: letters, digits and hyphens only.
    package static func languageTag(_ locale: String) -> String {
        let tag = String(locale.map { $0 == "_" ? "-" : $0 }.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        return tag.isEmpty ? "en" : tag
    }

    /// Colors, words and images resolved once per page.
    private struct Context {
        let notes: ReleaseNotes
        let images: ImageFileLoader
        let accent: Color
        /// The page's `lang`.
        let pageLanguage: String
        /// The page's own words, in its language or the nearest one whatsnew has.
        let words: PageText
        /// ` lang="…"` for the page's own words when their language is not the page's, else "".
        let wordsLanguage: String

        init(notes: ReleaseNotes, images: ImageFileLoader) {
            self.notes = notes
            self.images = images
            accent = Color.parse(notes.accentColor) ?? .named(.blue)
            pageLanguage = HTMLEmitter.languageTag(notes.locale ?? notes.defaultLocale ?? "en")
            words = PageText.forPage(locale: notes.locale, defaultLocale: notes.defaultLocale)
            wordsLanguage = LocalizedText.same(words.language, pageLanguage) ? "" : " lang=\"\(words.language)\""
        }

        /// Each distinct text parsed once per page.
        let texts = MarkdownTextCache()

        /// ` lang="…"` for a text written in `language` (nil: the page's).
        func language(_ language: String?) -> String {
            guard let language else { return "" }
            return " lang=\"\(HTMLEscaping.escape(HTMLEmitter.languageTag(language)))\""
        }

        /// Styles by the color spelled in the manifest: a page of thousands of versions uses a handful of colors,
        /// and each style takes parsing, contrast arithmetic and formatting.
        private let styles = StyleCache()

        /// A heading color, shaded in each scheme until it is readable on the page.
        func titleStyle(_ color: String?) -> String {
            guard let color else { return "" }
            return styles.cached(\.titleStyles, color) { shadedStyle(color, names: ("--title-light", "--title-dark")) }
        }

        /// A link color, shaded as a heading's; the accent color needs none (the page's links have it).
        func linkStyle(_ color: String) -> String {
            styles.cached(\.linkStyles, color) {
                guard Color.parse(color) != .named(.accentColor) else { return "" }
                return shadedStyle(color, names: ("--link-light", "--link-dark"))
            }
        }

        private func shadedStyle(_ spelled: String, names: (light: String, dark: String)) -> String {
            guard let color = Color.parse(spelled) else { return "" }
            let light = HTMLStyle.shaded(color, in: .light, accent: accent)
            let dark = HTMLStyle.shaded(color, in: .dark, accent: accent)
            return " style=\"\(names.light): \(light.cssValue); \(names.dark): \(dark.cssValue);\""
        }

        /// An icon's color: its box is the color at a low opacity, and the glyph the color shaded until it
        /// stands out from the box (3:1, as graphics need). Without a color the accent's tint is used.
        func tintStyle(_ color: String?) -> String {
            guard let color else { return "" }
            return styles.cached(\.tintStyles, color) {
                guard let parsed = Color.parse(color) else { return "" }
                var style = ""
                for scheme in HTMLStyle.Scheme.both {
                    let raw = parsed.resolved(for: scheme.appearance, accent: accent).composited(over: scheme.background)
                    let box = HTMLStyle.tint(raw, opacity: scheme.appearance == .light ? 0.14 : 0.24, over: scheme.background)
                    let glyph = RGBColor.shaded(raw, toContrast: HTMLStyle.graphicContrast, on: [box], darker: scheme.appearance == .light)
                    let name = scheme.appearance.rawValue
                    style += "--tint-\(name): \(glyph.cssValue); --tint-bg-\(name): \(box.cssValue); "
                }
                return " style=\"\(style.trimmingCharacters(in: .whitespaces))\""
            }
        }

        /// The button's colors in each scheme: the background shaded until its text is readable.
        func buttonStyle(background: String, foreground: String) -> String {
            let back = Color.parse(background) ?? .named(.accentColor)
            let front = Color.parse(foreground) ?? .named(.white)
            var style = ""
            for scheme in HTMLStyle.Scheme.both {
                let colors = HTMLStyle.button(background: back, foreground: front, in: scheme, accent: accent)
                let name = scheme.appearance.rawValue
                style += "--button-bg-\(name): \(colors.background.cssValue); --button-fg-\(name): \(colors.foreground.cssValue); "
            }
            return style.trimmingCharacters(in: .whitespaces)
        }

        /// Data URIs by the file's identity (device and inode), not by its spelling: a file shown by many
        /// features, or named in many ways, is read and encoded once.
        private let dataURIs = DataURICache()

        /// An image file as a data URI and its type, or nil when `ImageFileLoader` refuses it
        /// (`MissingImageFileRule` reported why, unless the file changed since).
        func dataURI(path: String, directory: String) -> (uri: String, type: ImageType)? {
            guard case .success(let loaded) = images.load(path, declaredIn: directory) else { return nil }
            if let known = dataURIs.byIdentity[loaded.identity] { return (known, loaded.type) }
            let uri = "data:\(loaded.type.mediaType);base64," + Data(loaded.bytes).base64EncodedString()
            dataURIs.byIdentity[loaded.identity] = uri
            return (uri, loaded.type)
        }
    }

    private final class DataURICache {
        var byIdentity: [FileIdentity: String] = [:]
    }

    private final class StyleCache {
        var titleStyles: [String: String] = [:]
        var linkStyles: [String: String] = [:]
        /// By color, "" for none (which is not a color: it parses to nothing, as nil does).
        var tintStyles: [String: String] = [:]

        func cached(_ table: ReferenceWritableKeyPath<StyleCache, [String: String]>, _ key: String, make: () -> String) -> String {
            if let known = self[keyPath: table][key] { return known }
            let style = make()
            self[keyPath: table][key] = style
            return style
        }
    }
}

/// How the page writes user text: only escaped or rendered.
private extension OutputBuffer {
    mutating func escaped(_ text: String) {
        HTMLEscaping.append(text, to: &bytes)
    }

    /// A text's inline HTML; `insideLink`: within the page's own `<a>`, where the text's links are their text.
    mutating func markdown(_ text: MarkdownText, insideLink: Bool = false) {
        var renderer = HTMLRenderer()
        renderer.linksAsText = insideLink
        renderer.append(text, to: &bytes)
    }

    mutating func markdown(_ document: MarkdownDocument, topHeadingLevel: Int) {
        HTMLRenderer(topHeadingLevel: topHeadingLevel).append(document, to: &bytes)
    }
}
