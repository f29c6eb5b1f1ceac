/// WhatsNewKit's haptic feedback of an action. Kept in JSON output; the other outputs ignore it.
package enum HapticFeedback: Sendable, Hashable {
    package enum Notification: String, Sendable, Hashable, CaseIterable {
        case success, warning, error
    }

    package enum ImpactStyle: String, Sendable, Hashable, CaseIterable {
        case light, medium, heavy, soft, rigid
    }

    case selection
    case notification(Notification)
    case impact(style: ImpactStyle?, intensity: Double?)
}
