import Foundation

/// One self-contained HTML page (SPEC §5): inline CSS, no script, no external request, `lang` set, light and
/// dark color schemes, responsive, landmarks and heading order, alt text, a print style.
///
/// - `changelog`: every version newest first, a table of contents, a permalink anchor per version and feature.
/// - `showcase`: one version laid out like WhatsNewKit's sheet, its Layout values as CSS.
///
/// Every user string goes through `HTMLRenderer` or `HTMLEscaping`; colors reach the CSS only as values parsed
/// by `Color`; links are only http, https, mailto; image files are inlined as data URIs.
public struct HTMLEmitter: Sendable {
    public enum Page: String, Sendable, CaseIterable {
        case changelog, showcase
    }

    public var page: Page

    public init(page: Page) {
        self.page = page
    }

    /// The page; image files are read as `imageFiles` allows (one that cannot be read shows its alt text).
    public func emit(_ notes: ReleaseNotes, imageFiles: ImageFileOptions = ImageFileOptions()) -> String {
        var html = OutputBuffer()
        emit(notes, context: Context(notes: notes, images: ImageFileLoader(options: imageFiles)), threads: nil, into: &html)
        return html.text
    }

    /// Writes the page into `html`, flushing it between features (the caller flushes the rest); a long
    /// changelog's articles are rendered on two threads as `rendering` says.
    func emit(_ notes: ReleaseNotes, imageFiles: ImageFileOptions = ImageFileOptions(),
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
        let language = Self.languageTag(notes.locale ?? notes.defaultLocale ?? "en")
        let appName = notes.appName ?? "Release notes"
        let title: String
        switch page {
        case .changelog:
            title = notes.appName.map { "\($0) release notes" } ?? "Release notes"
        case .showcase:
            title = notes.versions.first.map { PlainTextRenderer.render(MarkdownText(parsing: $0.title)) + " — " + appName } ?? appName
        }
        html += """
        <!DOCTYPE html>
        <html lang="\(HTMLEscaping.escape(language))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="generator" content="whatsnew">
        <title>\(HTMLEscaping.escape(title))</title>
        <style>
        \(HTMLStyle.css(accent: context.accent))</style>
        </head>
        <body class="\(page.rawValue)">

        """
        switch page {
        case .changelog:
            changelog(notes, context: context, threads: threads, heading: title, into: &html)
        case .showcase:
            if let version = notes.versions.first {
                showcase(version, context: context, into: &html)
            } else {
                html += "<main id=\"main\"><p>No version selected.</p></main>\n"
            }
        }
        html += "</body>\n</html>\n"
    }

    // MARK: Pages

    private func changelog(_ notes: ReleaseNotes, context: Context, threads: Threads?, heading: String, into html: inout OutputBuffer) {
        html += "<header class=\"site-header\">\n<h1>\(HTMLEscaping.escape(heading))</h1>\n"
        if let url = notes.appURL.flatMap({ LinkPolicy.sanitized($0, allowRelative: false) }) {
            html += "<p><a href=\"\(HTMLEscaping.escape(url))\">\(HTMLEscaping.escape(notes.appName ?? url))</a></p>\n"
        }
        html += "</header>\n"
        // Each title is parsed once, for the table of contents and its article.
        let titles = notes.versions.map { context.texts.text(parsing: $0.title) }
        if notes.versions.count > 1 {
            html += "<nav class=\"toc\" aria-labelledby=\"toc-title\">\n<h2 id=\"toc-title\">Versions</h2>\n<ol>\n"
            for (version, title) in zip(notes.versions, titles) {
                html += "<li><a href=\"#"
                html.escaped(version.anchor)
                html += "\">"
                html.escaped(version.displayVersion)
                html += "</a> <span class=\"toc-title\">"
                html.markdown(title)
                html += "</span>"
                if let date = version.date { html += " <time datetime=\"\(HTMLEscaping.escape(date))\">\(HTMLEscaping.escape(date))</time>" }
                html += "</li>\n"
            }
            html += "</ol>\n</nav>\n"
        }
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
        if notes.versions.isEmpty { html += "<p>No versions selected.</p>\n" }
        html += "</main>\n<footer class=\"site-footer\">\n<p>Compiled by whatsnew.</p>\n</footer>\n"
    }

    private func article(_ version: ReleaseNotes.Version, title: MarkdownText, context: Context, into html: inout OutputBuffer) {
        html += "<article class=\"version\" id=\""
        html.escaped(version.anchor)
        html += "\" aria-labelledby=\""
        html.escaped(version.anchor)
        html += "-title\">\n<h2 id=\""
        html.escaped(version.anchor)
        html += "-title\""
        html += context.titleStyle(version.titleColor)
        html += "><a class=\"permalink\" href=\"#"
        html.escaped(version.anchor)
        html += "\">"
        html.escaped(version.displayVersion)
        html += "</a> <span class=\"version-title\">"
        html.markdown(title)
        html += "</span></h2>\n"
        if let date = version.date {
            html += "<p class=\"meta\"><time datetime=\""
            html.escaped(date)
            html += "\">"
            html.escaped(date)
            html += "</time></p>\n"
        }
        featureList(version, context: context, headingLevel: 3, permalinks: true, into: &html)
        if let action = version.secondaryAction { secondary(action, context: context, headingLevel: 3, into: &html) }
        html += "</article>\n"
    }

    private func showcase(_ version: ReleaseNotes.Version, context: Context, into html: inout OutputBuffer) {
        let layout = version.layout
        html += "<main id=\"main\" class=\"sheet\" style=\"\(HTMLStyle.layoutVariables(layout))\">\n"
        html += "<h1 class=\"sheet-title\"\(context.titleStyle(version.titleColor))>"
        html.markdown(context.texts.text(parsing: version.title))
        html += "</h1>\n"
        featureList(version, context: context, headingLevel: 2, permalinks: false, into: &html)
        html += "<footer class=\"sheet-footer\">\n"
        if let action = version.secondaryAction { secondary(action, context: context, headingLevel: 2, into: &html) }
        let primary = version.primaryAction
        let button = context.buttonStyle(background: primary.backgroundColor, foreground: primary.foregroundColor)
        html += "<button type=\"button\" class=\"primary-button\" style=\"\(button)\">"
        html.markdown(context.texts.text(parsing: primary.title))
        html += "</button>\n</footer>\n</main>\n"
    }

    // MARK: Parts

    private func featureList(_ version: ReleaseNotes.Version, context: Context, headingLevel: Int, permalinks: Bool,
                             into html: inout OutputBuffer) {
        guard !version.features.isEmpty else { return }
        html += "<ul class=\"features\">\n"
        let headingStart = "<div class=\"feature-text\">\n<h\(headingLevel) class=\"feature-title\">"
        let headingEnd = "</h\(headingLevel)>\n<p class=\"feature-subtitle\">"
        for feature in version.features {
            let title = context.texts.text(parsing: feature.title)
            let anchor = feature.anchor
            html += "<li class=\"feature\" id=\""
            html.escaped(anchor)
            html += "\">\n"
            icon(feature, title: title, context: context, into: &html)
            html += headingStart
            if permalinks {
                html += "<a class=\"permalink\" href=\"#"
                html.escaped(anchor)
                html += "\">"
            }
            html.markdown(title)
            if permalinks { html += "</a>" }
            html += headingEnd
            html.markdown(context.texts.text(parsing: feature.subtitle))
            html += "</p>\n</div>\n</li>\n"
            html.flushIfFull()
        }
        html += "</ul>\n"
    }

    /// The feature's image; `title` is the feature's parsed title, which is also the alt text when the image has none.
    private func icon(_ feature: ReleaseNotes.Feature, title: MarkdownText, context: Context, into html: inout OutputBuffer) {
        guard let image = feature.image else {
            html += "<span class=\"icon\" aria-hidden=\"true\">\(SymbolGlyphs.fallback)</span>\n"
            return
        }
        let alt = PlainTextRenderer.render(image.alt == title.source ? title : context.texts.text(parsing: image.alt))
        // An image file (an SVG included) is only ever an <img> with a data URI: never markup of the page.
        if case .file(let path, let directory) = image.kind, let uri = context.dataURI(path: path, directory: directory) {
            html += "<span class=\"icon icon-file\""
            html += context.tintStyle(image.color)
            html += "><img src=\""
            html += uri
            html += "\" alt=\""
            html.escaped(alt)
            html += "\"></span>\n"
            return
        }
        html += "<span class=\"icon\""
        html += context.tintStyle(image.color)
        html += " role=\"img\" aria-label=\""
        html.escaped(alt)
        html += "\">"
        html.escaped(image.glyph)
        html += "</span>\n"
    }

    private func secondary(_ action: ReleaseNotes.SecondaryAction, context: Context, headingLevel: Int, into html: inout OutputBuffer) {
        let title = context.texts.text(parsing: action.title)
        let style = context.linkStyle(action.foregroundColor)
        switch action.kind {
        case .openURL(let url):
            if let safe = LinkPolicy.sanitized(url, allowRelative: false) {
                html += "<p class=\"secondary-action\"><a href=\""
                html.escaped(safe)
                html += "\""
                html += style
                html += ">"
                html.markdown(title)
                html += "</a></p>\n"
            } else {
                html += "<p class=\"secondary-action\">"
                html.markdown(title)
                html += "</p>\n"
            }
        case .present(let pageTitle, let body):
            html += "<details class=\"secondary-action\">\n<summary\(style)>"
            html.markdown(title)
            html += "</summary>\n<div class=\"page\">\n"
            if let pageTitle {
                html += "<h\(headingLevel + 1)>"
                html.markdown(context.texts.text(parsing: pageTitle))
                html += "</h\(headingLevel + 1)>\n"
            }
            html.markdown(context.texts.document(parsing: body), headingLevelOffset: headingLevel + 1)
            html += "</div>\n</details>\n"
        case .dismiss, .custom:
            html += "<p class=\"secondary-action\"><span\(style)>"
            html.markdown(title)
            html += "</span></p>\n"
        }
    }

    /// The pieces of the built-in page whose markup a template cannot write itself — the color styles checked
    /// for contrast, and the icons with their inlined images — keyed by version and feature anchor, so
    /// `Templates/changelog.html.mustache` gives exactly the built-in changelog.
    static func templateParts(_ notes: ReleaseNotes, imageFiles: ImageFileOptions)
        -> (titleStyles: [String: String], linkStyles: [String: String], icons: [String: String]) {
        let context = Context(notes: notes, images: ImageFileLoader(options: imageFiles))
        var parts: (titleStyles: [String: String], linkStyles: [String: String], icons: [String: String]) = ([:], [:], [:])
        for version in notes.versions {
            parts.titleStyles[version.anchor] = context.titleStyle(version.titleColor)
            if let action = version.secondaryAction { parts.linkStyles[version.anchor] = context.linkStyle(action.foregroundColor) }
            for feature in version.features {
                var html = OutputBuffer()
                HTMLEmitter(page: .changelog).icon(feature, title: context.texts.text(parsing: feature.title), context: context, into: &html)
                parts.icons[feature.anchor] = html.text
            }
        }
        return parts
    }

    /// A BCP 47 tag for `lang`: letters, digits and hyphens only.
    static func languageTag(_ locale: String) -> String {
        let tag = String(locale.map { $0 == "_" ? "-" : $0 }.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        return tag.isEmpty ? "en" : tag
    }

    /// Colors and images resolved once per page.
    private struct Context {
        let notes: ReleaseNotes
        let images: ImageFileLoader
        let accent: Color

        init(notes: ReleaseNotes, images: ImageFileLoader) {
            self.notes = notes
            self.images = images
            accent = Color.parse(notes.accentColor) ?? .named(.blue)
        }

        /// Each distinct text parsed once per page.
        let texts = MarkdownTextCache()

        /// Styles by the color spelled in the manifest: a page of thousands of versions uses a handful of colors,
        /// and each style takes parsing, contrast arithmetic and formatting.
        private let styles = StyleCache()

        /// A heading color, used only where it keeps WCAG AA contrast on the page background.
        func titleStyle(_ color: String?) -> String {
            guard let color else { return "" }
            return styles.cached(\.titleStyles, color) { makeTitleStyle(color) }
        }

        func linkStyle(_ color: String) -> String {
            styles.cached(\.linkStyles, color) { makeLinkStyle(color) }
        }

        func tintStyle(_ color: String?) -> String {
            styles.cached(\.tintStyles, color ?? "") { makeTintStyle(color) }
        }

        private func makeTitleStyle(_ color: String) -> String {
            guard let color = Color.parse(color) else { return "" }
            let light = HTMLStyle.readable(color, on: .light, accent: accent)
            let dark = HTMLStyle.readable(color, on: .dark, accent: accent)
            guard light != nil || dark != nil else { return "" }
            var style = ""
            if let light { style += "--title-light: \(light);" }
            if let dark { style += " --title-dark: \(dark);" }
            return " style=\"\(style.trimmingCharacters(in: .whitespaces))\""
        }

        private func makeLinkStyle(_ color: String) -> String {
            guard let color = Color.parse(color) else { return "" }
            let light = HTMLStyle.readable(color, on: .light, accent: accent)
            let dark = HTMLStyle.readable(color, on: .dark, accent: accent)
            var style = ""
            if let light { style += "--link-light: \(light);" }
            if let dark { style += " --link-dark: \(dark);" }
            return style.isEmpty ? "" : " style=\"\(style.trimmingCharacters(in: .whitespaces))\""
        }

        private func makeTintStyle(_ color: String?) -> String {
            let tint = color.flatMap(Color.parse) ?? .named(.accentColor)
            return " style=\"--tint-light: \(tint.cssValue(for: .light, accent: accent)); --tint-dark: \(tint.cssValue(for: .dark, accent: accent));\""
        }

        /// The button's colors, with its text switched to black or white where the given one lacks contrast.
        func buttonStyle(background: String, foreground: String) -> String {
            let back = Color.parse(background) ?? .named(.accentColor)
            let front = Color.parse(foreground) ?? .named(.white)
            var style = ""
            for appearance in [ColorAppearance.light, .dark] {
                let name = appearance.rawValue
                let backValue = back.resolved(for: appearance, accent: accent).composited(over: appearance.background)
                var frontValue = front.resolved(for: appearance, accent: accent).composited(over: backValue)
                if HTMLStyle.contrast(frontValue, backValue) < 4.5 {
                    frontValue = HTMLStyle.contrast(RGBColor(red: 0, green: 0, blue: 0), backValue)
                        >= HTMLStyle.contrast(RGBColor(red: 255, green: 255, blue: 255), backValue)
                        ? RGBColor(red: 0, green: 0, blue: 0) : RGBColor(red: 255, green: 255, blue: 255)
                }
                style += "--button-bg-\(name): \(backValue.cssValue); --button-fg-\(name): \(frontValue.cssValue); "
            }
            return style.trimmingCharacters(in: .whitespaces)
        }

        /// Data URIs by the file's identity (device and inode), not by its spelling: a file shown by many
        /// features, or named in many ways, is read and encoded once.
        private let dataURIs = DataURICache()

        /// An image file as a data URI, or nil when `ImageFileLoader` refuses it (`MissingImageFileRule`
        /// reported why, unless the file changed since).
        func dataURI(path: String, directory: String) -> String? {
            guard case .success(let loaded) = images.load(path, declaredIn: directory) else { return nil }
            if let known = dataURIs.byIdentity[loaded.identity] { return known }
            let uri = "data:\(loaded.type.mediaType);base64," + Data(loaded.bytes).base64EncodedString()
            dataURIs.byIdentity[loaded.identity] = uri
            return uri
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

    mutating func markdown(_ text: MarkdownText) {
        HTMLRenderer().append(text, to: &bytes)
    }

    mutating func markdown(_ document: MarkdownDocument, headingLevelOffset: Int) {
        HTMLRenderer(headingLevelOffset: headingLevelOffset).append(document, to: &bytes)
    }
}
