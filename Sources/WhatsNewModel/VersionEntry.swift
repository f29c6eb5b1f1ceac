/// The notes of one version (WhatsNewKit's `WhatsNew`).
public struct VersionEntry: Sendable {
    public var version: SemanticVersion
    /// The version as written (`1.10`, `v2`), for messages.
    public var versionText: String
    package var versionLocation: SourceLocation?
    /// An ISO 8601 date (`YYYY-MM-DD`), when given.
    public var date: String?
    package var dateLocation: SourceLocation?
    /// The build number (`build: 1234`): digits, or integers separated by dots, as written.
    public var build: String?
    /// Not released yet (`unreleased: true`): Keep a Changelog's `[Unreleased]` section. The version keeps
    /// its number, but `--release latest` and `show` pass over it, and the default outputs leave it out.
    public var unreleased = false
    /// Pulled after its release (`yanked: true`): Keep a Changelog's `[YANKED]`.
    public var yanked = false
    /// The version's git tag as the project writes it (`tag: 1.2.0rc1`, `v0.24`), when it is not `app.tagPrefix`
    /// and the version: Keep a Changelog's heading and links use it.
    package var tag: String?
    package var title: Title?
    /// A few sentences about the release as a whole (`summary`, Markdown paragraphs), shown under its heading.
    package var summary: LocalizedText?
    public var features: [Feature]
    /// Where `features: []` was written (its key through its value), when the version lists no feature; nil
    /// when it lists some, or when its features are missing or not a sequence (errors of their own).
    package var emptyFeaturesLocation: SourceLocation?
    package var primaryAction: Reference<PrimaryAction>?
    package var secondaryAction: Reference<SecondaryAction>?
    /// The layout properties this version sets. (Kept in a box: few versions set any, and inline they
    /// would take 256 bytes, about half of a version.)
    package var layout: LayoutOverrides? {
        get { layoutBox?.overrides }
        set { layoutBox = newValue.map(LayoutBox.init) }
    }
    private var layoutBox: LayoutBox?
    package var location: SourceLocation?
    /// Whether `version` is the version written: false for an entry with errors whose version is missing or
    /// invalid (see `ManifestDecoder`); then `version` is 0.0.0 and `versionText` names the entry.
    public var hasVersion = true

    /// How messages name the entry: "version 1.2.0", or where it is when it has no version ("versions[3]").
    public var name: String { hasVersion ? "version \(versionText)" : versionText }

    package init(version: SemanticVersion, versionText: String, versionLocation: SourceLocation? = nil, date: String? = nil,
                 dateLocation: SourceLocation? = nil, title: Title? = nil, features: [Feature] = [],
                 primaryAction: Reference<PrimaryAction>? = nil, secondaryAction: Reference<SecondaryAction>? = nil,
                 layout: LayoutOverrides? = nil, location: SourceLocation? = nil) {
        self.version = version
        self.versionText = versionText
        self.versionLocation = versionLocation
        self.date = date
        self.dateLocation = dateLocation
        self.title = title
        self.features = features
        self.primaryAction = primaryAction
        self.secondaryAction = secondaryAction
        self.layout = layout
        self.location = location
    }
}

/// A version's layout overrides, on the heap (see `VersionEntry.layout`).
private final class LayoutBox: Sendable {
    let overrides: LayoutOverrides

    init(_ overrides: LayoutOverrides) {
        self.overrides = overrides
    }
}
