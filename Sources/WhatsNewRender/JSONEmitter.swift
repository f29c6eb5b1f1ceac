import Markdown
import WhatsNewModel
import WhatsNewText

/// The resolved manifest as JSON (`--format json`), described by `Schemas/whatsnew-output.schema.json`: versions
/// newest first and canonical, references resolved, defaults applied, each text as its Markdown source,
/// plain text and HTML in the selected locale, the layout with every property, haptics kept.
package struct JSONEmitter: Sendable {
    package static let schemaID = "https://whatsnew.dev/schemas/whatsnew-output.schema.json"
    package static let formatVersion = 1

    package init() {}

    package func emit(_ notes: ReleaseNotes) -> String {
        var output = OutputBuffer()
        emit(notes, into: &output)
        return output.text
    }

    /// Writes the JSON into `output` one version at a time, flushing it between versions (the caller
    /// flushes the rest), laid out exactly as `JSONValue.pretty` lays out the whole document.
    package func emit(_ notes: ReleaseNotes, into output: inout OutputBuffer) {
        let values = Values()
        let head: [(key: String, value: JSONValue)] = [
            ("$schema", .string(Self.schemaID)),
            ("formatVersion", .int(Self.formatVersion)),
            ("app", .object(omittingNils: [("id", .string(notes.appID)), ("name", .string(notes.appName)), ("url", .string(notes.appURL)),
                                           ("icon", notes.appIcon.map(values.image) ?? .null)])),
            ("locale", .string(notes.locale)),
            ("accentColor", .string(notes.accentColor)),
        ]
        output += "{"
        for member in head {
            output += "\n  " + JSONValue.quoted(member.key) + ": " + member.value.pretty(level: 1) + ","
        }
        output += "\n  \"versions\": ["
        for (index, version) in notes.versions.enumerated() {
            output += (index > 0 ? ",\n    " : "\n    ") + values.version(version).pretty(level: 2)
            output.flushIfFull()
        }
        output += notes.versions.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    }
}

/// The JSON values of the notes' parts; each distinct text is parsed once.
private struct Values {
    let texts = MarkdownTextCache()

    func version(_ version: ReleaseNotes.Version) -> JSONValue {
        .object(omittingNils: [
            ("version", .string(version.version.description)),
            ("build", version.version.build.isEmpty ? .null : .string(version.version.build.joined(separator: "."))),
            ("prerelease", .bool(version.version.isPrerelease)),
            ("date", .string(version.date)),
            ("unreleased", version.unreleased ? .bool(true) : nil),
            ("yanked", version.yanked ? .bool(true) : nil),
            ("anchor", .string(version.anchor)),
            ("title", text(version.title)),
            ("titleColor", .string(version.titleColor)),
            ("summary", version.summary.map(document)),
            ("features", .array(version.features.map(feature))),
            ("primaryAction", .object(omittingNils: [
                ("title", text(version.primaryAction.title)),
                ("backgroundColor", .string(version.primaryAction.backgroundColor)),
                ("foregroundColor", .string(version.primaryAction.foregroundColor)),
                ("hapticFeedback", haptic(version.primaryAction.hapticFeedback)),
            ])),
            ("secondaryAction", version.secondaryAction.map(secondary) ?? .null),
            ("layout", layout(version.layout)),
        ])
    }

    func feature(_ feature: ReleaseNotes.Feature) -> JSONValue {
        .object(omittingNils: [
            ("id", .string(feature.id)),
            ("anchor", .string(feature.anchor)),
            ("image", feature.image.map(image) ?? .null),
            ("title", text(feature.title)),
            ("subtitle", text(feature.subtitle)),
            ("platforms", .array(feature.platforms.map { .string($0) })),
            ("kind", feature.kind.map { .string($0.rawValue) }),
        ])
    }

    func image(_ image: ReleaseNotes.Image) -> JSONValue {
        var members: [(String, JSONValue?)]
        switch image.kind {
        case .symbol(let name, let glyph): members = [("systemName", .string(name)), ("glyph", .string(glyph))]
        case .emoji(let emoji): members = [("emoji", .string(emoji)), ("glyph", .string(emoji))]
        case .file(let path, _): members = [("file", .string(path)), ("glyph", .string(image.glyph))]
        }
        members += [("foregroundColor", .string(image.color)), ("renderingMode", .string(image.renderingMode)),
                    ("symbolRenderingMode", .string(image.symbolRenderingMode)), ("alt", text(image.alt))]
        return .object(omittingNils: members)
    }

    func secondary(_ action: ReleaseNotes.SecondaryAction) -> JSONValue {
        var members: [(String, JSONValue?)] = [
            ("title", text(action.title)),
            ("foregroundColor", .string(action.foregroundColor)),
            ("hapticFeedback", haptic(action.hapticFeedback)),
        ]
        switch action.kind {
        case .openURL(let url): members.append(("openURL", .string(url)))
        case .present(let title, let body):
            members.append(("present", .object(omittingNils: [("title", title.map(text) ?? .null), ("body", document(body))])))
        case .dismiss: members.append(("dismiss", .bool(true)))
        case .custom(let identifier): members.append(("custom", .string(identifier)))
        }
        return .object(omittingNils: members)
    }

    func haptic(_ haptic: HapticFeedback?) -> JSONValue {
        switch haptic {
        case nil: return .null
        case .selection?: return .string("selection")
        case .notification(let kind)?: return .object([(key: "notification", value: .string(kind.rawValue))])
        case .impact(let style, let intensity)?:
            return .object([(key: "impact", value: .object(omittingNils: [
                ("style", style.map { .string($0.rawValue) }), ("intensity", intensity.map { .number($0) }),
            ]))])
        }
    }

    func layout(_ layout: Layout) -> JSONValue {
        func insets(_ value: EdgeInsets) -> JSONValue {
            .object([(key: "top", value: .number(value.top)), (key: "leading", value: .number(value.leading)),
                     (key: "bottom", value: .number(value.bottom)), (key: "trailing", value: .number(value.trailing))])
        }
        return .object([
            (key: "showsScrollViewIndicators", value: .bool(layout.showsScrollViewIndicators)),
            (key: "scrollViewBottomContentInset", value: .number(layout.scrollViewBottomContentInset)),
            (key: "contentSpacing", value: .number(layout.contentSpacing)),
            (key: "contentPadding", value: insets(layout.contentPadding)),
            (key: "featureListSpacing", value: .number(layout.featureListSpacing)),
            (key: "featureListPadding", value: insets(layout.featureListPadding)),
            (key: "featureImageWidth", value: .number(layout.featureImageWidth)),
            (key: "featureHorizontalSpacing", value: .number(layout.featureHorizontalSpacing)),
            (key: "featureHorizontalAlignment", value: .string(layout.featureHorizontalAlignment.rawValue)),
            (key: "featureVerticalSpacing", value: .number(layout.featureVerticalSpacing)),
            (key: "footerActionSpacing", value: .number(layout.footerActionSpacing)),
            (key: "footerPrimaryActionButtonCornerRadius", value: .number(layout.footerPrimaryActionButtonCornerRadius)),
            (key: "footerVisualEffectViewPadding", value: insets(layout.footerVisualEffectViewPadding)),
        ])
    }

    /// A one-line text field: its Markdown source, plain text and HTML.
    func text(_ markdown: String) -> JSONValue {
        let parsed = texts.text(parsing: markdown)
        return .object([(key: "markdown", value: .string(markdown)), (key: "plain", value: .string(PlainTextRenderer.render(parsed))),
                        (key: "html", value: .string(HTMLRenderer().render(parsed)))])
    }

    /// A page body: its Markdown source, plain text and HTML.
    func document(_ markdown: String) -> JSONValue {
        let parsed = texts.document(parsing: markdown)
        return .object([(key: "markdown", value: .string(markdown)), (key: "plain", value: .string(PlainTextRenderer.render(parsed))),
                        (key: "html", value: .string(HTMLRenderer(headingLevelOffset: 2).render(parsed)))])
    }
}
