/// The primary action: the button that closes the notes (WhatsNewKit's `PrimaryAction`).
package struct PrimaryAction: Sendable, Hashable {
    package var title: LocalizedText
    package var backgroundColor: ColorValue
    package var foregroundColor: ColorValue
    package var hapticFeedback: HapticFeedback?
    package var location: SourceLocation?

    package init(title: LocalizedText = LocalizedText("Continue"), backgroundColor: ColorValue = ColorValue("accentColor"),
                 foregroundColor: ColorValue = ColorValue("white"), hapticFeedback: HapticFeedback? = nil,
                 location: SourceLocation? = nil) {
        self.title = title
        self.backgroundColor = backgroundColor
        self.foregroundColor = foregroundColor
        self.hapticFeedback = hapticFeedback
        self.location = location
    }

    /// The built-in "Continue" a version gets when neither it nor the defaults name one.
    package static let builtIn = PrimaryAction()

    package static func == (lhs: PrimaryAction, rhs: PrimaryAction) -> Bool {
        lhs.title == rhs.title && lhs.backgroundColor == rhs.backgroundColor && lhs.foregroundColor == rhs.foregroundColor
            && lhs.hapticFeedback == rhs.hapticFeedback
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(title) }
}

/// The secondary action: a link, a second page, a dismissal, or an identifier for the host app.
package struct SecondaryAction: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// Opens an absolute http, https or mailto URL.
        case openURL(String)
        /// Presents a second page of full Markdown.
        case present(title: LocalizedText?, body: LocalizedText)
        case dismiss
        /// Passed through to JSON output for the host app; rendered inert elsewhere.
        case custom(String)
    }

    package var title: LocalizedText
    package var foregroundColor: ColorValue
    package var hapticFeedback: HapticFeedback?
    package var kind: Kind
    package var location: SourceLocation?
    /// Where the URL of an `openURL` action was written.
    package var urlLocation: SourceLocation?
    /// The kinds written beside `kind` in an action with errors (`invalid-action`: more than one kind), kept
    /// so that the rules check their URLs and pages too (see `ManifestDecoder`). Empty in a valid manifest.
    package var otherKinds: [(kind: Kind, urlLocation: SourceLocation?)] = []

    /// `kind` and `otherKinds`, each with where its URL was written.
    var writtenKinds: [(kind: Kind, urlLocation: SourceLocation?)] { [(kind, urlLocation)] + otherKinds }

    package init(title: LocalizedText, foregroundColor: ColorValue = ColorValue("accentColor"), hapticFeedback: HapticFeedback? = nil,
                 kind: Kind, location: SourceLocation? = nil, urlLocation: SourceLocation? = nil) {
        self.title = title
        self.foregroundColor = foregroundColor
        self.hapticFeedback = hapticFeedback
        self.kind = kind
        self.location = location
        self.urlLocation = urlLocation
    }

    package static func == (lhs: SecondaryAction, rhs: SecondaryAction) -> Bool {
        lhs.title == rhs.title && lhs.foregroundColor == rhs.foregroundColor && lhs.hapticFeedback == rhs.hapticFeedback
            && lhs.kind == rhs.kind
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(title) }
}
