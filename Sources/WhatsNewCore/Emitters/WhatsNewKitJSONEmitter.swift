/// WhatsNewKit's decodable JSON contract (`--format whatsnewkit-json`): one array of `WhatsNew` objects whose
/// images and actions are string keys into the decoder's `userInfo`, versions in canonical `M.m.p`.
///
/// WhatsNewKit reads versions leniently and has no pre-releases, so a pre-release is refused with an error
/// rather than written for WhatsNewKit to misread. Inline images and actions get stable keys
/// (`<version>/<feature>/image`, `<version>/primaryAction`, …) that the app registers; a version without a
/// primary action refers to `continue`, WhatsNewKit's default title.
public struct WhatsNewKitJSONEmitter: Sendable {
    public init() {}

    public func emit(_ manifest: Manifest, selection: Selection, engine: DiagnosticEngine) -> String? {
        let versions = selection.versions(of: manifest)
        for entry in versions where entry.version.isPrerelease {
            engine.report(Diagnostic(.error, code: "whatsnewkit-prerelease",
                                     message: "version '\(entry.versionText)' is a pre-release; WhatsNewKit has no pre-releases and would read it as \(SemanticVersion.whatsNewKitReading(of: entry.version.description))",
                                     at: entry.versionLocation,
                                     fix: "leave it out with --since or --release, or compile another format"))
        }
        guard !versions.contains(where: \.version.isPrerelease) else { return nil }
        let locale = selection.locale
        let defaultLocale = manifest.defaults.locale
        func text(_ localized: LocalizedText) -> JSONValue { .string(localized.text(for: locale, defaultLocale: defaultLocale)) }

        let documents: [JSONValue] = versions.map { entry in
            let version = entry.version.description
            let features: [JSONValue] = entry.features.enumerated().map { index, feature in
                var image: String?
                switch feature.image {
                case .key(let key, _)?: image = key
                case .inline(let inline)?:
                    if case .systemName(let name) = inline.source { image = name } else {
                        image = "\(version)/\(feature.id ?? "feature-\(index + 1)")/image"
                    }
                case nil: image = nil
                }
                return .object(omittingNils: [("image", image.map(JSONValue.string)), ("title", text(feature.title)),
                                              ("subtitle", text(feature.subtitle))])
            }
            let primary: String
            switch entry.primaryAction ?? manifest.defaults.primaryAction {
            case .key(let key, _)?: primary = key
            case .inline?: primary = entry.primaryAction != nil ? "\(version)/primaryAction" : "defaults/primaryAction"
            case nil: primary = "continue"
            }
            var secondary: String?
            switch entry.secondaryAction ?? manifest.defaults.secondaryAction {
            case .key(let key, _)?: secondary = key
            case .inline?: secondary = entry.secondaryAction != nil ? "\(version)/secondaryAction" : "defaults/secondaryAction"
            case nil: secondary = nil
            }
            return .object(omittingNils: [
                ("version", .string(version)),
                ("title", text(manifest.title(for: entry).text)),
                ("features", .array(features)),
                ("primaryAction", .string(primary)),
                ("secondaryAction", secondary.map(JSONValue.string)),
            ])
        }
        return JSONValue.array(documents).pretty + "\n"
    }
}
