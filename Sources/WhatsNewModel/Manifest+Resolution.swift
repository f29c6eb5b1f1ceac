extension Manifest {
    /// The image a reference names, or the inline image.
    package func resolve(_ reference: Reference<Image>?) -> Image? {
        switch reference {
        case .key(let key, _)?: return images[key]
        case .inline(let image)?: return image
        case nil: return nil
        }
    }

    /// The primary action of a version: its own, else the default, else the built-in "Continue".
    package func primaryAction(for version: VersionEntry) -> PrimaryAction {
        switch version.primaryAction ?? defaults.primaryAction {
        case .key(let key, _)?: return primaryActions[key] ?? .builtIn
        case .inline(let action)?: return action
        case nil: return .builtIn
        }
    }

    /// The secondary action of a version: its own, else the default, else none.
    package func secondaryAction(for version: VersionEntry) -> SecondaryAction? {
        switch version.secondaryAction ?? defaults.secondaryAction {
        case .key(let key, _)?: return secondaryActions[key]
        case .inline(let action)?: return action
        case nil: return nil
        }
    }

    /// The title of a version: its own, else the default, else "What's New".
    package func title(for version: VersionEntry) -> Title {
        version.title ?? defaults.title ?? .builtIn
    }

    /// The layout of a version: version → defaults → WhatsNewKit's built-in values, key by key.
    package func layout(for version: VersionEntry) -> Layout {
        var layout = Layout.default
        if let overrides = defaults.layout { layout = layout.applying(overrides) }
        if let overrides = version.layout { layout = layout.applying(overrides) }
        return layout
    }

    /// The version equal to `version` (by precedence), if the manifest has it.
    public func entry(for version: SemanticVersion) -> VersionEntry? {
        versions.first { $0.version == version }
    }
}
