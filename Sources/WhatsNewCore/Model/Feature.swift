/// One feature of a version: an image, a title and a subtitle (WhatsNewKit's `WhatsNew.Feature`).
public struct Feature: Sendable, Hashable {
    /// A stable identifier for anchors and permalinks.
    public var id: String?
    public var idLocation: SourceLocation?
    public var image: Reference<Image>?
    public var title: LocalizedText
    public var subtitle: LocalizedText
    /// The platforms it applies to; empty means all.
    public var platforms: [String]
    /// What the change is (Keep a Changelog's group), when given.
    public var kind: FeatureKind?
    /// The heading of the changelog section it is listed under (`section`, inline Markdown), when given.
    public var section: String?
    public var location: SourceLocation?

    public init(id: String? = nil, idLocation: SourceLocation? = nil, image: Reference<Image>? = nil, title: LocalizedText,
                subtitle: LocalizedText, platforms: [String] = [], kind: FeatureKind? = nil, location: SourceLocation? = nil) {
        self.kind = kind
        self.id = id
        self.idLocation = idLocation
        self.image = image
        self.title = title
        self.subtitle = subtitle
        self.platforms = platforms
        self.location = location
    }

    /// Equality of content, ignoring where it was written.
    public static func == (lhs: Feature, rhs: Feature) -> Bool {
        lhs.id == rhs.id && lhs.image == rhs.image && lhs.title == rhs.title && lhs.subtitle == rhs.subtitle
            && lhs.platforms == rhs.platforms && lhs.kind == rhs.kind && lhs.section == rhs.section
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(subtitle)
    }
}

/// A version's title: text, optionally with a color.
public struct Title: Sendable, Hashable {
    public var text: LocalizedText
    public var foregroundColor: ColorValue?

    public init(text: LocalizedText, foregroundColor: ColorValue? = nil) {
        self.text = text
        self.foregroundColor = foregroundColor
    }

    /// WhatsNewKit's default title.
    public static let builtIn = Title(text: LocalizedText("What's New"))
}
