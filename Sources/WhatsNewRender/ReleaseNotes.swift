import Threads
import Markdown
import WhatsNewModel
import WhatsNewText

/// The notes as every output sees them: versions selected and sorted newest first, references resolved,
/// defaults applied, texts picked for one locale (still Markdown source), and stable anchors.
/// Emitters read only this, never the tree or the manifest.
public struct ReleaseNotes: Sendable {
    package struct Image: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            /// An SF Symbol, with the glyph shown for it.
            case symbol(name: String, glyph: String)
            case emoji(String)
            /// A file: its path as written, and the directory of the file that declares it (which the path
            /// is relative to).
            case file(path: String, directory: String)

            /// Whether the page can show a glyph for it: an emoji, or a symbol with a known glyph.
            package var isKnownGlyph: Bool {
                switch self {
                case .symbol(_, let glyph): return glyph != SymbolGlyphs.fallback
                case .emoji: return true
                case .file: return false
                }
            }
        }

        /// The kind and colors: the same for every feature that shows one image of the registry, so those
        /// features share one copy (a manifest shows a few images on thousands of features).
        private struct Appearance: Sendable, Hashable {
            var kind: Kind
            var color: String?
            var renderingMode: String?
            var symbolRenderingMode: String?
            /// The language of an `alt` of the image's own, when it differs from the page's.
            var altLanguage: String?
            /// The emoji declared beside a file.
            var emoji: String?
        }

        private var appearance: Shared<Appearance>
        /// The alt text as kept (see `KeptText`): a feature's title when the image has none, as the title is kept.
        var altText: KeptText

        /// Accessibility text as Markdown source (the feature's title when the image has none).
        package var alt: String {
            get { altText.string }
            set { altText = KeptText(newValue) }
        }

        package init(kind: Kind, color: String?, renderingMode: String?, symbolRenderingMode: String?, alt: String,
                     altLanguage: String? = nil, emoji: String? = nil) {
            self.init(kind: kind, color: color, renderingMode: renderingMode, symbolRenderingMode: symbolRenderingMode,
                      altText: KeptText(alt), altLanguage: altLanguage, emoji: emoji)
        }

        init(kind: Kind, color: String?, renderingMode: String?, symbolRenderingMode: String?, altText: KeptText,
             altLanguage: String?, emoji: String?) {
            appearance = Shared(Appearance(kind: kind, color: color, renderingMode: renderingMode, symbolRenderingMode: symbolRenderingMode,
                                           altLanguage: altLanguage, emoji: emoji))
            self.altText = altText
        }

        /// An `emoji` declared beside a file, shown for it in the terminal and Markdown (a symbol's is its glyph).
        package var emoji: String? {
            get { appearance.value.emoji }
            set { changeAppearance { $0.emoji = newValue } }
        }

        /// The language of `alt` when it is the image's own and differs from the page's (see `TextLanguages`).
        package var altLanguage: String? {
            get { appearance.value.altLanguage }
            set { changeAppearance { $0.altLanguage = newValue } }
        }

        package var kind: Kind {
            get { appearance.value.kind }
            set { changeAppearance { $0.kind = newValue } }
        }

        package var color: String? {
            get { appearance.value.color }
            set { changeAppearance { $0.color = newValue } }
        }

        package var renderingMode: String? {
            get { appearance.value.renderingMode }
            set { changeAppearance { $0.renderingMode = newValue } }
        }

        package var symbolRenderingMode: String? {
            get { appearance.value.symbolRenderingMode }
            set { changeAppearance { $0.symbolRenderingMode = newValue } }
        }

        /// Changes this image's appearance, not that of the features it was shared with.
        private mutating func changeAppearance(_ change: (inout Appearance) -> Void) {
            var value = appearance.value
            change(&value)
            appearance = Shared(value)
        }

        /// The glyph of the image: a symbol's (its `emoji`, else the table's, else '•'), an emoji, or the
        /// `emoji` declared beside a file (else '•').
        package var glyph: String {
            switch kind {
            case .symbol(_, let glyph): return glyph
            case .emoji(let emoji): return emoji
            case .file: return emoji ?? SymbolGlyphs.fallback
            }
        }

        /// What the terminal and Markdown show for the image before the title it illustrates.
        package enum TextLabel: Sendable, Hashable {
            /// An emoji (or a symbol's glyph), in the glyph column.
            case glyph(String)
            /// The image's alt text (Markdown source), for a file or an unknown symbol without an emoji.
            case alt(String)
            /// Nothing of its own: a file or an unknown symbol with neither an emoji nor alt text other than
            /// the title it illustrates (which its alt falls back to). Markdown writes nothing (the list item
            /// has its bullet); the terminal marks the row with '•', as it does a feature without an image.
            case none
        }

        /// The label the text outputs show for the image before `title` (compared as kept, in place).
        func textLabel(before title: KeptText) -> TextLabel {
            let glyph = self.glyph
            if glyph != SymbolGlyphs.fallback || kind == .emoji(glyph) { return .glyph(glyph) }
            return altText.isEmpty || altText == title ? .none : .alt(alt)
        }
    }

    /// A feature's id, title and subtitle are kept as the manifest keeps them, where the input writes them when
    /// it writes them as they are (see `KeptText`): a string is made each time one is read. (Made into strings
    /// at once, they were a second copy of most of a large manifest's text, held beside the manifest while the
    /// notes are resolved.)
    package struct Feature: Sendable, Hashable {
        var idText: KeptText?
        /// The anchor of the version it belongs to, and its place there (from 0): its own anchor is made of
        /// them when it is asked for. (Kept whole, it was a string of its own for each of a long manifest's
        /// tens of thousands of features.)
        package var versionAnchor: String
        package var image: Image?
        var titleText: KeptText
        var subtitleText: KeptText
        package var platforms: [String]
        private var sectionBox: BoxedString?
        private var storedIndex: UInt32
        /// Keep a Changelog's group of the change, when given.
        package var kind: FeatureKind?

        package var index: Int {
            get { Int(storedIndex) }
            set { storedIndex = UInt32(clamping: newValue) }
        }

        /// The heading of its changelog section (`section`, inline Markdown), when given (boxed: rare, and a
        /// long manifest has tens of thousands of features).
        package var section: String? {
            get { sectionBox?.value }
            set { sectionBox = newValue.map(BoxedString.init) }
        }

        package var id: String? {
            get { idText?.string }
            set { idText = newValue.map(KeptText.init) }
        }

        package var title: String {
            get { titleText.string }
            set { titleText = KeptText(newValue) }
        }

        /// The subtitle (Markdown source), empty for a one-line change.
        package var subtitle: String {
            get { subtitleText.string }
            set { subtitleText = KeptText(newValue) }
        }

        /// Whether it has a subtitle (a one-line change has none).
        package var hasSubtitle: Bool { !subtitleText.isEmpty }

        /// The subtitle's length in UTF-8 bytes.
        package var subtitleByteCount: Int { subtitleText.utf8Count }

        package init(id: String?, versionAnchor: String, index: Int, image: Image?, title: String, subtitle: String, platforms: [String],
                     kind: FeatureKind? = nil) {
            self.init(id: id.map(KeptText.init), versionAnchor: versionAnchor, index: index, image: image, title: KeptText(title),
                      subtitleText: KeptText(subtitle), platforms: platforms, kind: kind)
        }

        init(id: KeptText?, versionAnchor: String, index: Int, image: Image?, title: KeptText, subtitleText: KeptText, platforms: [String],
             kind: FeatureKind?) {
            self.idText = id
            self.versionAnchor = versionAnchor
            self.storedIndex = UInt32(clamping: index)
            self.image = image
            self.titleText = title
            self.subtitleText = subtitleText
            self.platforms = platforms
            self.kind = kind
        }

        /// What the terminal and Markdown show before the title for its image (`.none` without one).
        package var imageLabel: Image.TextLabel {
            image?.textLabel(before: titleText) ?? .none
        }

        /// `v1.2.0-` and the feature's id, or `feature-` and its place from 1.
        package var anchor: String {
            guard let idText else { return versionAnchor + "-feature-\(index + 1)" }
            // Made in one piece from the id's bytes where they are kept (a string made of the id first was a
            // second allocation for each feature of a long page).
            var version = versionAnchor
            return version.withUTF8 { prefix in
                idText.withUTF8 { id in
                    String(unsafeUninitializedCapacity: prefix.count + 1 + id.count) { buffer in
                        var end = buffer.initialize(fromContentsOf: prefix)
                        buffer[end] = UInt8(ascii: "-")
                        end += 1
                        end = buffer[end...].initialize(fromContentsOf: id)
                        return end
                    }
                }
            }
        }
    }

    package struct PrimaryAction: Sendable, Hashable {
        package var title: String
        package var backgroundColor: String
        package var foregroundColor: String
        package var hapticFeedback: HapticFeedback?
    }

    package struct SecondaryAction: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            case openURL(String)
            case present(title: String?, body: String)
            case dismiss
            case custom(String)
        }

        package var title: String
        package var foregroundColor: String
        package var hapticFeedback: HapticFeedback?
        package var kind: Kind
    }

    /// Which of a version's texts were picked in a language other than the page's (a translation missing, so
    /// the fallback chain went on), with that language: an HTML page marks them with `lang`. Empty, and
    /// free, when every text is in the page's language or not localized at all.
    package struct TextLanguages: Sendable, Hashable {
        package enum Field: Sendable, Hashable {
            case title, primaryTitle, secondaryTitle, pageTitle, pageBody, summary
            case featureTitle(Int), featureSubtitle(Int)
        }

        private var byField: [Field: String]?

        package init() {}

        /// The locale code of `field`'s text, or nil when it is in the page's language.
        package func language(of field: Field) -> String? {
            byField?[field]
        }

        package mutating func set(_ language: String, for field: Field) {
            if byField == nil { byField = [:] }
            byField?[field] = language
        }
    }

    package struct Version: Sendable, Hashable {
        package var version: SemanticVersion
        /// The canonical version with build metadata, for display.
        package var displayVersion: String
        package var anchor: String
        package var date: String?
        /// The build number (`build`), when given.
        package var build: String?
        /// Not released yet (`unreleased: true`).
        package var unreleased = false
        /// Pulled after its release (`yanked: true`).
        package var yanked = false
        /// The git tag as written (`tag`), when it is not the tag prefix and the version.
        package var tag: String?
        package var title: String
        package var titleColor: String?
        /// A few sentences about the release (`summary`, Markdown paragraphs), when given.
        package var summary: String?
        package var features: [Feature]
        package var primaryAction: PrimaryAction
        package var secondaryAction: SecondaryAction?
        /// The locales of the texts picked from another language than the page's.
        package var languages = TextLanguages()
        /// The same for every version that overrides nothing, so those versions share one copy (256 bytes).
        private var sharedLayout: Shared<Layout>

        package var layout: Layout {
            get { sharedLayout.value }
            set { sharedLayout = Shared(newValue) }
        }

        package init(version: SemanticVersion, displayVersion: String, anchor: String, date: String?, title: String, titleColor: String?,
                     features: [Feature], primaryAction: PrimaryAction, secondaryAction: SecondaryAction?, layout: Layout) {
            self.init(version: version, displayVersion: displayVersion, anchor: anchor, date: date, title: title, titleColor: titleColor,
                      features: features, primaryAction: primaryAction, secondaryAction: secondaryAction, sharedLayout: Shared(layout))
        }

        fileprivate init(version: SemanticVersion, displayVersion: String, anchor: String, date: String?, title: String,
                         titleColor: String?, features: [Feature], primaryAction: PrimaryAction, secondaryAction: SecondaryAction?,
                         sharedLayout: Shared<Layout>) {
            self.version = version
            self.displayVersion = displayVersion
            self.anchor = anchor
            self.date = date
            self.title = title
            self.titleColor = titleColor
            self.features = features
            self.primaryAction = primaryAction
            self.secondaryAction = secondaryAction
            self.sharedLayout = sharedLayout
        }
    }

    /// A value on the heap that several features or versions share (compared by value). A setter of a
    /// property kept in one gives that one a copy of its own.
    fileprivate final class Shared<Value: Sendable & Hashable>: Sendable, Hashable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }

        static func == (lhs: Shared, rhs: Shared) -> Bool { lhs.value == rhs.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    public var appName: String?
    public var appURL: String?
    public var appID: String?
    /// The app's source repository (`app.repository`), when it is a URL `invalid-url` accepts.
    public var repository: String?
    /// What a version's Git tag puts before the version (`app.tagPrefix`, else `v`).
    public var tagPrefix: String
    /// The app's icon, resolved like a feature's image; its alt text defaults to the app's name (escaped as
    /// Markdown source), or to "" when there is none.
    package var appIcon: Image?
    /// The locale asked for (nil: each text's default).
    public var locale: String?
    /// Whether `--release` selected one version (a fragment of notes rather than a changelog).
    public var selectsOneRelease: Bool
    /// The manifest's `defaults.locale`.
    public var defaultLocale: String?
    /// What `accentColor` means.
    public var accentColor: String
    package var versions: [Version]

    /// Resolves a manifest for output; a long one's versions are resolved in two halves at once.
    public init(_ manifest: Manifest, selection: Selection = Selection()) {
        appName = manifest.app?.name
        // Checked again here, so an output never carries a URL `invalid-url` refuses even when rules were skipped.
        appURL = manifest.app?.url.flatMap { LinkPolicy.sanitized($0, allowRelative: false) }
        appID = manifest.app?.id
        repository = manifest.app?.repository.flatMap { LinkPolicy.sanitized($0, allowRelative: false) }
        tagPrefix = manifest.app?.tagPrefix ?? "v"
        var iconResolver = Resolver(manifest: manifest, locale: selection.locale)
        appIcon = iconResolver.image(manifest.app?.icon, altFallback: manifest.app?.name.map(MarkdownEscaping.escape) ?? "")
        locale = selection.locale
        selectsOneRelease = selection.release != nil
        defaultLocale = manifest.defaults.locale
        accentColor = manifest.defaults.accentColor?.text ?? "blue"
        versions = Self.versions(selection.versions(of: manifest), of: manifest, locale: selection.locale)
    }

    /// Fewer versions are resolved on the calling thread alone: a thread costs 50–100 µs, which `show` and
    /// small manifests must not pay.
    static let versionsForTwoThreads = 256

    /// The entries resolved in order: the second half on a thread of its own (with a resolver of its own)
    /// while the calling thread resolves the first.
    private static func versions(_ entries: [VersionEntry], of manifest: Manifest, locale: String?) -> [Version] {
        // `capacity`: the second half is appended to the first, whose array is made large enough for both.
        let resolve = { @Sendable (range: Range<Int>, capacity: Int) -> [Version] in
            var resolver = Resolver(manifest: manifest, locale: locale)
            var versions: [Version] = []
            versions.reserveCapacity(capacity)
            // Entries are read in place: a copy of one retains the manifest's source file for every location in
            // it, and two threads retaining one object stall each other.
            entries.withUnsafeBufferPointer { entries in
                for index in range { versions.append(resolver.version(entries[index])) }
            }
            return versions
        }
        guard Parallelism.current.splits(size: entries.count, from: versionsForTwoThreads) else { return resolve(entries.indices, entries.count) }
        let middle = entries.count / 2
        let secondHalf = BackgroundWork { resolve(middle..<entries.count, entries.count - middle) }
        var versions = resolve(0..<middle, entries.count)
        versions += secondHalf.result
        return versions
    }

    /// Turns a manifest's entries into versions: references resolved, defaults applied, texts picked. It copies
    /// as few of the manifest's values as it can (see `versions(_:of:locale:)`).
    private struct Resolver {
        let manifest: Manifest
        let locale: String?
        let defaultLocale: String?
        /// The language of the page the notes are shown on: the locale asked for, else the default one, else English.
        let pageLanguage: String
        /// A manifest shows a few symbols on thousands of features: each name's glyph is looked up once.
        private var glyphs: [String: String] = [:]
        /// Images by key, resolved once (without alt text of its own, `hasAlt` is false: the feature's title is used).
        private var images: [String: (image: Image, hasAlt: Bool)?] = [:]
        /// The layout of the versions that override nothing.
        private var defaultLayout: Shared<Layout>?

        init(manifest: Manifest, locale: String?) {
            self.manifest = manifest
            self.locale = locale
            defaultLocale = manifest.defaults.locale
            pageLanguage = locale ?? manifest.defaults.locale ?? "en"
        }

        private func text(_ localized: borrowing LocalizedText) -> String {
            localized.text(for: locale, defaultLocale: defaultLocale)
        }

        /// The text for the locale, its language noted in `languages` as `field`'s when it is not the page's.
        private func text(_ localized: borrowing LocalizedText, _ field: TextLanguages.Field, in languages: inout TextLanguages) -> String {
            let (text, language) = textAndLanguage(localized)
            if let language { languages.set(language, for: field) }
            return text
        }

        /// The text for the locale, and the locale it was written in when that is not the page's language.
        private func textAndLanguage(_ localized: borrowing LocalizedText) -> (text: String, language: String?) {
            guard localized.isLocalized, let entry = localized.entry(for: locale, defaultLocale: defaultLocale) else {
                return (text(localized), nil)
            }
            guard let written = entry.locale, !LocalizedText.same(written, pageLanguage) else { return (entry.text, nil) }
            return (entry.text, written)
        }

        private mutating func glyph(forSystemName name: String) -> String {
            if let known = glyphs[name] { return known }
            let glyph = SymbolGlyphs.glyph(forSystemName: name)
            glyphs[name] = glyph
            return glyph
        }

        mutating func version(_ entry: borrowing VersionEntry) -> Version {
            let anchor = "v" + entry.version.description
            var languages = TextLanguages()
            var features: [Feature] = []
            features.reserveCapacity(entry.features.count)
            for (index, feature) in entry.features.enumerated() {
                features.append(self.feature(feature, index: index, anchor: anchor, languages: &languages))
            }
            let title = manifest.title(for: entry)
            let summary = entry.summary.map { text($0, .summary, in: &languages) }
            let primary = manifest.primaryAction(for: entry)
            var secondary: SecondaryAction?
            if let action = manifest.secondaryAction(for: entry) {
                let kind: SecondaryAction.Kind
                switch action.kind {
                case .openURL(let url): kind = .openURL(url)
                case .present(let pageTitle, let body):
                    kind = .present(title: pageTitle.map { text($0, .pageTitle, in: &languages) }, body: text(body, .pageBody, in: &languages))
                case .dismiss: kind = .dismiss
                case .custom(let identifier): kind = .custom(identifier)
                }
                secondary = SecondaryAction(title: text(action.title, .secondaryTitle, in: &languages), foregroundColor: action.foregroundColor.text,
                                            hapticFeedback: action.hapticFeedback, kind: kind)
            }
            var version = Version(version: entry.version, displayVersion: entry.version.displayDescription, anchor: anchor, date: entry.date,
                                  title: text(title.text, .title, in: &languages), titleColor: title.foregroundColor?.text, features: features,
                                  primaryAction: PrimaryAction(title: text(primary.title, .primaryTitle, in: &languages),
                                                               backgroundColor: primary.backgroundColor.text,
                                                               foregroundColor: primary.foregroundColor.text, hapticFeedback: primary.hapticFeedback),
                                  secondaryAction: secondary, sharedLayout: layout(for: entry))
            version.languages = languages
            version.summary = summary
            version.build = entry.build
            version.unreleased = entry.unreleased
            version.yanked = entry.yanked
            version.tag = entry.tag
            return version
        }

        private mutating func layout(for entry: borrowing VersionEntry) -> Shared<Layout> {
            guard entry.layout == nil else { return Shared(manifest.layout(for: entry)) }
            if let defaultLayout { return defaultLayout }
            let layout = Shared(manifest.layout(for: entry))
            defaultLayout = layout
            return layout
        }

        /// The `index`th feature of the version whose anchor is `anchor`.
        private mutating func feature(_ feature: borrowing WhatsNewModel.Feature, index: Int, anchor: String,
                                      languages: inout TextLanguages) -> Feature {
            let title = kept(feature.title, .featureTitle(index), in: &languages)
            let image = self.image(feature.image, altFallback: title)
            var resolved = Feature(id: feature.idText, versionAnchor: anchor, index: index, image: image, title: title,
                                   subtitleText: kept(feature.subtitle, .featureSubtitle(index), in: &languages), platforms: feature.platforms,
                                   kind: feature.kind)
            resolved.section = feature.section
            return resolved
        }

        /// A feature's text for the locale: the place the input writes it, when it is written as it is (a text that is
        /// not localized, and so in no other language), else the string picked.
        private func kept(_ localized: borrowing LocalizedText, _ field: TextLanguages.Field, in languages: inout TextLanguages) -> KeptText {
            if case .written(let written) = localized.storage { return KeptText(written: written) }
            return KeptText(text(localized, field, in: &languages))
        }

        /// The image a feature's `image` or the app's `icon` refers to; `altFallback` when it has no alt text.
        mutating func image(_ reference: Reference<WhatsNewModel.Image>?, altFallback: String) -> Image? {
            image(reference, altFallback: KeptText(altFallback))
        }

        private mutating func image(_ reference: Reference<WhatsNewModel.Image>?, altFallback: KeptText) -> Image? {
            switch reference {
            case .key(let key, _)?:
                guard let resolved = resolvedImage(key) else { return nil }
                var image = resolved.image
                if !resolved.hasAlt { image.altText = altFallback }
                return image
            case .inline(let inline)?:
                return resolve(inline, altFallback: altFallback)
            case nil:
                return nil
            }
        }

        private mutating func resolvedImage(_ key: String) -> (image: Image, hasAlt: Bool)? {
            if let known = images[key] { return known }
            let resolved = manifest.images[key].map { (image: resolve($0, altFallback: KeptText("")), hasAlt: $0.alt != nil) }
            images[key] = resolved
            return resolved
        }

        private mutating func resolve(_ image: borrowing WhatsNewModel.Image, altFallback: KeptText) -> Image {
            let kind: Image.Kind
            switch image.source {
            case .systemName(let name): kind = .symbol(name: name, glyph: image.emoji ?? glyph(forSystemName: name))
            case .emoji(let emoji): kind = .emoji(emoji)
            case .file(let path):
                let directory = manifest.directory(of: image)
                kind = .file(path: path, directory: directory)
            }
            let alt = image.alt.map { textAndLanguage($0) }
            var fileEmoji: String?
            if case .file = kind { fileEmoji = image.emoji }
            return Image(kind: kind, color: image.foregroundColor?.text, renderingMode: image.renderingMode?.rawValue,
                         symbolRenderingMode: image.symbolRenderingMode?.rawValue, altText: alt.map { KeptText($0.text) } ?? altFallback,
                         altLanguage: alt?.language, emoji: fileEmoji)
        }
    }
}
