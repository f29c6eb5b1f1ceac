import Mustache
import YAMLTree

/// Custom outputs (TipKit's `TipViewStyle`, for documents): `--template FILE` renders the notes through a
/// Mustache template. The template sees the resolved notes; every text comes pre-rendered and escaped for
/// each output — `title.html` for HTML (use `{{{title.html}}}`), `title.markdown` for Markdown (use
/// `{{{title.markdown}}}`), `title.plain` for anything else (`{{title.plain}}` HTML-escapes it) — so a
/// template cannot forget to escape what a user wrote. `Templates/` holds the built-in layouts as
/// templates to copy.
public struct TemplateEmitter: Sendable {
    private let template: MustacheTemplate

    /// Parses a template; a syntax error is a diagnostic at its line and column in `file`.
    public init?(_ file: SourceFile, engine: DiagnosticEngine) {
        do {
            template = try MustacheTemplate(string: String(decoding: file.bytes, as: UTF8.self))
        } catch let error as MustacheTemplate.ParserError {
            let mark = file.mark(line: error.context.lineNumber, scalarColumn: max(0, error.context.columnNumber - 1))
            engine.report(Diagnostic(.error, code: "invalid-template", message: "invalid Mustache template: \(error.error)",
                                     file: file, range: SourceRange(at: mark), fix: "see the Mustache manual, mustache(5)"))
            return nil
        } catch {
            engine.report(Diagnostic(.error, code: "invalid-template", message: "invalid Mustache template: \(error)", file: file,
                                     range: .fileStart))
            return nil
        }
    }

    public func emit(_ notes: ReleaseNotes) -> String {
        template.render(TemplateContext.make(notes))
    }
}

/// The values a template sees, as dictionaries, arrays, strings and booleans.
enum TemplateContext {
    static func make(_ notes: ReleaseNotes) -> [String: Any] {
        [
            "app": ["name": notes.appName ?? "", "url": notes.appURL.flatMap { LinkPolicy.sanitized($0, allowRelative: false) } ?? "",
                    "linkText": notes.appName ?? notes.appURL ?? "", "id": notes.appID ?? ""],
            "title": notes.appName.map { "\($0) release notes" } ?? "Release notes",
            "lang": HTMLEmitter.languageTag(notes.locale ?? notes.defaultLocale ?? "en"),
            "css": HTMLStyle.css(accent: Color.parse(notes.accentColor) ?? .named(.blue)),
            "hasSeveralVersions": notes.versions.count > 1,
            "versions": notes.versions.map(version),
        ]
    }

    private static func version(_ version: ReleaseNotes.Version) -> [String: Any] {
        var values: [String: Any] = [
            "version": version.version.description,
            "displayVersion": version.displayVersion,
            "anchor": version.anchor,
            "date": version.date ?? "",
            "hasDate": version.date != nil,
            "title": text(version.title),
            "features": version.features.map { feature in
                [
                    "id": feature.id ?? "",
                    "anchor": feature.anchor,
                    "glyph": feature.image?.glyph ?? SymbolGlyphs.fallback,
                    "glyphMarkdown": MarkdownEscaping.escape(feature.image?.glyph ?? SymbolGlyphs.fallback),
                    "alt": text(feature.image?.alt ?? feature.title),
                    "title": text(feature.title),
                    "subtitle": text(feature.subtitle),
                    "platforms": feature.platforms,
                ] as [String: Any]
            },
            "primaryAction": ["title": text(version.primaryAction.title)],
        ]
        if let action = version.secondaryAction {
            var secondary: [String: Any] = ["title": text(action.title)]
            switch action.kind {
            case .openURL(let url):
                if let safe = LinkPolicy.sanitized(url, allowRelative: false) { secondary["url"] = safe }
            case .present(let title, let body):
                let document = MarkdownDocument(parsing: body)
                secondary["present"] = [
                    "title": title.map(text) ?? text(""),
                    "hasTitle": title != nil,
                    "body": ["html": HTMLRenderer(headingLevelOffset: 3).render(document),
                             "markdown": MarkdownRenderer().render(document), "plain": PlainTextRenderer.render(document)],
                ] as [String: Any]
            case .dismiss:
                secondary["dismiss"] = true
                secondary["isInert"] = true
            case .custom(let identifier):
                secondary["custom"] = identifier
                secondary["isInert"] = true
            }
            values["secondaryAction"] = secondary
        }
        return values
    }

    private static func text(_ markdown: String) -> [String: String] {
        let parsed = MarkdownText(parsing: markdown)
        return ["html": HTMLRenderer().render(parsed), "markdown": MarkdownRenderer().render(parsed),
                "plain": PlainTextRenderer.render(parsed)]
    }
}
