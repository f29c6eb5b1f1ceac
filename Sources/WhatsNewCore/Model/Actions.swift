/// The primary action: the button that closes the notes (WhatsNewKit's `PrimaryAction`).
public struct PrimaryAction: Sendable, Hashable {
    public var title: LocalizedText
    public var backgroundColor: ColorValue
    public var foregroundColor: ColorValue
    public var hapticFeedback: HapticFeedback?
    public var location: SourceLocation?

    public init(title: LocalizedText = LocalizedText("Continue"), backgroundColor: ColorValue = ColorValue("accentColor"),
                foregroundColor: ColorValue = ColorValue("white"), hapticFeedback: HapticFeedback? = nil,
                location: SourceLocation? = nil) {
        self.title = title
        self.backgroundColor = backgroundColor
        self.foregroundColor = foregroundColor
        self.hapticFeedback = hapticFeedback
        self.location = location
    }

    /// The built-in "Continue" a version gets when neither it nor the defaults name one.
    public static let builtIn = PrimaryAction()

    public static func == (lhs: PrimaryAction, rhs: PrimaryAction) -> Bool {
        lhs.title == rhs.title && lhs.backgroundColor == rhs.backgroundColor && lhs.foregroundColor == rhs.foregroundColor
            && lhs.hapticFeedback == rhs.hapticFeedback
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(title) }
}

/// The secondary action: a link, a second page, a dismissal, or an identifier for the host app.
public struct SecondaryAction: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Opens an absolute http, https or mailto URL.
        case openURL(String)
        /// Presents a second page of full Markdown.
        case present(title: LocalizedText?, body: LocalizedText)
        case dismiss
        /// Passed through to JSON output for the host app; rendered inert elsewhere.
        case custom(String)
    }

    public var title: LocalizedText
    public var foregroundColor: ColorValue
    public var hapticFeedback: HapticFeedback?
    public var kind: Kind
    public var location: SourceLocation?
    /// Where the URL of an `openURL` action was written.
    public var urlLocation: SourceLocation?
    /// The kinds written beside `kind` in an action with errors (`invalid-action`: more than one kind), kept
    /// so that the rules check their URLs and pages too (see `ManifestDecoder`). Empty in a valid manifest.
    public var otherKinds: [(kind: Kind, urlLocation: SourceLocation?)] = []

    /// `kind` and `otherKinds`, each with where its URL was written.
    var writtenKinds: [(kind: Kind, urlLocation: SourceLocation?)] { [(kind, urlLocation)] + otherKinds }

    public init(title: LocalizedText, foregroundColor: ColorValue = ColorValue("accentColor"), hapticFeedback: HapticFeedback? = nil,
                kind: Kind, location: SourceLocation? = nil, urlLocation: SourceLocation? = nil) {
        self.title = title
        self.foregroundColor = foregroundColor
        self.hapticFeedback = hapticFeedback
        self.kind = kind
        self.location = location
        self.urlLocation = urlLocation
    }

    public static func == (lhs: SecondaryAction, rhs: SecondaryAction) -> Bool {
        lhs.title == rhs.title && lhs.foregroundColor == rhs.foregroundColor && lhs.hapticFeedback == rhs.hapticFeedback
            && lhs.kind == rhs.kind
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(title) }
}
