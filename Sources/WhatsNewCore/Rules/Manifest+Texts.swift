extension Manifest {
    /// Calls `body` with every text of the manifest and a phrase that names it in messages ("the title of
    /// version 1.2.0"). The phrase is built only when `body` asks for it: most texts never need one, and a
    /// long manifest has a hundred thousand texts.
    func forEachText(_ body: (_ text: LocalizedText, _ name: () -> String) -> Void) {
        // Actions are few (registry entries and inline actions), so their owners are named up front.
        func visit(_ action: PrimaryAction, of owner: String) { body(action.title) { "the title of \(owner)" } }
        func visit(_ action: SecondaryAction, of owner: String) {
            body(action.title) { "the title of \(owner)" }
            if case .present(let title, let page) = action.kind {
                if let title { body(title) { "the page title of \(owner)" } }
                body(page) { "the page body of \(owner)" }
            }
        }
        if let title = defaults.title?.text { body(title) { "the default title" } }
        if case .inline(let action)? = defaults.primaryAction { visit(action, of: "the default primary action") }
        if case .inline(let action)? = defaults.secondaryAction { visit(action, of: "the default secondary action") }
        for entry in images.entries {
            if let alt = entry.value.alt { body(alt) { "the alt text of image '\(entry.key)'" } }
        }
        for entry in primaryActions.entries { visit(entry.value, of: "primary action '\(entry.key)'") }
        for entry in secondaryActions.entries { visit(entry.value, of: "secondary action '\(entry.key)'") }
        for version in versions {
            func versionName() -> String { "version \(version.versionText)" }
            if let title = version.title?.text { body(title) { "the title of \(versionName())" } }
            for index in version.features.indices {
                func featureName() -> String {
                    let feature = version.features[index]
                    return "feature '\(feature.id ?? feature.title.text(for: defaults.locale))' of \(versionName())"
                }
                body(version.features[index].title) { "the title of \(featureName())" }
                body(version.features[index].subtitle) { "the subtitle of \(featureName())" }
                if case .inline(let image)? = version.features[index].image, let alt = image.alt {
                    body(alt) { "the alt text of the image of \(featureName())" }
                }
            }
            if case .inline(let action)? = version.primaryAction { visit(action, of: "the primary action of \(versionName())") }
            if case .inline(let action)? = version.secondaryAction { visit(action, of: "the secondary action of \(versionName())") }
        }
    }
}
