/// A feature-discovery hint a command-line app shows at the right moment (TipKit's `Tip`): its content,
/// the rules that must all hold before it is shown, and how often it may be shown.
///
/// An id with `{{name}}` placeholders makes a reusable tip: `--with name=value` makes one instance of it per
/// value, each with its own status; the placeholders of its texts and rules are filled the same way.
package struct Tip: Sendable, Hashable {
    package var id: String
    package var idLocation: SourceLocation?
    package var title: LocalizedText
    package var message: LocalizedText?
    package var image: Reference<Image>?
    package var actions: [TipAction]
    /// All must hold for the tip to be available.
    package var rules: [TipRule]
    /// Displays (on every device together) after which the tip is invalidated (`displayCountExceeded`).
    package var maxDisplayCount: Int?
    /// Whether the tip may be shown for the first time although `defaults.tipDisplayFrequency` would wait.
    package var ignoresDisplayFrequency: Bool
    package var location: SourceLocation?

    package init(id: String, idLocation: SourceLocation? = nil, title: LocalizedText, message: LocalizedText? = nil,
                 image: Reference<Image>? = nil, actions: [TipAction] = [], rules: [TipRule] = [], maxDisplayCount: Int? = nil,
                 ignoresDisplayFrequency: Bool = false, location: SourceLocation? = nil) {
        self.id = id
        self.idLocation = idLocation
        self.title = title
        self.message = message
        self.image = image
        self.actions = actions
        self.rules = rules
        self.maxDisplayCount = maxDisplayCount
        self.ignoresDisplayFrequency = ignoresDisplayFrequency
        self.location = location
    }

    /// Equality of content, ignoring where it was written.
    package static func == (lhs: Tip, rhs: Tip) -> Bool {
        lhs.id == rhs.id && lhs.title == rhs.title && lhs.message == rhs.message && lhs.image == rhs.image
            && lhs.actions == rhs.actions && lhs.rules == rhs.rules && lhs.maxDisplayCount == rhs.maxDisplayCount
            && lhs.ignoresDisplayFrequency == rhs.ignoresDisplayFrequency
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
    }
}

/// A button of a tip (TipKit's `Tip.Action`): an id the app acts on, a title, and optionally a link.
package struct TipAction: Sendable, Hashable {
    package var id: String
    package var idLocation: SourceLocation?
    package var title: LocalizedText
    package var openURL: String?
    package var urlLocation: SourceLocation?

    package init(id: String, idLocation: SourceLocation? = nil, title: LocalizedText, openURL: String? = nil,
                 urlLocation: SourceLocation? = nil) {
        self.id = id
        self.idLocation = idLocation
        self.title = title
        self.openURL = openURL
        self.urlLocation = urlLocation
    }

    package static func == (lhs: TipAction, rhs: TipAction) -> Bool {
        lhs.id == rhs.id && lhs.title == rhs.title && lhs.openURL == rhs.openURL
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
