/// One feature of a version: an image, a title and a subtitle (WhatsNewKit's `WhatsNew.Feature`).
public struct Feature: Sendable, Hashable {
    // (The stored properties in an order that leaves few gaps, locations in 12 bytes and the rare section boxed:
    // a large manifest has tens of thousands of features, 152 bytes each.)

    /// The id as it is kept: where it is written in its file when it is written as it is, so that the tens of
    /// thousands of ids of a large manifest take no memory of their own (each would be a string on the heap).
    package var idText: KeptText?
    private var storedIDLocation: OptionalLocation
    /// What the change is (Keep a Changelog's group), when given.
    package var kind: FeatureKind?
    package var image: Reference<Image>?
    package var title: LocalizedText
    private var storedLocation: OptionalLocation
    package var subtitle: LocalizedText
    private var sectionBox: BoxedString?
    /// The platforms it applies to; empty means all.
    public var platforms: [String]

    /// The heading of the changelog section it is listed under (`section`, inline Markdown), when given.
    package var section: String? {
        get { sectionBox?.value }
        set { sectionBox = newValue.map(BoxedString.init) }
    }

    /// A stable identifier for anchors and permalinks.
    public var id: String? {
        get { idText?.string }
        set { idText = newValue.map(KeptText.init) }
    }

    package var idLocation: SourceLocation? {
        get { storedIDLocation.value }
        set { storedIDLocation = OptionalLocation(newValue) }
    }

    package var location: SourceLocation? {
        get { storedLocation.value }
        set { storedLocation = OptionalLocation(newValue) }
    }

    package init(id: String? = nil, idLocation: SourceLocation? = nil, image: Reference<Image>? = nil, title: LocalizedText,
                 subtitle: LocalizedText, platforms: [String] = [], kind: FeatureKind? = nil, location: SourceLocation? = nil) {
        self.kind = kind
        self.idText = id.map(KeptText.init)
        self.storedIDLocation = OptionalLocation(idLocation)
        self.image = image
        self.title = title
        self.subtitle = subtitle
        self.platforms = platforms
        self.storedLocation = OptionalLocation(location)
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
