/// The three registries a manifest's references point into.
enum Registry: String, Sendable {
    case images, primaryActions, secondaryActions

    /// The registry a key of that name refers into (`image`, `icon`, `primaryAction`, `secondaryAction`).
    init?(referringKey key: String) {
        switch key {
        case "image", "icon": self = .images
        case "primaryAction": self = .primaryActions
        case "secondaryAction": self = .secondaryActions
        default: return nil
        }
    }

    /// "image", "primary action"…
    var noun: String {
        switch self {
        case .images: "image"
        case .primaryActions: "primary action"
        case .secondaryActions: "secondary action"
        }
    }
}
