/// The Markdown footers of secondary actions (`MarkdownEmitter.secondary`), by action, for one thread of one
/// emitter run. A registry's action closes many versions, and its `present` page, a `<details>` block of
/// rendered Markdown, cost about a twentieth of writing a manifest's Markdown when each version rendered it
/// again. Like `MarkdownTextCache`, it holds at most `capacity` footers and starts over when full.
final class MarkdownFooterCache {
    static let capacity = 1024

    private var footers: [ReleaseNotes.SecondaryAction: String?] = [:]

    /// The footer of `action`, rendered by `render` the first time it is asked for.
    func footer(for action: ReleaseNotes.SecondaryAction, render: () -> String?) -> String? {
        if let known = footers[action] { return known }
        let footer = render()
        if footers.count >= Self.capacity { footers.removeAll(keepingCapacity: true) }
        footers[action] = footer
        return footer
    }
}
