import WhatsNewModel

/// What `--format whatsnewkit-json` writes, checked (by `OutputChecks.whatsNewKit` in WhatsNewCore) before
/// `WhatsNewKitJSONEmitter` lays it out: the registry keys assigned, the selected versions and features, and each
/// text as its chosen entry's plain text (or, for the registries, its Markdown source).
package struct WhatsNewKitPlan: Sendable {
    /// One selected version's document.
    package struct Document: Sendable, Hashable {
        package let version: String
        package let title: String
        package let features: [Feature]
        package let primaryAction: String
        package let secondaryAction: String

        package init(version: String, title: String, features: [Feature], primaryAction: String, secondaryAction: String) {
            self.version = version
            self.title = title
            self.features = features
            self.primaryAction = primaryAction
            self.secondaryAction = secondaryAction
        }
    }

    /// A feature of a document: its image's key and its texts.
    package struct Feature: Sendable, Hashable {
        package let image: String
        package let title: String
        package let subtitle: String

        package init(image: String, title: String, subtitle: String) {
            self.image = image
            self.title = title
            self.subtitle = subtitle
        }
    }

    /// A value `--refs-out` registers, with its texts in the selected locale (their Markdown source).
    package enum Value: Sendable {
        /// An image; `file` is its file's path relative to the refs file, for a file image.
        case image(Image, file: String?, alt: String?)
        case primaryAction(PrimaryAction, title: String)
        /// A secondary action; `present` holds the texts of a `present` action's page.
        case secondaryAction(SecondaryAction, title: String, present: PresentTexts?)
    }

    /// The texts of a `present` action's page.
    package struct PresentTexts: Sendable, Hashable {
        package let title: String?
        package let body: String

        package init(title: String?, body: String) {
            self.title = title
            self.body = body
        }
    }

    /// The documents, one per selected version, newest first.
    package var documents: [Document] = []
    /// What `--refs-out` registers, each key once, in the order first referred to; empty when it is not written.
    package var registrations: [(key: String, value: Value)] = []
    /// A comment for the keys whatsnew made up for WhatsNewKit (`noImage`, `continue`), written above them in YAML.
    package var comments: [String: String] = [:]

    package init() {}
}
