/// One feature of a version: an image, a title and a subtitle (WhatsNewKit's `WhatsNew.Feature`).
public struct Feature: Sendable, Hashable {
    /// A stable identifier for anchors and permalinks.
    public var id: String? {
        get { idText?.string }
        set { idText = newValue.map(KeptText.string) }
    }
    /// The id as it is kept: where it is written in its file when it is written as it is, so that the tens of
    /// thousands of ids of a large manifest take no memory of their own (each would be a string on the heap).
    package var idText: KeptText?
    package var idLocation: SourceLocation?
    package var image: Reference<Image>?
    package var title: LocalizedText
    package var subtitle: LocalizedText
    /// The platforms it applies to; empty means all.
    public var platforms: [String]
    /// What the change is (Keep a Changelog's group), when given.
    package var kind: FeatureKind?
    /// The heading of the changelog section it is listed under (`section`, inline Markdown), when given.
    package var section: String?
    package var location: SourceLocation?

    package init(id: String? = nil, idLocation: SourceLocation? = nil, image: Reference<Image>? = nil, title: LocalizedText,
                 subtitle: LocalizedText, platforms: [String] = [], kind: FeatureKind? = nil, location: SourceLocation? = nil) {
        self.kind = kind
        self.idText = id.map(KeptText.string)
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
package struct Title: Sendable, Hashable {
    package var text: LocalizedText
    package var foregroundColor: ColorValue?

    package init(text: LocalizedText, foregroundColor: ColorValue? = nil) {
        self.text = text
        self.foregroundColor = foregroundColor
    }

    /// WhatsNewKit's default title.
    package static let builtIn = Title(text: LocalizedText("What's New"))
}
