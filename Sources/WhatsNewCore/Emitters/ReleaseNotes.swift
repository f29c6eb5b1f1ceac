/// The notes as every output sees them: versions selected and sorted newest first, references resolved,
/// defaults applied, texts picked for one locale (still Markdown source), and stable anchors.
/// Emitters read only this, never the tree or the manifest.
public struct ReleaseNotes: Sendable {
    public struct Image: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// An SF Symbol, with the glyph shown for it.
            case symbol(name: String, glyph: String)
            case emoji(String)
            /// A file: its path as written, and resolved against the manifest's directory.
            case file(path: String, resolvedPath: String)
        }

        public var kind: Kind
        public var color: String?
        public var renderingMode: String?
        public var symbolRenderingMode: String?
        /// Accessibility text as Markdown source (the feature's title when the image has none).
        public var alt: String

        /// The glyph the terminal and Markdown show.
        public var glyph: String {
            switch kind {
            case .symbol(_, let glyph): return glyph
            case .emoji(let emoji): return emoji
            case .file: return SymbolGlyphs.fallback
            }
        }
    }

    public struct Feature: Sendable, Hashable {
        public var id: String?
        public var anchor: String
        public var image: Image?
        public var title: String
        public var subtitle: String
        public var platforms: [String]
    }

    public struct PrimaryAction: Sendable, Hashable {
        public var title: String
        public var backgroundColor: String
        public var foregroundColor: String
        public var hapticFeedback: HapticFeedback?
    }

    public struct SecondaryAction: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case openURL(String)
            case present(title: String?, body: String)
            case dismiss
            case custom(String)
        }

        public var title: String
        public var foregroundColor: String
        public var hapticFeedback: HapticFeedback?
        public var kind: Kind
    }

    public struct Version: Sendable, Hashable {
        public var version: SemanticVersion
        /// The canonical version with build metadata, for display.
        public var displayVersion: String
        public var anchor: String
        public var date: String?
        public var title: String
        public var titleColor: String?
        public var features: [Feature]
        public var primaryAction: PrimaryAction
        public var secondaryAction: SecondaryAction?
        public var layout: Layout
    }

    public var appName: String?
    public var appURL: String?
    public var appID: String?
    /// The locale asked for (nil: each text's default).
    public var locale: String?
    /// The manifest's `defaults.locale`.
    public var defaultLocale: String?
    /// What `accentColor` means.
    public var accentColor: String
    public var versions: [Version]

    /// Resolves a manifest for output.
    public init(_ manifest: Manifest, selection: Selection = Selection()) {
        let locale = selection.locale
        let defaultLocale = manifest.defaults.locale
        func text(_ localized: LocalizedText) -> String { localized.text(for: locale, defaultLocale: defaultLocale) }
        // A manifest shows a few symbols on thousands of features: each name's glyph is looked up once.
        var glyphs: [String: String] = [:]
        func glyph(forSystemName name: String) -> String {
            if let known = glyphs[name] { return known }
            let glyph = SymbolGlyphs.glyph(forSystemName: name)
            glyphs[name] = glyph
            return glyph
        }

        appName = manifest.app?.name
        appURL = manifest.app?.url
        appID = manifest.app?.id
        self.locale = locale
        self.defaultLocale = defaultLocale
        accentColor = manifest.defaults.accentColor?.text ?? "blue"
        versions = selection.versions(of: manifest).map { entry in
            let anchor = "v" + entry.version.description
            let title = manifest.title(for: entry)
            let features = entry.features.enumerated().map { index, feature in
                let featureTitle = text(feature.title)
                var image: Image?
                if let resolved = manifest.resolve(feature.image) {
                    let kind: Image.Kind
                    switch resolved.source {
                    case .systemName(let name): kind = .symbol(name: name, glyph: glyph(forSystemName: name))
                    case .emoji(let emoji): kind = .emoji(emoji)
                    case .file(let path):
                        kind = .file(path: path, resolvedPath: path.hasPrefix("/") ? path : manifest.baseDirectory + "/" + path)
                    }
                    image = Image(kind: kind, color: resolved.foregroundColor?.text, renderingMode: resolved.renderingMode?.rawValue,
                                  symbolRenderingMode: resolved.symbolRenderingMode?.rawValue,
                                  alt: resolved.alt.map(text) ?? featureTitle)
                }
                return Feature(id: feature.id, anchor: anchor + "-" + (feature.id ?? "feature-\(index + 1)"), image: image,
                               title: featureTitle, subtitle: text(feature.subtitle), platforms: feature.platforms)
            }
            let primary = manifest.primaryAction(for: entry)
            let secondary = manifest.secondaryAction(for: entry).map { action in
                let kind: SecondaryAction.Kind
                switch action.kind {
                case .openURL(let url): kind = .openURL(url)
                case .present(let pageTitle, let body): kind = .present(title: pageTitle.map(text), body: text(body))
                case .dismiss: kind = .dismiss
                case .custom(let identifier): kind = .custom(identifier)
                }
                return SecondaryAction(title: text(action.title), foregroundColor: action.foregroundColor.text,
                                       hapticFeedback: action.hapticFeedback, kind: kind)
            }
            return Version(version: entry.version, displayVersion: entry.version.displayDescription, anchor: anchor, date: entry.date,
                           title: text(title.text), titleColor: title.foregroundColor?.text, features: features,
                           primaryAction: PrimaryAction(title: text(primary.title), backgroundColor: primary.backgroundColor.text,
                                                        foregroundColor: primary.foregroundColor.text, hapticFeedback: primary.hapticFeedback),
                           secondaryAction: secondary, layout: manifest.layout(for: entry))
        }
    }
}
