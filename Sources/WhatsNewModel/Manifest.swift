import SourceText

/// The app the notes belong to.
public struct AppInfo: Sendable, Hashable {
    /// Names the state file of `show`.
    public var id: String?
    public var name: String?
    public var url: String?
    /// Where `url` was written (not part of equality: two fragments may define the same app).
    package var urlLocation: SourceLocation?
    /// The app's icon, which the changelog page shows in its header: a key of `images` or an inline image,
    /// exactly like a feature's image (the reference keeps where it was written). Its alt text defaults to
    /// `name`.
    package var icon: Reference<Image>?
    /// The app's source repository (`https://github.com/owner/name`, or on GitLab): Keep a Changelog's
    /// compare links point into it.
    public var repository: String?
    package var repositoryLocation: SourceLocation?
    /// What a version's tag is its version with in front, for compare links (`v` when not given).
    public var tagPrefix: String?

    package init(id: String? = nil, name: String? = nil, url: String? = nil, urlLocation: SourceLocation? = nil,
                 icon: Reference<Image>? = nil, repository: String? = nil, tagPrefix: String? = nil) {
        self.repository = repository
        self.tagPrefix = tagPrefix
        self.id = id
        self.name = name
        self.url = url
        self.urlLocation = urlLocation
        self.icon = icon
    }

    public static func == (lhs: AppInfo, rhs: AppInfo) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.url == rhs.url && lhs.icon == rhs.icon
            && lhs.repository == rhs.repository && lhs.tagPrefix == rhs.tagPrefix
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(url)
        hasher.combine(icon)
    }
}

/// What every version inherits unless it sets its own.
package struct Defaults: Sendable {
    package var title: Title?
    package var primaryAction: Reference<PrimaryAction>?
    package var secondaryAction: Reference<SecondaryAction>?
    package var locale: String?
    /// What `accentColor` means (blue when not set).
    package var accentColor: ColorValue?
    package var layout: LayoutOverrides?
    /// How often a tip never shown before may be shown (immediate when not set).
    package var tipDisplayFrequency: TipDisplayFrequency?

    package init() {}
}

/// A whole manifest: the app, the defaults, the three registries and the versions, as decoded (references
/// unresolved; `Manifest+Resolution` resolves them).
public struct Manifest: Sendable {
    public var app: AppInfo?
    package var defaults = Defaults()
    package var images = Registry<Image>()
    package var primaryActions = Registry<PrimaryAction>()
    package var secondaryActions = Registry<SecondaryAction>()
    /// `stores`: the store codes locales are written under by `--format fastlane`.
    package var stores = StoreSettings()
    /// In source order; `sortedVersions` gives newest first.
    public var versions: [VersionEntry] = []
    /// The tips (feature-discovery hints) in source order.
    package var tips: [Tip] = []
    /// The tip groups in source order.
    package var tipGroups: [TipGroup] = []
    /// The directory image files are relative to.
    public var baseDirectory: String = "."
    /// The bytes of every input it was read from (manifests, fragments, `--refs` files), which bound what
    /// its outputs may be (see `OutputBudget`).
    public var inputByteCount = 0
    /// The files it was read from: the file table its locations name their files in (`SourceLocation.fileID`),
    /// which keeps them (and so every place a diagnostic may point at) as long as the manifest.
    package var files: [SourceFile] = []

    public init() {}

    /// Every version, newest first by SemVer precedence.
    ///
    /// Versions already written newest first (as changelogs are) are `versions` itself, not a copy: the order a
    /// stable sort would give, without a second array of a long manifest's entries held beside the first.
    public var sortedVersions: [VersionEntry] {
        if versions.indices.dropFirst().allSatisfy({ !(versions[$0 - 1].version < versions[$0].version) }) { return versions }
        return versions.sorted { $0.version > $1.version }
    }
}
