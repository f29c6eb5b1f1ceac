import Mustache
import Markdown
import SourceText
import WhatsNewDiagnostics
import WhatsNewIO
import WhatsNewText

/// Custom outputs (TipKit's `TipViewStyle`, for documents): `--template FILE` renders the notes through a
/// Mustache template. The template sees the resolved notes; every text comes pre-rendered and escaped for
/// each output — `title.html` for HTML (use `{{{title.html}}}`), `title.markdown` for Markdown (use
/// `{{{title.markdown}}}`), `title.plain` for anything else (`{{title.plain}}` HTML-escapes it) — so a
/// template cannot forget to escape what a user wrote. `Templates/` holds the built-in layouts as
/// templates to copy.
///
/// A syntax error is an `invalid-template` error in words, with the fix; a variable the notes never have
/// where it is used (`{{titel}}`, `{{title.htlm}}`) renders as nothing, as Mustache says, and is an
/// `unknown-template-variable` warning that lists the variables there (see `TemplateLookups`).
package struct TemplateEmitter: Sendable {
    private let template: MustacheTemplate
    private let file: SourceFile
    /// The text each section writes on each item (see `TemplateSyntax.sectionText`), for the rendering's budget.
    private let sectionText: [String: Int]

    /// The work a rendering may do unless told otherwise, in lookups, items of sections and bytes of their text
    /// (see `TemplateLookups.spend`).
    package static let defaultBudget = 1 << 22

    /// Parses a template; a syntax error is a diagnostic at its line and column in `file`.
    package init?(_ file: SourceFile, engine: DiagnosticEngine) {
        self.file = file
        do {
            template = try MustacheTemplate(string: String(decoding: file.bytes, as: UTF8.self))
            sectionText = TemplateSyntax.sectionText(in: file.bytes)
        } catch let error as MustacheTemplate.ParserError {
            let mark = file.mark(line: error.context.lineNumber, scalarColumn: max(0, error.context.columnNumber - 1))
            let (message, fix) = TemplateSyntax.explain(error.error, at: mark.offset, in: file)
            engine.report(Diagnostic(.error, code: .invalidTemplate, message: "invalid Mustache template: \(message)",
                                     file: file, range: SourceRange(at: mark), fix: fix))
            return nil
        } catch {
            engine.report(Diagnostic(.error, code: .invalidTemplate, message: "invalid Mustache template: \(error)", file: file,
                                     range: .fileStart, fix: "see the Mustache manual, mustache(5)"))
            return nil
        }
    }

    /// The output; image files are read as `imageFiles` allows, for icons inlined as in the built-in HTML
    /// (none are read when it is nil); `feeds` are the feeds written beside the page (`feeds` in the template).
    /// Each variable the template uses where the notes never have it is reported to `engine`, when one is given,
    /// as an `unknown-template-variable` warning; a rendering that does more than `budget` units of work is cut
    /// there, with an `output-budget-exceeded` error.
    package func emit(_ notes: ReleaseNotes, imageFiles: ImageFileOptions? = nil, feeds: [HTMLEmitter.FeedLink] = [],
                      engine: DiagnosticEngine? = nil, budget: Int = defaultBudget) -> String {
        let values = TemplateContext.make(notes, imageFiles: imageFiles ?? ImageFileOptions(fileSystem: InMemoryImageFileSystem()), feeds: feeds)
        return render(values, engine: engine, budget: budget)
    }

    /// The output for `values` (dictionaries, arrays, strings and booleans already escaped as the template
    /// needs them; see `TipTemplateContext` for a tip), reporting unknown variables and a passed budget as `emit`
    /// does.
    package func render(_ values: [String: Any], engine: DiagnosticEngine?, budget: Int = defaultBudget) -> String {
        let lookups = TemplateLookups(budget: budget, sectionText: sectionText)
        let output = template.render(lookups.wrap(values))
        lookups.finish()
        guard let engine else { return output }
        for unknown in lookups.unknown { engine.report(TemplateSyntax.diagnostic(unknown, in: file)) }
        if let name = lookups.exhaustedAt { engine.report(TemplateSyntax.budgetDiagnostic(passedAt: name, budget: budget, in: file)) }
        return output
    }
}

/// The values a template sees, as dictionaries, arrays, strings and booleans. Plain strings have the
/// characters HTML forbids replaced (Mustache escapes the rest); `.html` and `.markdown` values are rendered
/// and escaped for their format; `markdown…` and `iconHTML`/`…Style` values are the built-in outputs' own
/// pieces, so the shipped templates give exactly the built-in outputs.
enum TemplateContext {
    static func make(_ notes: ReleaseNotes, imageFiles: ImageFileOptions, feeds: [HTMLEmitter.FeedLink] = []) -> [String: Any] {
        let parts = HTMLEmitter.templateParts(notes, imageFiles: imageFiles)
        let appURL = notes.appURL.flatMap { LinkPolicy.sanitized($0, allowRelative: false) }
        let words = parts.words
        let shared = HTMLEmitter.sharedTitle(notes.versions)
        let title = words.documentTitle(appName: notes.appName)
        return [
            "app": ["name": clean(notes.appName ?? ""), "url": appURL ?? "", "hasURL": appURL != nil,
                    "linkText": clean(notes.appName ?? appURL ?? ""), "id": clean(notes.appID ?? ""),
                    "hasBrand": notes.appName != nil || appURL != nil, "iconHTML": parts.appIcon],
            "title": clean(title),
            "feeds": feeds.map { ["type": $0.type, "title": clean("\(title) (\($0.name))"), "href": clean($0.href)] },
            "markdownTitle": MarkdownEmitter.titleLine(notes) ?? "",
            "hasMarkdownTitle": MarkdownEmitter.titleLine(notes) != nil,
            "lang": parts.pageLanguage,
            "wordsLang": parts.wordsLanguage,
            "words": ["releaseNotes": words.releaseNotes, "versions": words.versions, "skipToNotes": words.skipToNotes,
                      "preRelease": words.preRelease, "compiledBy": words.compiledBy, "noVersions": words.noVersions],
            "css": HTMLStyle.css(accent: Color.parse(notes.accentColor) ?? .named(.blue)),
            "hasSeveralVersions": notes.versions.count > 1,
            "hasNoVersions": notes.versions.isEmpty,
            "versionCount": notes.versions.count,
            "versions": notes.versions.enumerated().map { index, entry in
                var values = version(entry, parts: parts, sharedTitle: shared)
                // In Markdown, a blank line before each version's heading but a first one that begins the file.
                values["markdownFollowsBlock"] = index > 0 || MarkdownEmitter.titleLine(notes) != nil
                return values
            },
        ]
    }

    private static func version(_ version: ReleaseNotes.Version, parts: HTMLEmitter.TemplateParts, sharedTitle: String?) -> [String: Any] {
        let renderer = MarkdownRenderer()
        let languages = parts.languages[version.anchor] ?? [:]
        func lang(_ field: ReleaseNotes.TextLanguages.Field) -> String { languages[field] ?? "" }
        var values: [String: Any] = [
            "version": version.version.description,
            "displayVersion": clean(version.displayVersion),
            "isPrerelease": version.version.isPrerelease,
            "permalinkLabel": clean(parts.words.linkTo(version: version.displayVersion)),
            "anchor": clean(version.anchor),
            "date": clean(version.date ?? ""),
            "hasDate": version.date != nil,
            "dateHTML": parts.dates[version.anchor] ?? "",
            "title": text(version.title),
            "titleLang": lang(.title),
            "titleStyle": parts.titleStyles[version.anchor] ?? "",
            "showsIndexTitle": version.title != sharedTitle || version.version.isPrerelease,
            "showsIndexTitleText": version.title != sharedTitle,
            "markdownHeading": MarkdownEmitter.heading(version, renderer: renderer),
            "hasFeatures": !version.features.isEmpty,
            "features": version.features.map { feature in
                [
                    "id": clean(feature.id ?? ""),
                    "anchor": clean(feature.anchor),
                    "iconHTML": parts.icons[feature.anchor] ?? "",
                    "glyph": clean(feature.image?.glyph ?? SymbolGlyphs.fallback),
                    "alt": text(feature.image?.alt ?? feature.title),
                    "title": text(feature.title),
                    "titleLang": lang(.featureTitle(feature.index)),
                    "subtitle": text(feature.subtitle),
                    "subtitleLang": lang(.featureSubtitle(feature.index)),
                    "platforms": feature.platforms.map(clean),
                    "markdownItem": MarkdownEmitter.item(feature, renderer: renderer),
                ] as [String: Any]
            },
            "primaryAction": ["title": text(version.primaryAction.title)],
        ]
        if let action = version.secondaryAction {
            var secondary: [String: Any] = ["title": text(action.title), "linkStyle": parts.linkStyles[version.anchor] ?? "",
                                            "titleLang": lang(.secondaryTitle)]
            switch action.kind {
            case .openURL(let url):
                if let safe = LinkPolicy.sanitized(url, allowRelative: false) { secondary["url"] = safe }
            case .present(let title, let body):
                let document = MarkdownDocument(parsing: body)
                secondary["present"] = [
                    "title": title.map(text) ?? text(""),
                    "hasTitle": title != nil,
                    "titleLang": lang(.pageTitle),
                    "bodyLang": lang(.pageBody),
                    "body": ["html": HTMLRenderer(topHeadingLevel: title == nil ? 3 : 4).render(document),
                             "markdown": MarkdownRenderer(topHeadingLevel: title == nil ? 3 : 4).render(document),
                             "plain": PlainTextRenderer.render(document)],
                ] as [String: Any]
            case .dismiss:
                secondary["dismiss"] = true
            case .custom(let identifier):
                secondary["custom"] = clean(identifier)
            }
            values["secondaryAction"] = secondary
            if let footer = MarkdownEmitter.secondary(action, renderer: renderer) {
                values["markdownFooter"] = footer
                values["hasMarkdownFooter"] = true
            }
        }
        return values
    }

    /// A text as HTML, as HTML inside a link of the page's own (`linkedHTML`: its links are their text), as
    /// Markdown and as plain text: the one escaping of texts every template gets (a tip's too, see
    /// `TipTemplateContext`).
    static func text(_ markdown: String) -> [String: String] {
        let parsed = MarkdownText(parsing: markdown)
        var insideLink = HTMLRenderer()
        insideLink.linksAsText = true
        return ["html": HTMLRenderer().render(parsed), "linkedHTML": insideLink.render(parsed), "markdown": MarkdownRenderer().render(parsed),
                "plain": clean(PlainTextRenderer.render(parsed))]
    }

    /// Plain text with the characters HTML forbids replaced, for Mustache to escape.
    static func clean(_ text: String) -> String {
        HTMLEscaping.withoutForbiddenCharacters(text)
    }
}
